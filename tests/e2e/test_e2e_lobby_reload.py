"""W-5 through a reload: the watchdog heals a broken page by reloading
it (a new session of the same seat), and a host may reload too. A word
list being written is kept for the seat (`lobby/custom_words.py`), so the
reloaded lobby opens "Our own words" again with the list and its check;
the browser alone could not put the text back into a closed section. A
box the host emptied stays empty."""

from __future__ import annotations

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import UI_TIMEOUT_MS, Player, create_room
from playwright.sync_api import expect


def test_W5_a_list_being_written_and_its_check_survive_a_reload(
    app_server: AppServer, new_page: PageFactory
) -> None:
    host = Player("Al", new_page())
    create_room(host, app_server.url)
    page = host.page
    page.get_by_text("Our own words").click()
    area = page.get_by_label("Your words: one per line, or separated by commas")
    area.fill("apple, apple, pear2")
    area.press("Control+Enter")
    check = page.get_by_test_id("stAlertContainer").filter(has_text="'apple'")
    expect(check).to_be_visible(timeout=UI_TIMEOUT_MS)

    page.reload()
    wait_for_app(page)
    expect(check).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(area).to_have_value("apple, apple, pear2")

    area.fill("")
    area.press("Control+Enter")
    expect(check).to_have_count(0, timeout=UI_TIMEOUT_MS)
    page.reload()
    wait_for_app(page)
    page.get_by_text("Our own words").click()
    expect(area).to_have_value("", timeout=UI_TIMEOUT_MS)

"""W-5 under a hostile paste: a host pastes 10 MB into the own-words box
while another room on the same server goes on. The box does not take it,
the host can see why, and the other room's page keeps following
its room at the usual pace (every session of a server shares one Python
lock, so a paste parsed in full would have stalled it). The browser
drops a paste longer than the box takes; the page says where the limit is."""

from __future__ import annotations

import time

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import UI_TIMEOUT_MS, Player, create_room
from playwright.sync_api import expect

from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

REFRESH_LIMIT_S = 5.0
"""A change shows on the other pages "within about a second"; room for a
busy two-core machine."""
PASTE = "river, " * 1_500_000
WORDS = ", ".join(f"word{chr(97 + n // 5)}{chr(97 + n % 5)}" for n in range(25))


def test_W5_a_ten_megabyte_paste_stalls_no_other_room(
    app_server: AppServer, new_page: PageFactory
) -> None:
    other = Player("Bo", new_page())
    other_code = create_room(other, app_server.url)
    paster = Player("Al", new_page())
    create_room(paster, app_server.url)
    page = paster.page
    page.get_by_text("Our own words").click()
    area = page.get_by_label("Your words: one per line, or separated by commas")
    # A real paste, through the clipboard (fill() would set the value past
    # the box's own length limit, which no keyboard or menu paste does).
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("text => navigator.clipboard.writeText(text)", PASTE)
    area.click()
    area.press("Control+V")
    area.press("Control+Enter")

    service = RoomService(Store(app_server.db_path))
    for count, name in enumerate(("Ben", "Cy", "Dee"), start=2):
        joined = time.monotonic()
        service.join(other_code, name)
        expect(other.page.get_by_text(f"Players ({count} of 10)")).to_be_visible(
            timeout=REFRESH_LIMIT_S * 1000
        )
        assert time.monotonic() - joined < REFRESH_LIMIT_S

    # The box did not take the paste, and says why; it still takes a list.
    wait_for_app(page)
    assert area.input_value() == ""
    expect(page.get_by_text("a longer paste is not taken")).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.evaluate("text => navigator.clipboard.writeText(text)", WORDS)
    area.click()
    area.press("Control+V")
    area.press("Control+Enter")
    expect(page.get_by_text("25 words ready")).to_be_visible(timeout=UI_TIMEOUT_MS)

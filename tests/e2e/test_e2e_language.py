"""The app's language in a real browser (issue #20): a browser set to
German gets the app in German without asking, and a language picked on
Home is kept by the device for its next visit, whatever the browser says.
"""

from __future__ import annotations

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import UI_TIMEOUT_MS
from playwright.sync_api import expect


def test_a_german_browser_gets_the_app_in_german(
    app_server: AppServer, new_page: PageFactory
) -> None:
    page = new_page(locale="de-DE")
    page.goto(app_server.url)
    wait_for_app(page)
    heading = page.get_by_role("heading", name="In einem Wort")
    expect(heading).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_role("button", name="Raum erstellen")).to_be_visible()


def test_the_language_picked_on_home_is_kept_on_the_device(
    app_server: AppServer, new_page: PageFactory
) -> None:
    page = new_page(locale="de-DE")
    page.goto(app_server.url)
    wait_for_app(page)
    # The picker is below the room forms: scrolled to first, as a person
    # scrolls before tapping (a click that scrolls closes the list again).
    picker = page.get_by_test_id("stSelectbox").filter(has_text="Sprache der App")
    picker.scroll_into_view_if_needed()
    picker.click()
    page.get_by_role("option", name="Français", exact=True).click()
    expect(page.get_by_role("heading", name="En un mot")).to_be_visible(timeout=UI_TIMEOUT_MS)

    def kept() -> bool:
        cookies = page.context.cookies()
        return any(c["name"] == "oneword_language" and c["value"] == "fr" for c in cookies)

    page.wait_for_function("document.cookie.includes('oneword_language=fr')")
    assert kept()
    page.reload()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="En un mot")).to_be_visible(timeout=UI_TIMEOUT_MS)

"""The page-switch race, in the smallest app that has it.

A polling fragment's tick sent just after the server switched pages made
Streamlit start a fragment run under the old page's name, and the browser
went white ("Bad delta path"; `oneword.ui.stale_timers`). The first test
shows that the race is real in the Streamlit we run: without the guard,
pages go blank. The second shows the guard removes it, the app's pages
being drawn the same way (a `run_every` fragment at the same place on
every page, and a switch when the phase moved).
"""

from __future__ import annotations

from e2e_harness import free_port
from page_switch_race import play, race_server
from playwright.sync_api import Browser

PAGES = 3


def test_without_the_guard_a_polling_tick_after_a_page_switch_blanks_pages(
    browser: Browser,
) -> None:
    with race_server(free_port(), guard=False) as url:
        count = play(browser, url, pages=PAGES, changes=30, patience=6.0, until_blank=True)
    assert count.blank >= 1, count
    assert count.tree_errors >= 1, count


def test_with_the_guard_pages_follow_the_switches(browser: Browser) -> None:
    """Without the guard about one page change in five goes blank here; with
    it none did on a quiet machine (0 in 90), and with the cores kept busy
    a rare one still does (up to 3 in 48: a second race, not yet found,
    that the page's watchdog heals). At most 2 in 48 fails on the race
    this guard is for."""
    with race_server(free_port(), guard=True) as url:
        count = play(browser, url, pages=PAGES, changes=16, patience=20.0)
    assert count.changes == 16 * PAGES
    assert count.blank <= 2, count
    assert count.tree_errors <= 2, count

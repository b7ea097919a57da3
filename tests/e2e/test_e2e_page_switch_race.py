"""The page-switch race, in the smallest app that has it.

A polling fragment's tick sent just after the server switched pages made
Streamlit start a fragment run under the old page's name, and the browser
went white ("Bad delta path"; `oneword.ui.app.stale_timers`). This test
shows that the race is real in the Streamlit we run, so the guard is
still needed: without it, pages go blank on a busy server (the test keeps
the processor busy itself, so that it does not depend on what else runs).
How much the guard removes is measured, not asserted, by
`benchmarks/bench_page_switch_race.py` (on a machine loaded as this suite
loads it, a rare blank page remains, which the page's watchdog heals);
the guard's rules are tested in `tests/ui/test_stale_timers.py`.
"""

from __future__ import annotations

from cpu_burner import cpu_burners
from e2e_harness import free_port
from page_switch_race import play, race_server
from playwright.sync_api import Browser

PAGES = 3
CHANGES = 90
"""Changes at most; the play stops at the first blank page."""
BURNERS = 4
"""Busy loops while it plays: the race needs a server slow to answer, as a
loaded one is (on a quiet machine it may not show in hundreds of
changes)."""


def test_without_the_guard_a_polling_tick_after_a_page_switch_blanks_pages(
    browser: Browser,
) -> None:
    with race_server(free_port(), guard=False) as url, cpu_burners(BURNERS, seconds=180):
        count = play(browser, url, pages=PAGES, changes=CHANGES, patience=6.0, until_blank=True)
    assert count.blank >= 1, count
    assert count.tree_errors >= 1, count

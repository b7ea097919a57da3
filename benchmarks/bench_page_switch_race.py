"""How often does a page switch leave a page blank, with and without the guard?

    python benchmarks/bench_page_switch_race.py [--pages 3] [--changes 30] [--burners 0]

Runs the smallest app with the race (`benchmarks/page_switch_race/`: two
pages, a 0.25 s polling fragment at the same place on both, a switch when
a shared phase moves) once without and once with In One Word's guard
against stale timer reruns (`oneword.ui.app.stale_timers`). One page taps the
button that moves the phase; every page must then show the other page.
Prints, for each run, the page changes, the pages left blank, the pages
still on the old page after 20 s, the "Bad delta path" errors the browsers
logged, and the time from the tap to a page showing the change. It prints
figures and fails nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from cpu_burner import cpu_burners
from e2e_harness import CHROMIUM, CHROMIUM_ARGS, free_port
from page_switch_race import RaceCount, play, race_server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--changes", type=int, default=30)
    parser.add_argument("--burners", type=int, default=0, help="busy processes meanwhile")
    args = parser.parse_args()
    with sync_playwright() as playwright, cpu_burners(args.burners, seconds=1800):
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        for guard in (False, True):
            with race_server(free_port(), guard=guard) as url:
                count = play(browser, url, pages=args.pages, changes=args.changes, patience=20.0)
            report("with the guard" if guard else "without the guard", count)
        browser.close()


def report(label: str, count: RaceCount) -> None:
    times = sorted(count.follow_seconds)
    p50 = statistics.median(times) if times else float("nan")
    p95 = times[int(0.95 * (len(times) - 1))] if times else float("nan")
    print(
        f"{label:18} changes {count.changes:4}  blank {count.blank:3}  stuck {count.stuck:3}"
        f"  tree errors {count.tree_errors:3}  follow p50 {p50:.2f} s  p95 {p95:.2f} s"
    )


if __name__ == "__main__":
    main()

"""Drive the smallest app that shows the page-switch race
(`benchmarks/page_switch_race/`) and count the pages it breaks.

A few pages open the app; one of them taps the button that moves the
shared phase, and every page must then show the other page's last line,
and nothing of the old page, within `patience` seconds. A page that does
not is counted (blank: no app or an empty main area; stuck: still the old
page) and reloaded, so every change starts from pages that work. Used by
`tests/e2e/test_e2e_page_switch_race.py` and
`benchmarks/bench_page_switch_race.py`.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from e2e_harness import health
from playwright.sync_api import Browser, ConsoleMessage, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "benchmarks" / "page_switch_race"
LAST_LINE = 29  # shared.LINES - 1
PHONE = {"width": 390, "height": 844}
_SHOWN = """() => {
    const app = document.querySelector('[data-testid="stApp"]');
    const main = document.querySelector('[data-testid="stMainBlockContainer"]');
    return {app: !!app, text: main ? main.innerText : ''};
}"""


@dataclass
class RaceCount:
    """What the pages showed after each change."""

    changes: int = 0
    blank: int = 0
    stuck: int = 0
    tree_errors: int = 0
    follow_seconds: list[float] = field(default_factory=list)

    @property
    def failed(self) -> int:
        return self.blank + self.stuck


@contextmanager
def race_server(port: int, *, guard: bool, poll: float = 0.25) -> Iterator[str]:
    """`streamlit run` the race app, with or without the guard, its pages
    polling every `poll` seconds."""
    env = {**os.environ, "RACE_GUARD": "1" if guard else "0", "RACE_POLL": str(poll)}
    env["PYTHONPATH"] = str(REPO)
    command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py"]
    command += [f"--server.port={port}", "--server.address=127.0.0.1"]
    command += ["--server.headless=true", "--server.fileWatcherType=none"]
    command += ["--browser.gatherUsageStats=false"]
    process = subprocess.Popen(
        command,
        cwd=APP,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)


def _wait_healthy(url: str) -> None:
    deadline = time.monotonic() + 60
    while health(url) != "ok":
        if time.monotonic() > deadline:
            raise RuntimeError("the race app did not start")
        time.sleep(0.2)


def play(
    browser: Browser,
    url: str,
    *,
    pages: int,
    changes: int,
    patience: float,
    until_blank: bool = False,
) -> RaceCount:
    """Open `pages` pages and move the phase `changes` times (or, with
    `until_blank`, until a change leaves a page blank)."""
    count = RaceCount()
    errors: list[str] = []
    opened = [_open(browser, url, errors) for _ in range(pages)]
    try:
        for change in range(changes):
            old, new = ("a", "b") if change % 2 == 0 else ("b", "a")
            before = len(errors)
            _tap(opened[0], f"go from {old}", patience)
            tapped = time.monotonic()
            for page in opened:
                _follow(page, old, new, tapped, patience, count)
            count.changes += len(opened)
            count.tree_errors += sum("delta path" in text for text in errors[before:])
            if until_blank and count.blank:
                break
    finally:
        for page in opened:
            page.context.close()
    return count


def _tap(page: Page, name: str, patience: float) -> None:
    """Tap the button `name`; a page that broke since it last showed the
    button (a late tick can still blank it) is reloaded first."""
    button = page.get_by_role("button", name=name)
    try:
        button.wait_for(timeout=patience * 1000)
    except PlaywrightTimeoutError:
        page.reload()
    button.click(timeout=60_000)


def _open(browser: Browser, url: str, errors: list[str]) -> Page:
    page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]

    def note(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", note)
    page.goto(url)
    page.wait_for_function(_shows(("a", "b")), timeout=60_000)
    return page


def _shows(names: tuple[str, ...]) -> str:
    wanted = " || ".join(f"text.includes('page {name} line {LAST_LINE}')" for name in names)
    return f"() => {{ const text = document.body.innerText; return {wanted}; }}"


def _follow(
    page: Page, old: str, new: str, tapped: float, patience: float, count: RaceCount
) -> None:
    """Wait for `page` to show `new` and nothing of `old`; count it if not."""
    while time.monotonic() - tapped < patience:
        shown = page.evaluate(_SHOWN)
        text = shown["text"]
        if f"page {new} line {LAST_LINE}" in text and f"page {old} line" not in text:
            count.follow_seconds.append(time.monotonic() - tapped)
            return
        time.sleep(0.05)
    shown = page.evaluate(_SHOWN)
    if not shown["app"] or "line" not in shown["text"]:
        count.blank += 1
    else:
        count.stuck += 1
    page.reload()
    page.wait_for_function(_shows((new,)), timeout=60_000)

"""Fixtures for the end-to-end tests: a real Streamlit server and Debian's Chromium.

- ``app_server``: one ``streamlit run`` per test session, on a free loopback
  port, with ``ONEWORD_DB`` pointing at a fresh temporary SQLite path.
- ``browser``: one headless Chromium per session (``/usr/bin/chromium``;
  Playwright's own browser download does not work here, never run
  ``playwright install``).
- ``new_page``: a factory; each call opens a fresh browser context (its own
  cookies and storage, so one player) and returns its page.

Every test in this folder gets the ``e2e`` marker, so ``pytest -m "not e2e"``
skips them. When a test fails, a screenshot of each page it opened is saved
in ``tests/e2e/artifacts/``; with ``ONEWORD_E2E_SCREENSHOTS=1`` in the
environment, also when it passes (for looking at a run).
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    AppServer,
    PageFactory,
    device_address,
    save_screenshot,
    start_app_server,
    stop_app_server,
)
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

E2E_DIR = Path(__file__).resolve().parent
_DEVICES = itertools.count(1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under ``tests/e2e`` with ``e2e`` (this hook sees all items)."""
    for item in items:
        if item.path.resolve().is_relative_to(E2E_DIR):
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Remember each phase's report on the item, so fixtures can see a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """A healthy ``streamlit run streamlit_app.py`` server, stopped at the end of the session."""
    base = tmp_path_factory.mktemp("app_server")
    server = start_app_server(db_path=base / "oneword.sqlite3", log_dir=base / "logs")
    try:
        yield server
    finally:
        stop_app_server(server)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium driven by Playwright's sync API."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's Chromium (apt-get install -y chromium). "
            "Playwright's bundled browsers are not used by these tests.",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[PageFactory]:
    """Return a factory of pages, each in its own browser context (one player each).

    ``new_page()`` is a 1280x900 desktop; ``new_page(PHONE)`` is 390x844.
    Extra keyword arguments go to ``browser.new_context`` (e.g. ``has_touch=True``).
    """
    contexts: list[BrowserContext] = []
    pages: list[Page] = []

    def make(viewport: ViewportSize = DESKTOP, **context_options: Any) -> Page:
        context_options.setdefault("extra_http_headers", device_address(next(_DEVICES)))
        context = browser.new_context(viewport=viewport, **context_options)
        contexts.append(context)
        page = context.new_page()
        pages.append(page)
        return page

    yield make

    report = getattr(request.node, "report_call", None)
    failed = report is not None and report.failed
    if failed or os.environ.get("ONEWORD_E2E_SCREENSHOTS") == "1":
        outcome = "failed" if failed else "end"
        for number, page in enumerate(pages, start=1):
            if not page.is_closed():
                save_screenshot(page, f"{request.node.name}-{outcome}-{number}")
                if failed:
                    print(f"page {number}: {page.url}; {_watchdog_reload(page)}")
    for context in contexts:
        context.close()


def _watchdog_reload(page: Page) -> str:
    """The watchdog's last reload of `page`, if any: a failed test's
    output says whether the page was reloaded under it."""
    try:
        why, at = page.evaluate(
            "() => [sessionStorage.getItem('ow-reloaded-why'),"
            " Number(sessionStorage.getItem('ow-reloaded-at') || 0)]"
        )
    except Exception as problem:  # a closed or navigating page
        return f"watchdog state unknown ({type(problem).__name__})"
    if not why:
        return "no watchdog reload"
    return f"watchdog reloaded it ({why}) {time.time() - at / 1000:.1f} s before the end"

"""Helpers shared by the Jupyter tests (import them from here, not from
``conftest``, which pytest may load under the same name more than once)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import pytest
from e2e_harness import CHROMIUM, CHROMIUM_ARGS, DESKTOP, save_screenshot
from playwright.sync_api import Page, sync_playwright

T = TypeVar("T")

BASE_URL = "/jh/"
"""The Jupyter server's base url in these tests: not the root, like
JupyterHub's /user/<name>/, to prove the app works behind a URL prefix."""


@dataclass(frozen=True)
class JupyterServer:
    """A running ``jupyter server``: its root URL (with the base url) and logs."""

    url: str
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path


def jupyter_env(home: Path) -> dict[str, str]:
    """The environment for a Jupyter server or kernel: its config, data and
    runtime files and the rooms file inside ``home``, never the user's own,
    and not inside a JupyterHub."""
    env = {k: v for k, v in os.environ.items() if k != "JUPYTERHUB_SERVICE_PREFIX"}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR"):
        folder = home / name.lower()
        folder.mkdir(exist_ok=True)
        env[name] = str(folder)
    env["ONEWORD_DB"] = str(home / "rooms.sqlite3")
    return env


def in_own_thread(work: Callable[[], T]) -> T:
    """Run ``work`` in a fresh thread and return its result (or raise its error).

    The browser tests in ``tests/e2e`` keep a sync Playwright running in the
    main thread for the whole session, and while it runs, neither another
    sync Playwright nor ``asyncio.run`` can start in that thread.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(work).result()


def on_new_page(name: str, check: Callable[[Page], None], timeout_ms: float) -> None:
    """Run ``check`` on a page of headless Debian Chromium, in its own
    thread; on failure a screenshot ``<name>-failed.png`` is saved."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium", pytrace=False)

    def run() -> None:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
            )
            try:
                page = browser.new_page(viewport=DESKTOP)
                page.set_default_timeout(timeout_ms)
                try:
                    check(page)
                except BaseException:
                    save_screenshot(page, f"{name}-failed")
                    raise
            finally:
                browser.close()

    in_own_thread(run)

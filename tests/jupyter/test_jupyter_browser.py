"""The app runs behind a real Jupyter server's URL prefix (H-3), in Chromium.

The server's base url is ``/jh/``, like JupyterHub's ``/user/<name>/``.
Getting past "connecting" proves that HTTP and Streamlit's WebSocket pass
through jupyter-server-proxy; creating a room proves that the pages work
under the prefix.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_harness import save_screenshot, wait_for_app
from jupyter_helpers import BASE_URL, JupyterServer, on_new_page
from playwright.sync_api import Page, expect

from oneword import notebook

pytestmark = pytest.mark.e2e

PAGE_TIMEOUT_MS = 60_000
"""The first request starts Streamlit behind the proxy, which can take a while."""


def test_launcher_app_creates_a_room_behind_the_prefix(jupyter_server: JupyterServer) -> None:
    def check(page: Page) -> None:
        page.goto(jupyter_server.url + "oneword/")
        wait_for_app(page, timeout_ms=PAGE_TIMEOUT_MS)
        form = page.get_by_test_id("stForm").filter(
            has=page.get_by_role("button", name="Create room")
        )
        form.get_by_label("Your name").fill("Ana")
        form.get_by_role("button", name="Create room").click()
        wait_for_app(page, timeout_ms=PAGE_TIMEOUT_MS)
        title = page.get_by_role("heading", name=re.compile(r"^Room [A-Z0-9]{4,}$"))
        expect(title).to_be_visible()
        assert page.url.startswith(jupyter_server.url + "oneword/")
        save_screenshot(page, "jupyter-proxy-lobby")

    on_new_page("jupyter-proxy-lobby", check, PAGE_TIMEOUT_MS)


def test_launch_link_works_through_the_server_proxy(
    jupyter_server: JupyterServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONEWORD_DB", str(tmp_path / "rooms.sqlite3"))
    app = notebook.launch(proxy_prefix=BASE_URL)
    try:
        assert app.link == f"{BASE_URL}proxy/{app.port}/"
        assert notebook.launch(proxy_prefix=BASE_URL) is app, "a second launch reuses the app"

        def check(page: Page) -> None:
            page.goto(f"http://127.0.0.1:{jupyter_server.port}{app.link}")
            wait_for_app(page, timeout_ms=PAGE_TIMEOUT_MS)
            expect(page.get_by_role("heading", name="In One Word")).to_be_visible()

        on_new_page("jupyter-launch-link", check, PAGE_TIMEOUT_MS)
    finally:
        app.stop()
    assert app.process is not None and app.process.poll() is not None

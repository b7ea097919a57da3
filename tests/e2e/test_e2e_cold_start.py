"""The router owns every URL from a server's first request.

Streamlit runs a script folder named `pages/` beside the entry point on its
own (its older multipage mode) until `st.navigation` has run once in the
process. A deep link opened first on a fresh server must still go through
the router: no page menu, the wide layout, the router's safety net, and a
stale seat lands on Home with a message a player can read.

This test starts its own server: the shared one has already served `/`.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_harness import AppServer, PageFactory, start_app_server, stop_app_server, wait_for_app
from playwright.sync_api import expect

UNKNOWN_ROOM = "CDFGH"
WIDE_LAYOUT_MIN_PX = 900
"""Streamlit's centred layout is at most 736 px wide; the app asks for wide."""


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[AppServer]:
    server = start_app_server(db_path=tmp_path / "oneword.sqlite3", log_dir=tmp_path / "logs")
    try:
        yield server
    finally:
        stop_app_server(server)


def test_a_deep_link_first_on_a_fresh_server_goes_through_the_router(
    fresh_server: AppServer, new_page: PageFactory
) -> None:
    page = new_page()
    page.goto(f"{fresh_server.url}/board?room={UNKNOWN_ROOM}&token=bad")
    wait_for_app(page)

    expect(page.get_by_role("heading", name="In One Word")).to_be_visible()
    expect(page.get_by_text(f"No room with code {UNKNOWN_ROOM}")).to_be_visible()
    expect(page.locator('[data-testid="stSidebarNav"]')).to_have_count(0)
    expect(page.get_by_text("Traceback")).to_have_count(0)
    main = page.locator('[data-testid="stMainBlockContainer"]')
    box = main.bounding_box()
    assert box is not None and box["width"] > WIDE_LAYOUT_MIN_PX
    assert "token" not in page.url

"""Seats in cookies, and no Referer (L-3, docs/design.md, "Identity and safety").

A seat is its token. The page's URL shows only the room: a host's lobby on
the projector shows no token, in the address bar or anywhere in the page's
HTML. The browser keeps the token in a cookie, so a reload and a reopened
join link find the seat again, and an old link that carries the token
moves it into the cookie. The token reaches the page only when its player
asks for the link that takes the seat to another device.

A request the page makes to another site (an image, a link) carries no
Referer: a local server records what the browser sends.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    create_room,
    expect_on,
    join_room,
    token_of,
    wait_until,
)
from playwright.sync_api import Page, expect


def expect_no_token(page: Page, token: str) -> None:
    wait_for_app(page)
    assert "token" not in page.url and token not in page.url, page.url
    assert token not in page.content(), "the page's HTML holds the seat's token"


def test_L3_the_token_stays_out_of_the_url_and_the_page(
    app_server: AppServer, new_page: PageFactory
) -> None:
    host = Player("Ana", new_page())
    code = create_room(host, app_server.url)
    token = token_of(host.page)
    referee = Referee(app_server.db_path, code)
    me = referee.member_id(host.page)
    expect_no_token(host.page, token)

    host.page.reload()
    expect(host.page.get_by_text("Code:")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect_no_token(host.page, token)

    # The link for another device: drawn when asked, and it is the seat.
    host.page.get_by_text("Play on another device").click()
    link = host.page.get_by_test_id("stCode").filter(has_text="token=")
    expect(link).to_be_visible(timeout=UI_TIMEOUT_MS)
    url = link.inner_text().strip()
    assert token in url
    host.page.get_by_text("Play on another device").click()
    expect(link).to_have_count(0, timeout=UI_TIMEOUT_MS)
    expect_no_token(host.page, token)

    phone = new_page()
    phone.goto(url)
    expect_on(phone, "lobby")
    expect(phone.get_by_text("Code:")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect_no_token(phone, token)
    assert token_of(phone) == token
    assert referee.member_id(phone) == me
    phone.reload()
    expect(phone.get_by_text("Code:")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert referee.member_id(phone) == me


def test_L3_the_join_link_opened_again_goes_back_to_the_seat(
    app_server: AppServer, new_page: PageFactory
) -> None:
    host = Player("Ana", new_page())
    guest = Player("Ben", new_page())
    code = create_room(host, app_server.url)
    join_room(guest, app_server.url, code)
    token = token_of(guest.page)
    referee = Referee(app_server.db_path, code)

    guest.page.goto(f"{app_server.url}/?join={code}")
    expect_on(guest.page, "lobby")
    expect(guest.page.get_by_text("Ben ← you")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert token_of(guest.page) == token
    assert [m.name for m in referee.room().members] == ["Ana", "Ben"]
    assert all(m.connected for m in referee.room().members)


class _Recorder(BaseHTTPRequestHandler):
    seen: dict[str, str | None]

    def do_GET(self) -> None:
        self.seen[self.path] = self.headers.get("Referer")
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def outside_site() -> Iterator[tuple[str, dict[str, str | None]]]:
    """Another site (another port): the paths asked of it, with their Referer."""
    seen: dict[str, str | None] = {}
    handler = type("Recorder", (_Recorder,), {"seen": seen})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", seen
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("where", ["lobby", "home"])
def test_an_image_from_another_site_is_asked_for_without_a_referer(
    app_server: AppServer,
    new_page: PageFactory,
    outside_site: tuple[str, dict[str, str | None]],
    where: str,
) -> None:
    site, seen = outside_site
    page = new_page()
    if where == "lobby":
        create_room(Player("Ana", page), app_server.url)
    else:
        page.goto(app_server.url)
        wait_for_app(page)
    # The page's first run puts the policy in; Streamlit may draw that run's
    # script a moment after it reports the run done, on a busy machine.
    expect(page.locator('head meta[name="referrer"][content="no-referrer"]')).to_be_attached()
    page.evaluate(
        "(src) => { const i = document.createElement('img'); i.src = src;"
        " document.body.appendChild(i); }",
        f"{site}/{where}.png",
    )
    wait_until(lambda: f"/{where}.png" in seen, "the image request")
    assert seen[f"/{where}.png"] is None, f"the request said where it came from: {seen}"

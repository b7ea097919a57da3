"""L-8 behind the documented nginx set-up (deploy/nginx-sticky.conf): the
limits on trying room codes hold for players who reach the app through a
proxy.

Every try below is a fresh session (a new load of the watch page's link
with a made-up code, over Streamlit's websocket as a tab opens it), so
only the address limit can stop it; a real browser then shows that
another player is still answered:
- with the proxy declared trusted, the address is the one the proxy
  forwards; a player who used up the tries is refused, another address
  is still answered;
- with no proxy declared, the forwarded header is ignored (anyone can
  send one) and every player behind the proxy shares one limit, where
  before they had none.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import islice
from pathlib import Path

import pytest
from e2e_harness import AppServer, PageFactory, start_app_server, stop_app_server
from nginx_harness import Balancer, running_nginx
from playwright.sync_api import expect
from stream_client import open_page

from oneword.service import codes
from oneword.service.rate_limits import LIMITS, Knock

REFUSED = "Too many tries"
MISSING = "No room with code"
BURST = int(LIMITS[(Knock.MISSED_CODE, "address")].burst)
TRIES = BURST + 20
"""More answers than this and the address limit did not hold (its burst,
and room for its refill while the pages load)."""


@pytest.fixture
def proxied(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Balancer]:
    """One app server behind nginx; `request.param` is the server's
    ONEWORD_TRUSTED_PROXIES setting.

    Streamlit's own server believes `X-Forwarded-For` from the machine it
    runs on, and here the test's client is on that machine too, so its
    forged headers would be believed where a player's from elsewhere are
    not. That belief is turned off (`FORWARDED_ALLOW_IPS`): nginx then
    stands for a proxy on another machine, which only the app's setting
    can name."""
    server: AppServer = start_app_server(
        tmp_path / "rooms.sqlite3",
        tmp_path / "logs",
        env={"ONEWORD_TRUSTED_PROXIES": request.param, "FORWARDED_ALLOW_IPS": ""},
    )
    try:
        port = int(server.url.rsplit(":", 1)[-1])
        with running_nginx(tmp_path / "nginx", port, port) as balancer:
            yield balancer
    finally:
        stop_app_server(server)


def look_up(url: str, forwarded_for: str) -> str:
    """Open the watch link of a made-up code in a fresh session that says
    it comes from `forwarded_for`; return what the page says."""
    said = open_page(
        url,
        "watch",
        f"watch={codes.random_code()}",
        {"X-Forwarded-For": forwarded_for},
        (MISSING, REFUSED),
    )
    assert said, "the page said neither"
    return said


def answered_until_refused(url: str, addresses: Iterator[str]) -> int:
    """Fresh sessions, eight at a time, look up made-up codes until one is
    refused; how many were answered (more than TRIES: none was refused).
    Eight at a time outrun the bucket's refill on a slow machine too."""
    answered = 0
    with ThreadPoolExecutor(max_workers=8) as pool:
        while answered <= TRIES:
            said = list(pool.map(lambda address: look_up(url, address), islice(addresses, 8)))
            answered += said.count(MISSING)
            if REFUSED in said:
                return answered
    return answered


def browser_says(new_page: PageFactory, url: str, forwarded_for: str) -> str:
    """The same look-up in a real browser: what the player reads."""
    page = new_page(extra_http_headers={"X-Forwarded-For": forwarded_for})
    page.goto(f"{url}/watch?watch={codes.random_code()}")
    told = page.get_by_text(MISSING).or_(page.get_by_text(REFUSED))
    expect(told.first).to_be_visible(timeout=30_000)
    return REFUSED if page.get_by_text(REFUSED).count() else MISSING


@pytest.mark.parametrize("proxied", ["127.0.0.0/8"], indirect=True)
def test_L8_a_trusted_proxy_names_each_player(proxied: Balancer, new_page: PageFactory) -> None:
    """The local browser acts as a first proxy: nginx appends its address
    to the one the browser forwards, and both are trusted."""
    same = iter(lambda: "10.0.0.7", None)
    answered = answered_until_refused(proxied.url, same)
    assert BURST <= answered <= TRIES, answered
    assert browser_says(new_page, proxied.url, "10.0.0.8") == MISSING, "another player"


@pytest.mark.parametrize("proxied", [""], indirect=True)
def test_L8_without_a_trusted_proxy_everyone_behind_it_shares_one_limit(
    proxied: Balancer,
) -> None:
    """A forged header changes nothing (each try names another address),
    and the app, seeing no address, counts every try in one bucket."""
    forged = (f"10.0.1.{n}" for n in range(1, 250))
    answered = answered_until_refused(proxied.url, forged)
    assert BURST <= answered <= TRIES, answered

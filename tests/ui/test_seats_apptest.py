"""A seat lives in a cookie, the URL shows only the room (L-3).

AppTest has no browser, so no cookies: these tests hand the app the
cookies a browser would send (`browser.browser_cookies`), and read the
ones it asks the browser to keep from the script it draws. The real
browser is tests/e2e/test_e2e_seats.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apptest_helpers import APP, create_room, open_page, query, room_state, titles, token_of
from streamlit.testing.v1 import AppTest

from oneword.ui.app import browser
from oneword.ui.app.session import SEAT_COOKIE


def page_source(app: AppTest) -> str:
    """What the page drew that stays in the browser's HTML (a cookie's
    script removes itself once run)."""
    parts = []
    for kind in ("text", "code", "markdown", "caption", "info", "html", "title", "image"):
        parts += [str(getattr(e, "value", "")) for e in app.get(kind)]
    return "\n".join(p for p in parts if "document.cookie" not in p)


def cookie_script(app: AppTest) -> str:
    return "\n".join(h.value for h in app.get("html") if "document.cookie" in h.value)


def test_L3_the_url_holds_the_room_and_the_cookie_the_token(db_path: Path) -> None:
    host, code = create_room("Ana")
    token = token_of(host)
    assert titles(host) == [f"Room {code}"]
    assert query(host, "room") == code
    assert "token" not in host.query_params
    assert f"{SEAT_COOKIE}{code}={token}" in cookie_script(host)


def test_L3_the_token_is_drawn_only_when_its_player_asks(db_path: Path) -> None:
    host, code = create_room("Ana")
    token = token_of(host)
    host.run()
    assert token not in page_source(host), "a projected lobby shows no token"
    host.toggle(key="show_rejoin").set_value(True).run()
    links = [c.value for c in host.code if "token=" in c.value]
    assert len(links) == 1
    assert re.search(rf"/lobby\?room={code}&token={re.escape(token)}$", links[0])


def test_L3_an_old_link_with_a_token_moves_it_into_the_cookie(db_path: Path) -> None:
    host, code = create_room("Ana")
    token = token_of(host)
    again = open_page("lobby.py", room=code, token=token)
    assert titles(again) == [f"Room {code}"]
    assert "token" not in again.query_params
    assert f"{SEAT_COOKIE}{code}={token}" in cookie_script(again)


def test_L3_the_join_link_reopened_goes_back_to_the_seat(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host, code = create_room("Ana")
    token = token_of(host)
    monkeypatch.setattr(browser, "browser_cookies", lambda: {f"{SEAT_COOKIE}{code}": token})
    again = AppTest.from_file(str(APP), default_timeout=20)
    again.query_params["join"] = code
    again.run()
    assert titles(again) == [f"Room {code}"], "back in the lobby, not on the join form"
    assert [m.name for m in room_state(db_path, code).members] == ["Ana"]
    assert token_of(again) == token
    assert SEAT_COOKIE not in cookie_script(again), "the browser has the cookie already"


def test_L3_a_stale_cookie_leaves_the_join_form(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, code = create_room("Ana")
    monkeypatch.setattr(browser, "browser_cookies", lambda: {f"{SEAT_COOKIE}{code}": "old-seat"})
    again = AppTest.from_file(str(APP), default_timeout=20)
    again.query_params["join"] = code
    again.run()
    assert titles(again) == ["In One Word"]
    assert again.text_input(key="join_name")
    assert f"{SEAT_COOKIE}{code}=; max-age=0" in cookie_script(again), "the stale cookie goes"

"""A presence change alone does not rerun a page: the polling fragment
compares the new view with the drawn one (`oneword.ui.presence`), with a
real SQLite file and the real service.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from oneword.engine import GiveClue
from oneword.engine.versus.views import VersusView
from oneword.service import RoomService, Seat
from oneword.storage.shared_check import SHARE_FOR
from oneword.storage.sqlite_store import Store


def _page(db_path: Path, seat: Seat) -> AppTest:
    """A page that draws the seat's entry and follows the room, counting
    its full runs."""

    def script() -> None:
        import streamlit as st

        from oneword.ui.app.refresh import Drawn, follow_room
        from oneword.ui.app.session import service

        st.session_state["runs"] = st.session_state.get("runs", 0) + 1
        code, token = st.session_state["code"], st.session_state["token"]
        if "drawn" not in st.session_state:
            st.session_state["drawn"] = Drawn(service().enter(code, token))
        follow_room(code, token, st.session_state["drawn"])

    app = AppTest.from_function(script, default_timeout=20)
    app.session_state["code"] = seat.code
    app.session_state["token"] = seat.token
    return app.run()


def _go_quiet(db_path: Path, seat: Seat) -> None:
    """The seat's page stopped polling long ago (written as another process
    would, so the polls see it once their shared look is older than its
    moment)."""
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "UPDATE players SET last_seen = last_seen - 3600 WHERE room = ? AND member_id = ?",
            (seat.code, seat.member_id),
        )
    time.sleep(SHARE_FOR * 1.5)


@pytest.fixture
def game(db_path: Path) -> tuple[RoomService, list[Seat]]:
    rooms = RoomService(Store(db_path))
    host = rooms.create_room("Ana")
    seats = [host, *(rooms.join(host.code, name) for name in ("Ben", "Cy", "Dee"))]
    rooms.start_game(host.code, host.token)
    return rooms, seats


def test_the_polling_fragment_skips_the_rerun_when_only_presence_moved(
    db_path: Path, game: tuple[RoomService, list[Seat]]
) -> None:
    rooms, seats = game
    views = {seat: rooms.view(seat.code, seat.token).game for seat in seats}
    games = [g for g in views.values() if isinstance(g, VersusView) and g.turn is not None]
    assert len(games) == len(seats)
    playing = games[0].turn.team  # type: ignore[union-attr]
    watcher = next(s for s, g in views.items() if g.seat == "captain" and g.your_team is playing)  # type: ignore[union-attr]
    quiet = next(s for s, g in views.items() if g.seat != "captain" and g.your_team is not playing)  # type: ignore[union-attr]

    page = _page(db_path, watcher)
    assert page.session_state["runs"] == 1
    version = rooms.poll(watcher.code, None)
    _go_quiet(db_path, quiet)
    page.run()  # its poll finds the quiet player and marks them away
    assert rooms.poll(watcher.code, None) > version, "the version moved"
    assert page.session_state["runs"] == 2, "no second, full run"
    assert page.session_state["drawn"].version == rooms.poll(watcher.code, None)

    rooms.act(watcher.code, watcher.token, GiveClue(word="qwrtz", number=1))
    page.run()
    assert page.session_state["runs"] == 4, "the clue reran the page in full"

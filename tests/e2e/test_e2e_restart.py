"""X-8 with a real server: killed with SIGKILL in the middle of a turn while
four browsers stay open, then started again on the same file and port.

The silence while the server was gone is nobody's lost connection: when
the pages reconnect, the room stands still for the gap (one logged
`ServerResumed`), nobody is marked disconnected, and the captain's clue
timer has the time it had when the server died.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from e2e_harness import PageFactory, start_app_server, stop_app_server, wait_for_app
from play_helpers import UI_TIMEOUT_MS, expect_on
from playwright.sync_api import Page, expect

from oneword.config import ALIVE_EVERY, PRESENCE_TIMEOUT
from oneword.engine import Disconnect, PickTeam, RoomState, ServerResumed, SetClueTimer, Team
from oneword.engine.versus.state import VersusGame
from oneword.service import RoomService, Seat
from oneword.service.codec import LoggedAction, logged_action, parse_state
from oneword.storage.sqlite_store import Store

OUTAGE_S = PRESENCE_TIMEOUT + 10
"""Longer than PRESENCE_TIMEOUT: long enough to look like everyone's lost
connection if the server's absence were not told apart."""
BACK_TIMEOUT_S = 120.0


def seat_four(db_path: Path) -> list[Seat]:
    """A running Versus game with a 2-minute clue timer, set up directly."""
    service = RoomService(Store(db_path))
    host = service.create_room("Ana")
    seats = [host] + [service.join(host.code, name) for name in ("Bo", "Cy", "Di")]
    service.act(host.code, host.token, SetClueTimer(seconds=120))
    for index, seat in enumerate(seats):
        service.act(seat.code, seat.token, PickTeam(team=Team.RED if index % 2 else Team.BLUE))
    service.start_game(host.code, host.token)
    service.store.close()
    return seats


def room(db_path: Path, code: str) -> tuple[RoomState, list[LoggedAction]]:
    """The referee's look at the file: the state and the log."""
    store = Store(db_path)
    try:
        with store.read() as tx:
            stored = tx.load(code)
            log = [logged_action(row) for row in tx.actions(code)]
    finally:
        store.close()
    assert stored is not None
    return parse_state(stored.state_json), log


def versus(state: RoomState) -> VersusGame:
    assert isinstance(state.game, VersusGame)
    return state.game


@dataclass(frozen=True)
class Resumed:
    at: float
    gap: float


def wait_for_resume(db_path: Path, code: str, logged: int) -> Resumed:
    """The first `ServerResumed` logged after the first `logged` actions."""
    deadline = time.monotonic() + BACK_TIMEOUT_S
    while time.monotonic() < deadline:
        for entry in room(db_path, code)[1][logged:]:
            if isinstance(entry.action, ServerResumed):
                return Resumed(entry.at, entry.action.gap)
        time.sleep(0.5)
    raise AssertionError("no page came back to the room after the restart")


def test_X8_a_server_killed_mid_turn_skips_no_turn_and_disconnects_nobody(
    tmp_path: Path, new_page: PageFactory
) -> None:
    db_path, logs = tmp_path / "rooms.sqlite3", tmp_path / "logs"
    server = start_app_server(db_path, logs)
    try:
        seats = seat_four(db_path)
        pages: list[Page] = []
        for seat in seats:
            page = new_page()
            page.goto(f"{server.url}/board?room={seat.code}&token={seat.token}")
            wait_for_app(page)
            pages.append(page)
        code = seats[0].code
        game = versus(room(db_path, code)[0])
        assert game.turn is not None
        captain = pages[[s.member_id for s in seats].index(game.captains[game.turn.team])]
        expect_on(captain, "captain")
        time.sleep(4)  # every page polls (and sends its heartbeat) meanwhile

        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=10)
        killed_at = time.time()
        state, log = room(db_path, code)  # as the server left it
        turn = versus(state).turn
        assert turn is not None and turn.clue_deadline is not None
        left_at_kill = turn.clue_deadline - killed_at
        time.sleep(OUTAGE_S)
        restarted_at = time.time()
        server = start_app_server(db_path, logs, port=urlsplit(server.url).port)

        resumed = wait_for_resume(db_path, code, len(log))
        back = resumed.at + resumed.gap
        assert resumed.gap >= OUTAGE_S
        state, after_log = room(db_path, code)
        after = versus(state).turn
        assert after is not None and (after.number, after.team) == (turn.number, turn.team)
        assert after.clue_deadline == turn.clue_deadline + resumed.gap
        lost = [e.at for e in after_log[len(log) :] if isinstance(e.action, Disconnect)]
        assert all(at >= back for at in lost), "nobody lost connection while the server was away"
        # The time it had, less the time since the server came back (the gap
        # counts from the last sign of life, at most ALIVE_EVERY before the kill).
        now = time.time()
        left_now = after.clue_deadline - now
        assert left_at_kill - (now - restarted_at) - 1 <= left_now <= left_at_kill + ALIVE_EVERY + 1

        for page in pages:
            wait_for_app(page)
        expect(captain.get_by_role("button", name="Give the clue")).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
    finally:
        stop_app_server(server)

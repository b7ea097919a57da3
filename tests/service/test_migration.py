"""A database file written by the first release (schema 1) is migrated in
place when the app starts: no room, seat or timer is lost."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from service_helpers import FakeClock

from oneword.engine import (
    GiveClue,
    Join,
    PickTeam,
    RoomState,
    StartGame,
    Team,
    apply,
    new_room,
    next_deadline,
)
from oneword.service import RoomService, hash_token
from oneword.store import SCHEMA_VERSION, Store

V1_SCHEMA = """
CREATE TABLE rooms (code TEXT PRIMARY KEY, state TEXT NOT NULL, version INTEGER NOT NULL,
                    created_at REAL NOT NULL, updated_at REAL NOT NULL);
CREATE TABLE players (room TEXT, member_id TEXT, token_hash TEXT, name TEXT NOT NULL,
                      is_bot INTEGER NOT NULL, connected INTEGER NOT NULL,
                      last_seen REAL NOT NULL, PRIMARY KEY (room, member_id));
CREATE TABLE actions (room TEXT, seq INTEGER, at REAL NOT NULL, member_id TEXT,
                      action TEXT NOT NULL, PRIMARY KEY (room, seq));
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
INSERT INTO meta VALUES ('schema_version', '1');
"""
CODE = "CDFGH"
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]
TOKENS = [f"old-token-{name}-0123456789abcdef" for name in NAMES]


def mid_game_state(now: float) -> RoomState:
    """A Versus game under way, with the clue timer running; Ed, the fifth
    member, has left, so his seat is gone."""
    state = new_room(seed=7)
    for i, name in enumerate(NAMES):
        state = apply(state, Join(by=f"m{i}", name=name), now)
    for i in range(4):
        state = apply(state, PickTeam(by=f"m{i}", team=list(Team)[i % 2]), now)
    state.members = state.members[:4]
    words = [f"card{chr(97 + i)}" for i in range(25)]
    return apply(state, StartGame(by="m0", words=words), now)


def write_v1_file(path: Path, state: RoomState, now: float) -> None:
    with sqlite3.connect(path) as conn:
        conn.executescript(V1_SCHEMA)
        conn.execute(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?)",
            (CODE, state.model_dump_json(), 12, now - 100, now),
        )
        conn.executemany(
            "INSERT INTO players VALUES (?, ?, ?, ?, 0, 1, ?)",
            [(CODE, f"m{i}", hash_token(TOKENS[i]), n, now) for i, n in enumerate(NAMES)],
        )
    conn.close()


def test_a_v1_file_is_migrated_not_lost(db_path: Path, clock: FakeClock) -> None:
    state = mid_game_state(clock.now)
    write_v1_file(db_path, state, clock.now)

    store = Store(db_path)
    with store.read() as tx:
        assert tx.conn.execute("SELECT value FROM meta").fetchone() == (str(SCHEMA_VERSION),)
        row = tx.room_row(CODE)
        players = {p.member_id: p for p in tx.players(CODE)}
    assert row is not None and row.version == 12
    assert row.next_deadline == next_deadline(state) == clock.now + 120
    assert row.finished_at is None
    assert players["m4"].gone_at is not None
    assert all(players[f"m{i}"].gone_at is None for i in range(4))

    service = RoomService(store, clock=clock)
    seat = service.rejoin(CODE.lower(), TOKENS[0])
    assert seat.member_id == "m0"
    assert service.view(CODE, TOKENS[1]).you is not None
    clock.tick(121)
    view = service.view(CODE, None)
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.number == 2


def test_a_migrated_room_keeps_playing(db_path: Path, clock: FakeClock) -> None:
    state = mid_game_state(clock.now)
    write_v1_file(db_path, state, clock.now)
    service = RoomService(Store(db_path), clock=clock)
    game = state.game
    assert game is not None and game.turn is not None
    captain = int(game.turn.giver_id.removeprefix("m"))  # type: ignore[union-attr]
    view = service.act(CODE, TOKENS[captain], GiveClue(word="qwrtz", number=1))
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.clue is not None
    assert [e.seq for e in service.history(CODE)] == [1]
    reopened = Store(db_path)
    with reopened.read() as tx:
        assert tx.room_row(CODE).version == 13  # type: ignore[union-attr]

"""A database file written by an older release is migrated in place when
the app starts: no room, seat or timer is lost. Schema 1 is the first
release; schema 3 stored each state as the models of its day wrote it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from service_helpers import FakeClock, pass_time

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
from oneword.storage.sqlite_store import SCHEMA_VERSION, Store

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
    service = RoomService(store, clock=clock)  # the service brings the file up to date
    with store.read() as tx:
        assert tx.conn.execute("SELECT value FROM meta").fetchone() == (str(SCHEMA_VERSION),)
        row = tx.room_row(CODE)
        players = {p.member_id: p for p in tx.players(CODE)}
    assert row is not None and row.version == 12
    assert row.next_deadline == next_deadline(state) == clock.now + 120
    assert row.finished_at is None
    assert players["m4"].gone_at is not None
    assert all(players[f"m{i}"].gone_at is None for i in range(4))

    seat = service.rejoin(CODE.lower(), TOKENS[0])
    assert seat.member_id == "m0"
    assert service.view(CODE, TOKENS[1]).you is not None
    pass_time(service, clock, 121, CODE, TOKENS[:4])
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


V3_SCHEMA = """
CREATE TABLE rooms (code TEXT PRIMARY KEY, state TEXT NOT NULL, version INTEGER NOT NULL,
                    next_deadline REAL, created_at REAL NOT NULL, updated_at REAL NOT NULL,
                    finished_at REAL);
CREATE TABLE players (room TEXT, member_id TEXT, token_hash TEXT, name TEXT NOT NULL,
                      is_bot INTEGER NOT NULL, connected INTEGER NOT NULL,
                      last_seen REAL NOT NULL, gone_at REAL, PRIMARY KEY (room, member_id));
CREATE TABLE actions (room TEXT, seq INTEGER, at REAL NOT NULL, member_id TEXT,
                      action TEXT NOT NULL, PRIMARY KEY (room, seq));
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE word_lists (owner TEXT, name TEXT, words TEXT NOT NULL, updated_at REAL NOT NULL,
                         PRIMARY KEY (owner, name));
INSERT INTO meta VALUES ('schema_version', '3');
"""
OLDER_FIELDS = ("past_givers", "paused_at", "paused_by")
"""Fields added to `RoomState` after some rooms were stored: an old row lacks them."""


def old_style_json(state: RoomState) -> str:
    """The state as an older app stored it: without the later fields, and
    laid out differently, so a rewrite shows in the text."""
    data = json.loads(state.model_dump_json())
    for field in OLDER_FIELDS:
        del data[field]
    return json.dumps(data, indent=2)


def write_v3_file(path: Path, state: RoomState, now: float) -> None:
    members = state.members
    with sqlite3.connect(path) as conn:
        conn.executescript(V3_SCHEMA)
        conn.execute(
            "INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, NULL)",
            (CODE, old_style_json(state), 12, next_deadline(state), now - 100, now),
        )
        conn.executemany(
            "INSERT INTO players VALUES (?, ?, ?, ?, 0, 1, ?, NULL)",
            [(CODE, m.id, hash_token(TOKENS[i]), m.name, now) for i, m in enumerate(members)],
        )
        start = StartGame(by="m0", words=[f"card{chr(97 + i)}" for i in range(25)])
        conn.execute(
            "INSERT INTO actions VALUES (?, 1, ?, 'm0', ?)", (CODE, now, start.model_dump_json())
        )
    conn.close()


def stored_state_json(db_path: Path) -> str:
    with sqlite3.connect(db_path) as conn:
        (text,) = conn.execute("SELECT state FROM rooms WHERE code = ?", (CODE,)).fetchone()
    conn.close()
    return str(text)


def test_a_v3_file_gets_its_states_written_back_by_the_current_models(
    db_path: Path, clock: FakeClock
) -> None:
    state = mid_game_state(clock.now)
    write_v3_file(db_path, state, clock.now)
    old = stored_state_json(db_path)

    store = Store(db_path)
    RoomService(store, clock=clock)

    upgraded = stored_state_json(db_path)
    assert upgraded != old
    assert upgraded == RoomState.model_validate_json(old).model_dump_json()
    assert all(field in json.loads(upgraded) for field in OLDER_FIELDS)
    with store.read() as tx:
        assert tx.conn.execute("SELECT value FROM meta").fetchone() == (str(SCHEMA_VERSION),)
        row = tx.room_row(CODE)
    assert row is not None and row.version == 12, "a migration is not a move in the game"
    assert row.next_deadline == next_deadline(state)


def test_a_migrated_v3_room_loads_and_keeps_playing(db_path: Path, clock: FakeClock) -> None:
    state = mid_game_state(clock.now)
    write_v3_file(db_path, state, clock.now)
    service = RoomService(Store(db_path), clock=clock)
    game = state.game
    assert game is not None and game.turn is not None
    captain = int(game.turn.giver_id.removeprefix("m"))  # type: ignore[union-attr]

    assert service.rejoin(CODE, TOKENS[captain]).member_id == f"m{captain}"
    view = service.act(CODE, TOKENS[captain], GiveClue(word="qwrtz", number=1))

    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.clue is not None
    history = service.history(CODE)
    assert [type(e.action) for e in history] == [StartGame, GiveClue]
    assert [e.seq for e in history] == [1, 2]
    reopened = Store(db_path)
    with reopened.read() as tx:
        assert tx.room_row(CODE).version == 13  # type: ignore[union-attr]


def schema_3_prose(state: RoomState) -> str:
    """The state as schema 3 kept it: English sentences where facts are now
    stored (a skipped turn's note, the Final Round's note, the outcome's
    message, the lobby's notice)."""
    data = json.loads(old_style_json(state))
    data["notice"] = "Switched to Versus: Together is for 2-6 players, and there are 7 now."
    log = data["game"]["log"]
    log.append({"turn": 2, "team": "red", "note": "Red's time ran out: turn skipped."})
    log.append({"turn": 3, "team": "blue", "note": "Blue's captain lost connection: turn skipped."})
    log.append({"turn": 4, "note": "Final Round"})
    for entry in log:
        entry.pop("skip", None)
        entry.pop("final_round", None)
    data["game"]["outcome"] = {
        "result": "win",
        "ending": "black_card",
        "winner": "blue",
        "decided_by": "red",
        "message": "Red opened the black card: Blue wins.",
    }
    return json.dumps(data)


def test_a_v3_rooms_sentences_become_facts(db_path: Path, clock: FakeClock) -> None:
    """Schema 4: the migration rewrites each room with codes, not English."""
    state = mid_game_state(clock.now)
    write_v3_file(db_path, state, clock.now)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE rooms SET state = ? WHERE code = ?", (schema_3_prose(state), CODE))
    conn.close()

    RoomService(Store(db_path), clock=clock)

    upgraded = json.loads(stored_state_json(db_path))
    assert upgraded["notice"] == {"kind": "switched_to_versus", "players": 7}
    skips = [(e["skip"], e["final_round"]) for e in upgraded["game"]["log"][-3:]]
    assert skips == [("time_ran_out", False), ("captain_away", False), (None, True)]
    assert "note" not in json.dumps(upgraded["game"]["log"])
    outcome = upgraded["game"]["outcome"]
    assert "message" not in outcome
    assert (outcome["ending"], outcome["winner"], outcome["decided_by"]) == (
        "black_card",
        "blue",
        "red",
    )


def test_a_v4_file_gets_the_outages_table_and_keeps_its_rooms(
    db_path: Path, clock: FakeClock
) -> None:
    """Schema 5: where the server's gaps are kept (X-8)."""
    service = RoomService(Store(db_path), clock=clock)
    seat = service.create_room("Ana")
    service.store.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("DROP TABLE outages")
        conn.execute("DELETE FROM meta WHERE key = 'alive_at'")
        conn.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
    conn.close()

    upgraded = RoomService(Store(db_path), clock=clock)
    with upgraded.store.read() as tx:
        assert tx.conn.execute("SELECT value FROM meta").fetchone() == (str(SCHEMA_VERSION),)
        assert tx.outages() == []
    assert upgraded.view(seat.code, seat.token).you is not None

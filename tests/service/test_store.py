"""The SQLite store: schema, WAL, transactions, and the columns a poll reads."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from service_helpers import FakeClock, start_versus, state_of

from oneword.engine import BackToLobby, Join, Leave, apply, next_deadline
from oneword.service import RoomService
from oneword.service.codec import parse_state, room_record
from oneword.storage.sqlite_store import SCHEMA_VERSION, Store, StoreError

ROOT = Path(__file__).resolve().parents[2]


def columns(db_path: Path, table: str) -> list[str]:
    with sqlite3.connect(db_path) as conn:
        return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def test_a_new_file_gets_the_whole_schema_in_wal_mode(store: Store, db_path: Path) -> None:
    assert columns(db_path, "rooms") == [
        "code",
        "state",
        "version",
        "next_deadline",
        "created_at",
        "updated_at",
        "finished_at",
    ]
    assert columns(db_path, "players") == [
        "room",
        "member_id",
        "token_hash",
        "name",
        "is_bot",
        "connected",
        "last_seen",
        "gone_at",
    ]
    assert columns(db_path, "actions") == ["room", "seq", "at", "member_id", "action"]
    with store.read() as tx:
        assert tx.conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert tx.conn.execute("SELECT value FROM meta").fetchone() == (str(SCHEMA_VERSION),)
        assert tx.conn.execute("PRAGMA busy_timeout").fetchone()[0] > 0


def test_opening_the_file_again_keeps_everything(service: RoomService, db_path: Path) -> None:
    seat = service.create_room("Ana")
    again = RoomService(Store(db_path))
    assert [m.name for m in again.view(seat.code, seat.token).members] == ["Ana"]


def test_a_failed_write_rolls_back(service: RoomService, store: Store) -> None:
    seat = service.create_room("Ana")
    with pytest.raises(RuntimeError), store.write() as tx:
        tx.touch(seat.code, seat.member_id, 0.0)
        raise RuntimeError("boom")
    with store.read() as tx:
        assert all(p.last_seen > 0 for p in tx.players(seat.code))


def test_the_version_counts_writes_and_the_poll_columns_follow_the_state(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seats = start_versus(service)
    code = seats[0].code
    with store.read() as tx:
        row = tx.room_row(code)
    assert row is not None
    assert row.version == 1 + 3 + 4 + 1  # create, joins, team picks, start
    assert row.next_deadline == next_deadline(state_of(store, code))
    assert row.next_deadline == clock.now + 120
    assert row.finished_at is None

    clock.tick(5)
    service.leave(seats[1].code, seats[1].token)  # G-8: no result
    with store.read() as tx:
        row = tx.room_row(code)
    assert row is not None and row.finished_at == clock.now and row.next_deadline is None
    service.act(seats[0].code, seats[0].token, BackToLobby())
    with store.read() as tx:
        row = tx.room_row(code)
        gone = [p for p in tx.players(code) if p.member_id == seats[1].member_id]
    assert row is not None and row.finished_at is None
    assert gone[0].gone_at is not None and not gone[0].connected


def test_players_mirror_the_engine_members_even_tokenless_ones(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seat = service.create_room("Ana")
    with store.write() as tx:
        stored = tx.load(seat.code)
        assert stored is not None
        state = apply(
            parse_state(stored.state_json), Join(by="bot1", name="Robo", bot=True), clock.now
        )
        state = apply(state, Leave(by=seat.member_id), clock.now)
        tx.save_room(stored.row, room_record(state), clock.now)
    with store.read() as tx:
        players = {p.member_id: p for p in tx.players(seat.code)}
    assert players["bot1"].is_bot and players["bot1"].token_hash is None
    assert players[seat.member_id].gone_at == clock.now


def test_a_file_from_a_newer_app_is_refused(db_path: Path) -> None:
    Store(db_path)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="newer app"):
        Store(db_path)


def test_without_a_path_the_store_uses_ONEWORD_DB(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "nested" / "rooms.sqlite3"
    monkeypatch.setenv("ONEWORD_DB", str(target))
    assert Store().path == target
    assert target.exists()


def test_the_store_knows_no_rules() -> None:
    """An adapter: importing it loads neither the engine nor its models, so
    another backend needs only the records it is handed."""
    script = (
        "import sys, oneword.storage.sqlite_store\n"
        "loaded = [m for m in sys.modules if m.startswith(('oneword.engine', 'pydantic'))]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)

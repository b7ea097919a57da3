"""Rooms in one SQLite file, shared by every page, bot and notebook (H-1).

Each room is one row: its whole engine state as JSON plus a `version` that
every write bumps, so a page can tell in one cheap query that something
changed. Beside it the store keeps what the cheap poll needs without
parsing the state: the next timer deadline (engine `next_deadline`), and
per player a token hash, the last heartbeat and whether the engine counts
them as connected (mirrored from the state on every save). Accepted
actions are appended to a log, so a game can be replayed or audited.

Concurrency rules (measured, see DESIGN.md):
- a new connection per operation (about 0.2-0.4 ms): a sqlite-utils
  `Database` is never shared between threads;
- WAL mode, so readers never wait for the writer;
- every write inside `BEGIN IMMEDIATE`: a deferred transaction that reads
  and then writes fails with "database is locked" under concurrent writers,
  busy timeout or not, because its read snapshot may be stale;
- a busy timeout, so writers queue instead of failing.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from sqlite_utils import Database

from .config import BUSY_TIMEOUT, PRESENCE_TIMEOUT, database_path
from .engine import Action, AnyAction, RoomState, next_deadline

SCHEMA_VERSION = 3
"""1: the first release (no `next_deadline`, `finished_at`, `gone_at`).
2: adds them, so a poll needs no state parsing and cleanup knows what ended."""

_ACTION = TypeAdapter[Any](AnyAction)


class StoreError(RuntimeError):
    """The database file cannot be used (e.g. written by a newer app)."""


@dataclass(frozen=True)
class RoomRow:
    """A room's bookkeeping, read without parsing its state."""

    code: str
    version: int
    next_deadline: float | None
    created_at: float
    updated_at: float
    finished_at: float | None


@dataclass(frozen=True)
class StoredRoom:
    row: RoomRow
    state: RoomState


@dataclass(frozen=True)
class PlayerRow:
    room: str
    member_id: str
    token_hash: str | None
    name: str
    is_bot: bool
    connected: bool
    last_seen: float
    gone_at: float | None


@dataclass(frozen=True)
class LoggedAction:
    seq: int
    at: float
    member_id: str
    action: Action


class Store:
    """Opens connections to one SQLite file and migrates its schema on start.

    Safe to share between threads: every `read()` and `write()` opens its
    own connection and closes it at the end. The store also keeps one idle
    connection open and never uses it: when the last connection to a WAL
    file closes, SQLite checkpoints and deletes the WAL, which made every
    write about 10 ms slower (measured with benchmarks/bench_poll.py).
    """

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, busy_timeout: float = BUSY_TIMEOUT
    ) -> None:
        self.path = Path(path) if path is not None else database_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.busy_timeout = busy_timeout
        self._prepare()
        self._keep_open = self._connect()

    def close(self) -> None:
        """Let go of the idle connection (the file stays as it is)."""
        self._keep_open.close()

    def _connect(self) -> sqlite3.Connection:
        """isolation_level=None: we issue BEGIN/COMMIT ourselves, so Python's
        sqlite3 never opens a deferred transaction behind our back."""
        conn = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    def _prepare(self) -> None:
        conn = self._connect()
        try:
            conn.execute("PRAGMA journal_mode=WAL")
        finally:
            conn.close()
        with self.write() as tx:
            migrate(tx.db)

    @contextmanager
    def read(self) -> Iterator[Tx]:
        """A connection for reads; each statement sees committed data."""
        conn = self._connect()
        try:
            yield Tx(conn)
        finally:
            conn.close()

    @contextmanager
    def write(self) -> Iterator[Tx]:
        """One `BEGIN IMMEDIATE` transaction: committed if the block ends
        normally, rolled back on any exception (a refused action changes
        nothing)."""
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        finally:
            conn.close()


class Tx:
    """Typed queries over one open connection (inside `Store.read/write`)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.db = Database(conn, recursive_triggers=False, execute_plugins=False)

    # Rooms

    def room_row(self, code: str) -> RoomRow | None:
        """The poll's query: no state JSON is read or parsed."""
        found = self.conn.execute(
            "SELECT code, version, next_deadline, created_at, updated_at, finished_at "
            "FROM rooms WHERE code = ?",
            (code,),
        ).fetchone()
        return RoomRow(*found) if found else None

    def load(self, code: str) -> StoredRoom | None:
        found = self.conn.execute(
            "SELECT code, version, next_deadline, created_at, updated_at, finished_at, state "
            "FROM rooms WHERE code = ?",
            (code,),
        ).fetchone()
        if found is None:
            return None
        return StoredRoom(RoomRow(*found[:6]), RoomState.model_validate_json(found[6]))

    def code_taken(self, code: str) -> bool:
        return (
            self.conn.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is not None
        )

    def insert_room(self, code: str, state: RoomState, now: float) -> int:
        """A new room at version 1."""
        self.db.table("rooms").insert(
            {
                "code": code,
                "state": state.model_dump_json(),
                "version": 1,
                "next_deadline": next_deadline(state),
                "created_at": now,
                "updated_at": now,
                "finished_at": _finished_at(state, None, now),
            }
        )
        self.mirror_players(code, state, now)
        return 1

    def save_room(self, stored: StoredRoom, state: RoomState, now: float) -> int:
        """Write a changed state; returns the new version."""
        version = stored.row.version + 1
        self.db.table("rooms").update(
            stored.row.code,
            {
                "state": state.model_dump_json(),
                "version": version,
                "next_deadline": next_deadline(state),
                "updated_at": now,
                "finished_at": _finished_at(state, stored.row.finished_at, now),
            },
        )
        self.mirror_players(stored.row.code, state, now)
        return version

    def refresh(self, code: str, state: RoomState, now: float) -> None:
        """Re-derive the poll columns from an unchanged state without bumping
        the version (repairs a row written by an older schema)."""
        self.conn.execute(
            "UPDATE rooms SET next_deadline = ? WHERE code = ?", (next_deadline(state), code)
        )
        self.mirror_players(code, state, now)

    def delete_rooms(self, codes: Sequence[str]) -> None:
        for table in ("actions", "players"):
            self.conn.executemany(f"DELETE FROM {table} WHERE room = ?", [(c,) for c in codes])
        self.conn.executemany("DELETE FROM rooms WHERE code = ?", [(c,) for c in codes])

    def expired_rooms(self, now: float, older_than: float) -> list[str]:
        """Rooms nobody needs: finished more than `older_than` ago with nobody
        on the results page, or with no heartbeat and no change for that long."""
        cutoff = now - older_than
        rows = self.conn.execute(
            """
            SELECT r.code FROM rooms r
            WHERE (r.finished_at IS NOT NULL AND r.finished_at < :cutoff
                   AND NOT EXISTS (SELECT 1 FROM players p WHERE p.room = r.code
                       AND p.is_bot = 0 AND p.gone_at IS NULL AND p.connected = 1
                       AND p.last_seen >= :present))
               OR (r.updated_at < :cutoff
                   AND NOT EXISTS (SELECT 1 FROM players p WHERE p.room = r.code
                       AND p.is_bot = 0 AND p.gone_at IS NULL AND p.last_seen >= :cutoff))
            """,
            {"cutoff": cutoff, "present": now - PRESENCE_TIMEOUT},
        ).fetchall()
        return [code for (code,) in rows]

    # Players

    def add_player(
        self, code: str, member_id: str, token_hash: str | None, name: str, bot: bool, now: float
    ) -> None:
        self.db.table("players").insert(
            {
                "room": code,
                "member_id": member_id,
                "token_hash": token_hash,
                "name": name,
                "is_bot": int(bot),
                "connected": 1,
                "last_seen": now,
                "gone_at": None,
            }
        )

    def players(self, code: str) -> list[PlayerRow]:
        rows = self.conn.execute(
            "SELECT room, member_id, token_hash, name, is_bot, connected, last_seen, gone_at "
            "FROM players WHERE room = ?",
            (code,),
        ).fetchall()
        return [_player(row) for row in rows]

    def find_player(self, code: str, matches: Callable[[str], bool]) -> PlayerRow | None:
        """The player of this room whose stored token hash `matches`; the
        caller compares in constant time, never SQL `=` on a secret."""
        for player in self.players(code):
            if player.token_hash is not None and matches(player.token_hash):
                return player
        return None

    def touch(self, code: str, member_id: str, now: float) -> None:
        """A heartbeat: only `last_seen`, never the room's version."""
        self.conn.execute(
            "UPDATE players SET last_seen = ? WHERE room = ? AND member_id = ?",
            (now, code, member_id),
        )

    def has_stale(self, code: str, seen_before: float) -> bool:
        """Is a person counted as connected but silent since `seen_before`?
        Only a seat with a token sends heartbeats: bots and the names at a
        one-device table (O) have none, so their silence means nothing."""
        return (
            self.conn.execute(
                "SELECT 1 FROM players WHERE room = ? AND is_bot = 0 AND connected = 1 "
                "AND token_hash IS NOT NULL AND gone_at IS NULL AND last_seen < ? LIMIT 1",
                (code, seen_before),
            ).fetchone()
            is not None
        )

    def stale_players(self, code: str, seen_before: float) -> list[PlayerRow]:
        return [
            p
            for p in self.players(code)
            if not p.is_bot
            and p.token_hash is not None
            and p.connected
            and p.gone_at is None
            and p.last_seen < seen_before
        ]

    def mirror_players(self, code: str, state: RoomState, now: float) -> None:
        """Copy name, bot flag and connection of every member into `players`;
        a member no longer in the state (left, kicked) gets `gone_at`.
        Members without a row (bots added by the engine) get one, tokenless."""
        known = {p.member_id: p for p in self.players(code)}
        for member in state.members:
            if member.id not in known:
                self.add_player(code, member.id, None, member.name, member.bot, now)
        self.conn.executemany(
            "UPDATE players SET name = ?, is_bot = ?, connected = ?, gone_at = NULL "
            "WHERE room = ? AND member_id = ?",
            [(m.name, int(m.bot), int(m.connected), code, m.id) for m in state.members],
        )
        present = {m.id for m in state.members}
        gone = [
            (now, code, pid) for pid, p in known.items() if pid not in present and p.gone_at is None
        ]
        self.conn.executemany(
            "UPDATE players SET connected = 0, gone_at = ? WHERE room = ? AND member_id = ?", gone
        )

    # Action log

    def log_actions(self, code: str, actions: Sequence[tuple[Action, float]]) -> None:
        """Append accepted actions with the time each was applied."""
        if not actions:
            return
        (last,) = self.conn.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE room = ?", (code,)
        ).fetchone()
        self.db.table("actions").insert_all(
            {
                "room": code,
                "seq": last + i,
                "at": at,
                "member_id": action.by,
                "action": action.model_dump_json(),
            }
            for i, (action, at) in enumerate(actions, start=1)
        )

    def save_word_list(self, owner: str, name: str, words: Sequence[str], now: float) -> None:
        self.db.table("word_lists").upsert(
            {"owner": owner, "name": name, "words": json.dumps(list(words)), "updated_at": now},
            pk=("owner", "name"),
        )

    def word_lists(self, owner: str) -> dict[str, list[str]]:
        rows = self.db.execute(
            "SELECT name, words FROM word_lists WHERE owner = ? ORDER BY name", (owner,)
        ).fetchall()
        return {name: list(json.loads(words)) for name, words in rows}

    def delete_word_list(self, owner: str, name: str) -> None:
        self.db.execute("DELETE FROM word_lists WHERE owner = ? AND name = ?", (owner, name))

    def actions(self, code: str) -> list[LoggedAction]:
        rows = self.conn.execute(
            "SELECT seq, at, member_id, action FROM actions WHERE room = ? ORDER BY seq", (code,)
        ).fetchall()
        return [
            LoggedAction(seq, at, member_id, _ACTION.validate_json(action))
            for seq, at, member_id, action in rows
        ]


def _player(row: tuple[Any, ...]) -> PlayerRow:
    room, member_id, token_hash, name, is_bot, connected, last_seen, gone_at = row
    return PlayerRow(
        room, member_id, token_hash, name, bool(is_bot), bool(connected), last_seen, gone_at
    )


def _finished_at(state: RoomState, before: float | None, now: float) -> float | None:
    """When the room's game ended; cleared when the room goes back to its lobby."""
    if state.game is None or state.game.outcome is None:
        return None
    return before if before is not None else now


# Schema and migrations


def schema_version(db: Database) -> int:
    """0 for an empty file; 1 for a v1 file (its `meta` says so)."""
    if not db.table("meta").exists():
        return 1 if db.table("rooms").exists() else 0
    found = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(found[0]) if found else 1


def migrate(db: Database) -> None:
    """Create the schema, or bring an older file up to SCHEMA_VERSION in
    place (inside the caller's transaction, so a crash leaves the old
    schema intact and two processes starting at once migrate only once)."""
    version = schema_version(db)
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"The database was written by a newer app (schema {version}, "
            f"this app knows {SCHEMA_VERSION}): upgrade the app."
        )
    if version == 0:
        _create(db)
    if version == 1:
        _migrate_1_to_2(db)
    if 1 <= version <= 2:
        _create_word_lists(db)
    _set_version(db, SCHEMA_VERSION)


def _create(db: Database) -> None:
    db.table("rooms").create(
        {
            "code": str,
            "state": str,
            "version": int,
            "next_deadline": float,
            "created_at": float,
            "updated_at": float,
            "finished_at": float,
        },
        pk="code",
        not_null={"state", "version", "created_at", "updated_at"},
    )
    db.table("players").create(
        {
            "room": str,
            "member_id": str,
            "token_hash": str,
            "name": str,
            "is_bot": int,
            "connected": int,
            "last_seen": float,
            "gone_at": float,
        },
        pk=("room", "member_id"),
        not_null={"name", "is_bot", "connected", "last_seen"},
    )
    _create_actions_and_meta(db)
    _create_word_lists(db)


def _create_word_lists(db: Database) -> None:
    """v3: teachers' saved word lists (W-5), kept per device key's hash."""
    db.table("word_lists").create(
        {"owner": str, "name": str, "words": str, "updated_at": float},
        pk=("owner", "name"),
        not_null={"words", "updated_at"},
        if_not_exists=True,
    )


def _create_actions_and_meta(db: Database) -> None:
    db.table("actions").create(
        {"room": str, "seq": int, "at": float, "member_id": str, "action": str},
        pk=("room", "seq"),
        not_null={"at", "action"},
        if_not_exists=True,
    )
    db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)


def _migrate_1_to_2(db: Database) -> None:
    """v1 had no poll columns: add them and fill them from each state."""
    db.table("rooms").add_column("next_deadline", float)
    db.table("rooms").add_column("finished_at", float)
    db.table("players").add_column("gone_at", float)
    _create_actions_and_meta(db)
    tx = Tx(db.conn)
    for code, state_json, updated_at in db.execute(
        "SELECT code, state, updated_at FROM rooms"
    ).fetchall():
        state = RoomState.model_validate_json(state_json)
        db.execute(
            "UPDATE rooms SET next_deadline = ?, finished_at = ? WHERE code = ?",
            (next_deadline(state), _finished_at(state, None, updated_at), code),
        )
        tx.mirror_players(code, state, updated_at)


def _set_version(db: Database, version: int) -> None:
    db.table("meta").upsert({"key": "schema_version", "value": str(version)}, pk="key")

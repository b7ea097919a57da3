"""Rooms in PostgreSQL, shared by several app servers (H-4).

The same rows as the SQLite store (`store`), with the same promises to the
room service (`store_protocol`), kept in PostgreSQL's own way:

- a pool of connections per process (psycopg-pool); a connection is not
  checked before each use (that was most of a poll's time, measured with
  benchmarks/bench_backends.py): when a call finds the server gone, the
  pool checks its idle connections and replaces the dead ones, so a
  database restart costs a few failed calls, reported as unavailable;
- a read runs in autocommit: each statement sees committed data and never
  waits for a writer;
- a write is one transaction whose first read of a room takes the room's
  row lock (`SELECT ... FOR UPDATE`): a second writer of the same room, on
  any server, waits for the first to commit and then reads its result, so
  load -> advance -> apply -> save never interleaves. The save compares
  and sets the version as well, so a write that somehow read a stale room
  fails instead of overwriting;
- how long a write waits for a lock is `lock_timeout`, set per
  transaction: a heartbeat waits QUICK_WAIT and is skipped, as on SQLite;
- the version poll reads one row by primary key, never the state.

Errors leave as `StoreBusy` (a lock or a connection not had in time, a
deadlock, two servers inserting the same key: nothing was changed) or
`StoreUnavailable` (the server is down, the disk full, the tables gone),
never as a psycopg error; lost tables are created again on the next call.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors
from psycopg_pool import ConnectionPool, PoolTimeout

from oneword.config import BUSY_TIMEOUT, CLEANUP_BATCH, POOL_SIZE, PRESENCE_TIMEOUT
from oneword.storage import pg_schema
from oneword.storage.profile_rows import Cursor, ProfileRows
from oneword.storage.records import (
    ActionRecord,
    ActionRow,
    Describe,
    MemberRow,
    Outage,
    PlayerRow,
    RoomPoll,
    RoomRecord,
    RoomRow,
    StoreBusy,
    StoredRoom,
    StoreUnavailable,
)

Connection = psycopg.Connection[tuple[Any, ...]]

_BUSY = (
    errors.LockNotAvailable,
    errors.DeadlockDetected,
    errors.SerializationFailure,
    errors.QueryCanceled,
    errors.UniqueViolation,
)
_LOST_SCHEMA = (errors.UndefinedTable, errors.UndefinedColumn)
_UNAVAILABLE = (psycopg.OperationalError, errors.ReadOnlySqlTransaction)

CONNECTION_WAIT = 1.0
"""Seconds a write waits at least for one of the pool's connections (a
skippable write waits much less for a lock, see config.QUICK_WAIT)."""

_FINISHED = """r.finished_at < %(cutoff)s AND NOT EXISTS (SELECT 1 FROM players p
    WHERE p.room = r.code AND p.is_bot = 0 AND p.gone_at IS NULL AND p.connected = 1
    AND p.last_seen >= %(present)s)"""
_ABANDONED = """r.updated_at < %(cutoff)s AND NOT EXISTS (SELECT 1 FROM players p
    WHERE p.room = r.code AND p.is_bot = 0 AND p.gone_at IS NULL
    AND p.last_seen >= %(cutoff)s)"""

_ROW = "code, version, next_deadline, created_at, updated_at, finished_at"
_PLAYER = "room, member_id, token_hash, name, is_bot, connected, last_seen, gone_at"


class PgStore:
    """Opens reads and write transactions on one PostgreSQL database.

    `url` is a libpq connection string (`postgresql://user:pass@host/db`;
    `?options=-csearch_path%3Dname` keeps the tables in another schema).
    Safe to share between threads. A database that cannot be reached when
    the store is made does not stop the app: every call reports it until
    the database answers, then the store prepares it.
    """

    def __init__(
        self, url: str, *, busy_timeout: float = BUSY_TIMEOUT, pool_size: int = POOL_SIZE
    ) -> None:
        self.url = url
        self.busy_timeout = busy_timeout
        self._describe: Describe | None = None
        self._current = False
        self._preparing = threading.Lock()
        self._pool: ConnectionPool[Connection] = ConnectionPool(
            url,
            min_size=min(2, max(1, pool_size)),
            max_size=max(1, pool_size),
            kwargs={"autocommit": True},
            timeout=busy_timeout,
            open=False,
            name="oneword",
        )
        self._pool.open(wait=False)
        try:
            with contextlib.suppress(StoreUnavailable, StoreBusy):
                self._ready()
        except BaseException:
            self._pool.close()  # a database from a newer app: refused at once
            raise

    def close(self) -> None:
        """Close the pool's connections (the database stays as it is)."""
        self._pool.close()

    def upgrade(self, describe: Describe) -> None:
        """Remember how to read a state (for upgrade steps that need it) and
        prepare the database now if it can be reached."""
        self._describe = describe
        self._current = False
        with contextlib.suppress(StoreUnavailable, StoreBusy):
            self._ready()

    def stamp(self) -> None:
        """No cheap mark of what the database holds: every poll reads."""
        return None

    @contextmanager
    def read(self) -> Iterator[PgTx]:
        """An autocommit connection: each statement sees committed data."""
        with self._failures():
            self._ready()
            with self._pool.connection(self.busy_timeout) as conn:
                yield PgTx(conn, locking=False)

    @contextmanager
    def write(self, busy_timeout: float | None = None) -> Iterator[PgTx]:
        """One transaction: committed if the block ends normally, rolled back
        on any exception. `busy_timeout` (seconds) bounds the wait for each
        lock; the wait for a free connection is at least CONNECTION_WAIT,
        as a busy pool is a queue of short calls, not a stuck writer."""
        wait = self.busy_timeout if busy_timeout is None else busy_timeout
        with self._failures():
            self._ready()
            with self._pool.connection(max(wait, CONNECTION_WAIT)) as conn:
                # One round trip: BEGIN and this transaction's lock wait.
                conn.execute(f"BEGIN; SET LOCAL lock_timeout = {max(1, round(wait * 1000))}")
                try:
                    yield PgTx(conn, locking=True)
                except BaseException:
                    with contextlib.suppress(psycopg.Error):
                        conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")

    def _ready(self) -> None:
        """Prepare the database on first use, and again after it lost its
        tables; free once it is current."""
        if self._current:
            return
        with self._preparing, self._failures():
            if self._current:
                return
            with self._pool.connection(self.busy_timeout) as conn:
                if not pg_schema.is_ready(conn):
                    pg_schema.prepare(conn, self._describe)
            self._current = True

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """Turn what the database did wrong into `StoreBusy` or
        `StoreUnavailable`; an error in our own SQL goes up as it is."""
        try:
            yield
        except PoolTimeout as problem:
            if self._unreachable():
                raise StoreUnavailable(f"cannot connect to the database: {problem}") from problem
            raise StoreBusy(str(problem)) from problem
        except _BUSY as problem:
            raise StoreBusy(str(problem)) from problem
        except _LOST_SCHEMA as problem:
            self._current = False
            raise StoreUnavailable(str(problem)) from problem
        except _UNAVAILABLE as problem:
            self._pool.check()  # drop the idle connections the server closed too
            raise StoreUnavailable(str(problem)) from problem

    def _unreachable(self) -> bool:
        """After the pool had no connection in time: is the server down
        (rather than every connection in use)? One direct attempt tells."""
        try:
            psycopg.connect(self.url, connect_timeout=2).close()
        except psycopg.Error:
            return True
        return False


class PgTx(ProfileRows):
    """Typed queries over one connection; `locking` (in a write) makes the
    first read of a room, and of the `alive_at` mark, lock its row."""

    def __init__(self, conn: Connection, *, locking: bool) -> None:
        self.conn = conn
        self._lock = " FOR UPDATE" if locking else ""
        self._row_lock = self._lock

    def _run(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self.conn.execute(sql.replace("?", "%s"), tuple(params))

    # Rooms

    def room_row(self, code: str) -> RoomRow | None:
        """The poll's query: one row by primary key, no state read."""
        found = self.conn.execute(
            f"SELECT {_ROW} FROM rooms WHERE code = %s{self._lock}", (code,)
        ).fetchone()
        return RoomRow(*found) if found else None

    def poll_room(self, code: str) -> RoomPoll | None:
        """The poll's one query (see `store.Tx.poll_room`)."""
        found = self.conn.execute(
            "SELECT r.code, r.version, r.next_deadline, r.created_at, r.updated_at,"
            " r.finished_at, p.room, p.member_id, p.token_hash, p.name, p.is_bot, p.connected,"
            " p.last_seen, p.gone_at"
            " FROM rooms r LEFT JOIN players p ON p.room = r.code WHERE r.code = %s",
            (code,),
        ).fetchall()
        return RoomPoll.of_rows(found, _player)

    def load(self, code: str) -> StoredRoom | None:
        found = self.conn.execute(
            f"SELECT {_ROW}, state FROM rooms WHERE code = %s{self._lock}", (code,)
        ).fetchone()
        if found is None:
            return None
        return StoredRoom(RoomRow(*found[:6]), found[6])

    def code_taken(self, code: str) -> bool:
        return (
            self.conn.execute("SELECT 1 FROM rooms WHERE code = %s", (code,)).fetchone() is not None
        )

    def insert_room(self, code: str, record: RoomRecord, now: float) -> int:
        """A new room at version 1 (two servers drawing the same free code
        at once: the second insert fails as busy and changes nothing)."""
        self.conn.execute(
            "INSERT INTO rooms (code, state, version, next_deadline, created_at, updated_at,"
            " finished_at) VALUES (%s, %s, 1, %s, %s, %s, %s)",
            (
                code,
                record.state_json,
                record.next_deadline,
                now,
                now,
                _finished_at(record, None, now),
            ),
        )
        self.mirror_members(code, record.members, now)
        return 1

    def save_room(self, row: RoomRow, record: RoomRecord, now: float) -> int:
        """Write a changed room over the one read as `row`, only if it is
        still at `row.version` (compare and set); returns the new version."""
        version = row.version + 1
        saved = self.conn.execute(
            "UPDATE rooms SET state = %s, version = %s, next_deadline = %s, updated_at = %s,"
            " finished_at = %s WHERE code = %s AND version = %s",
            (
                record.state_json,
                version,
                record.next_deadline,
                now,
                _finished_at(record, row.finished_at, now),
                row.code,
                row.version,
            ),
        )
        if saved.rowcount != 1:
            raise StoreBusy(f"room {row.code} changed since version {row.version} was read")
        self.mirror_members(row.code, record.members, now)
        return version

    def refresh(self, code: str, record: RoomRecord, now: float) -> None:
        """Re-write the poll columns of an unchanged room (no version bump)."""
        self.conn.execute(
            "UPDATE rooms SET next_deadline = %s WHERE code = %s", (record.next_deadline, code)
        )
        self.mirror_members(code, record.members, now)

    def delete_rooms(self, codes: Sequence[str]) -> None:
        """Rooms first locked in one order, so a delete never deadlocks
        with a writer that holds one of them."""
        wanted = list(codes)
        self.conn.execute(
            "SELECT code FROM rooms WHERE code = ANY(%s) ORDER BY code FOR UPDATE", (wanted,)
        )
        for table in ("actions", "players", "profile_seats", "counted_games"):
            self.conn.execute(f"DELETE FROM {table} WHERE room = ANY(%s)", (wanted,))
        self.conn.execute("DELETE FROM rooms WHERE code = ANY(%s)", (wanted,))

    def delete_expired(self, codes: Sequence[str], now: float, older_than: float) -> list[str]:
        """Delete those of `codes` still expired (checked again); returns them."""
        expired = self.expired_rooms(now, older_than, among=codes)
        self.delete_rooms(expired)
        return expired

    def expired_rooms(
        self, now: float, older_than: float, among: Sequence[str] | None = None
    ) -> list[str]:
        """Rooms nobody needs (see `store.Tx.expired_rooms`): at most
        CLEANUP_BATCH of each kind, through the indexes, or only `among`."""
        values = {
            "cutoff": now - older_than,
            "present": now - PRESENCE_TIMEOUT,
            "limit": CLEANUP_BATCH,
            "among": None if among is None else list(among),
        }
        if among is not None:
            query = (
                "SELECT r.code FROM rooms r WHERE r.code = ANY(%(among)s::text[])"
                f" AND (({_FINISHED}) OR ({_ABANDONED})) ORDER BY r.code"
            )
        else:
            query = (
                f"(SELECT r.code FROM rooms r WHERE {_FINISHED}"
                " ORDER BY r.finished_at LIMIT %(limit)s)"
                f" UNION (SELECT r.code FROM rooms r WHERE {_ABANDONED}"
                " ORDER BY r.updated_at LIMIT %(limit)s) ORDER BY 1"
            )
        return [code for (code,) in self.conn.execute(query, values).fetchall()]

    # Players

    def add_player(
        self, code: str, member_id: str, token_hash: str | None, name: str, bot: bool, now: float
    ) -> None:
        self.conn.execute(
            f"INSERT INTO players ({_PLAYER}) VALUES (%s, %s, %s, %s, %s, 1, %s, NULL)",
            (code, member_id, token_hash, name, int(bot), now),
        )

    def players(self, code: str) -> list[PlayerRow]:
        rows = self.conn.execute(
            f"SELECT {_PLAYER} FROM players WHERE room = %s", (code,)
        ).fetchall()
        return [_player(row) for row in rows]

    def find_player(self, code: str, matches: Callable[[str], bool]) -> PlayerRow | None:
        """The player whose stored token hash `matches` (compared by the
        caller in constant time, never SQL `=` on a secret)."""
        for player in self.players(code):
            if player.token_hash is not None and matches(player.token_hash):
                return player
        return None

    def touch(self, code: str, member_id: str, now: float) -> None:
        """A heartbeat: only `last_seen`, never the room's version."""
        self.conn.execute(
            "UPDATE players SET last_seen = %s WHERE room = %s AND member_id = %s",
            (now, code, member_id),
        )

    def touch_all(self, beats: Sequence[tuple[str, str, float]]) -> None:
        """Heartbeats heard since the last write, in one statement; a
        heartbeat never moves `last_seen` back."""
        if not beats:
            return
        with self.conn.cursor() as cursor:
            cursor.executemany(
                "UPDATE players SET last_seen = GREATEST(last_seen, %s)"
                " WHERE room = %s AND member_id = %s",
                [(at, code, member_id) for code, member_id, at in beats],
            )

    def mirror_members(self, code: str, members: Sequence[MemberRow], now: float) -> None:
        """Copy each member's name, bot flag and connection into `players`;
        a member no longer in the room gets `gone_at`; a member without a
        row (a bot) gets one, tokenless."""
        known = {p.member_id: p for p in self.players(code)}
        for member in members:
            if member.member_id not in known:
                self.add_player(code, member.member_id, None, member.name, member.bot, now)
        with self.conn.cursor() as cursor:
            cursor.executemany(
                "UPDATE players SET name = %s, is_bot = %s, connected = %s, gone_at = NULL "
                "WHERE room = %s AND member_id = %s",
                [(m.name, int(m.bot), int(m.connected), code, m.member_id) for m in members],
            )
            gone = [
                (now, code, pid)
                for pid, p in known.items()
                if pid not in {m.member_id for m in members} and p.gone_at is None
            ]
            if gone:
                cursor.executemany(
                    "UPDATE players SET connected = 0, gone_at = %s "
                    "WHERE room = %s AND member_id = %s",
                    gone,
                )

    def shift_last_seen(self, code: str, gap: float, until: float) -> None:
        """X-8: heartbeats heard before `until` move `gap` later, never past it."""
        self.conn.execute(
            "UPDATE players SET last_seen = LEAST(last_seen + %s, %s) "
            "WHERE room = %s AND last_seen < %s",
            (gap, until, code, until),
        )

    # Signs of life

    def alive_at(self) -> float | None:
        found = self.conn.execute(
            f"SELECT value FROM meta WHERE key = 'alive_at'{self._lock}"
        ).fetchone()
        return float(found[0]) if found else None

    def set_alive(self, now: float) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES ('alive_at', %s) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (repr(now),),
        )

    def last_activity(self) -> float | None:
        """The latest time anything was written (read only after a gap)."""
        found = self.conn.execute(
            "SELECT GREATEST(COALESCE("
            "(SELECT CAST(value AS double precision) FROM meta WHERE key = 'alive_at'), 0),"
            " COALESCE((SELECT MAX(updated_at) FROM rooms), 0),"
            " COALESCE((SELECT MAX(last_seen) FROM players), 0))"
        ).fetchone()
        return float(found[0]) if found and found[0] else None

    def add_outage(self, outage: Outage) -> None:
        self.conn.execute(
            "INSERT INTO outages (start_at, end_at) VALUES (%s, %s)", (outage.start, outage.end)
        )

    def outages(self, ended_after: float = 0.0) -> list[Outage]:
        rows = self.conn.execute(
            "SELECT start_at, end_at FROM outages WHERE end_at > %s ORDER BY end_at",
            (ended_after,),
        ).fetchall()
        return [Outage(start, end) for start, end in rows]

    def forget_outages(self, ended_before: float) -> None:
        self.conn.execute("DELETE FROM outages WHERE end_at < %s", (ended_before,))

    # Action log

    def log_actions(self, code: str, actions: Sequence[ActionRecord]) -> None:
        """Append accepted actions (the room's row lock orders the numbers)."""
        if not actions:
            return
        found = self.conn.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE room = %s", (code,)
        ).fetchone()
        last = int(found[0]) if found else 0
        with self.conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO actions (room, seq, at, member_id, action)"
                " VALUES (%s, %s, %s, %s, %s)",
                [
                    (code, last + i, action.at, action.member_id, action.action_json)
                    for i, action in enumerate(actions, start=1)
                ],
            )

    def actions(self, code: str) -> list[ActionRow]:
        rows = self.conn.execute(
            "SELECT seq, at, member_id, action FROM actions WHERE room = %s ORDER BY seq", (code,)
        ).fetchall()
        return [ActionRow(*row) for row in rows]

    # Saved word lists (W-5)

    def save_word_list(self, owner: str, name: str, words: Sequence[str], now: float) -> None:
        self.conn.execute(
            "INSERT INTO word_lists (owner, name, words, updated_at) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (owner, name) DO UPDATE SET words = excluded.words,"
            " updated_at = excluded.updated_at",
            (owner, name, json.dumps(list(words)), now),
        )

    def keep_newest_word_lists(self, owner: str, keep: int) -> None:
        self.conn.execute(
            "DELETE FROM word_lists WHERE owner = %s AND name NOT IN "
            "(SELECT name FROM word_lists WHERE owner = %s ORDER BY updated_at DESC LIMIT %s)",
            (owner, owner, keep),
        )

    def delete_word_lists_before(self, cutoff: float) -> None:
        self.conn.execute("DELETE FROM word_lists WHERE updated_at < %s", (cutoff,))

    def word_lists(self, owner: str) -> dict[str, list[str]]:
        rows = self.conn.execute(
            'SELECT name, words FROM word_lists WHERE owner = %s ORDER BY name COLLATE "C"',
            (owner,),
        ).fetchall()
        return {name: list(json.loads(words)) for name, words in rows}

    def delete_word_list(self, owner: str, name: str) -> None:
        self.conn.execute("DELETE FROM word_lists WHERE owner = %s AND name = %s", (owner, name))


def _player(row: tuple[Any, ...]) -> PlayerRow:
    room, member_id, token_hash, name, is_bot, connected, last_seen, gone_at = row
    return PlayerRow(
        room, member_id, token_hash, name, bool(is_bot), bool(connected), last_seen, gone_at
    )


def _finished_at(record: RoomRecord, before: float | None, now: float) -> float | None:
    """When the room's game ended; cleared when it goes back to its lobby."""
    if not record.finished:
        return None
    return before if before is not None else now

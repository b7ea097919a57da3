"""Rooms in PostgreSQL, shared by several app servers (H-4).

The same rows as the SQLite store (`sqlite_store`), with the same promises
to the room service (`protocol`) and the same queries (`room_rows`,
`profile_rows`), kept in PostgreSQL's own way:

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
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import errors
from psycopg_pool import ConnectionPool, PoolTimeout

from oneword.config import BUSY_TIMEOUT, CLEANUP_BATCH, POOL_SIZE, PRESENCE_TIMEOUT
from oneword.storage import pg_schema
from oneword.storage.records import (
    Describe,
    RoomRecord,
    RoomRow,
    StoreBusy,
    StoreUnavailable,
)
from oneword.storage.room_rows import Cursor, RoomRows, finished_at

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
        self.rooms_lost_at: float | None = None
        """A server's database is not deleted under it unnoticed as a file
        is: it is never set here."""
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


class PgTx(RoomRows):
    """Typed queries over one connection; `locking` (in a write) makes the
    first read of a room, and of the `alive_at` mark, lock its row."""

    _greatest = "GREATEST"
    _least = "LEAST"
    _outage_columns = ("start_at", "end_at")
    _bytewise = ' COLLATE "C"'

    def __init__(self, conn: Connection, *, locking: bool) -> None:
        self.conn = conn
        self._row_lock = " FOR UPDATE" if locking else ""

    def _run(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self.conn.execute(sql.replace("?", "%s"), tuple(params))

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cursor:
            cursor.executemany(sql.replace("?", "%s"), rows)

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
                finished_at(record, row.finished_at, now),
                row.code,
                row.version,
            ),
        )
        if saved.rowcount != 1:
            raise StoreBusy(f"room {row.code} changed since version {row.version} was read")
        self.mirror_members(row.code, record.members, now)
        return version

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

    def expired_rooms(
        self, now: float, older_than: float, among: Sequence[str] | None = None
    ) -> list[str]:
        """Rooms nobody needs (see `sqlite_tx.Tx.expired_rooms`): at most
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

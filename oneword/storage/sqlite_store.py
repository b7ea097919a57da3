"""Rooms in one SQLite file, shared by every page, bot and notebook (H-1).

An adapter: it saves what the room service hands it and gives it back,
and knows nothing of the rules. Each room is one row: its state as JSON
text plus a `version` that every write bumps, so a page can tell in one
cheap query that something changed. Beside it the store keeps what the
cheap poll needs without parsing the state, as the service worked it out
(`RoomRecord`): the next timer deadline, when the game ended, and per
player a token hash, the last heartbeat and whether they count as
connected. Accepted actions are appended to a log, as JSON text, so a game
can be replayed or audited. The schema and its upgrades are in
`migrations`; the queries, shared with PostgreSQL, in `room_rows` and
`profile_rows`.

Concurrency rules (measured, see docs/design.md):
- connections come from a small pool, each used by one thread at a time
  (opening one per operation cost about 0.3 ms, a large part of a poll);
  a connection that met an error is closed, not pooled again;
- WAL mode, so readers never wait for the writer;
- every write inside `BEGIN IMMEDIATE`: a deferred transaction that reads
  and then writes fails with "database is locked" under concurrent writers,
  busy timeout or not, because its read snapshot may be stale;
- a busy timeout, so writers queue instead of failing; a write that may be
  skipped (a heartbeat) asks for a short one.

Failures of the file itself (full disk, read-only, corrupt, deleted, a
writer holding the lock too long) leave as `StoreUnavailable` or
`StoreBusy`, never as a raw `sqlite3` error, and the store does not give
up on the file: it prepares it again when it was replaced or lost its
tables, so the app recovers without a restart when the file comes back.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlite_utils import Database

from oneword.config import BUSY_TIMEOUT, database_path
from oneword.storage import migrations
from oneword.storage.migrations import SCHEMA_VERSION
from oneword.storage.records import (
    Describe,
    PlayerRow,
    RoomRow,
    StoreBusy,
    StoredRoom,
    StoreError,
    StoreUnavailable,
)
from oneword.storage.shared_check import LOCAL_COMMITS, SHARE_FOR, SharedCheck
from oneword.storage.sqlite_tx import Tx, transaction

log = logging.getLogger("oneword")

__all__ = [
    "SCHEMA_VERSION",
    "PlayerRow",
    "RoomRow",
    "Store",
    "StoreBusy",
    "StoreError",
    "StoreUnavailable",
    "StoredRoom",
    "Tx",
]

_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})
_FILE_CODES = frozenset(
    {
        sqlite3.SQLITE_PERM,
        sqlite3.SQLITE_READONLY,
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_CORRUPT,
        sqlite3.SQLITE_FULL,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PROTOCOL,
        sqlite3.SQLITE_NOLFS,
        sqlite3.SQLITE_NOTADB,
    }
)
_LOST_SCHEMA = ("no such table", "no such column")

FileId = tuple[int, int]

Stamp = tuple[int, int, int, int]
"""What `Store.stamp` gives: the idle connection's serial (a new one is
opened for a file put in place), the file's size and time, and SQLite's
data version."""

POOL_SIZE = 8
"""Idle connections a store keeps for reuse; more threads at once open
their own and close them after use."""


class Store:
    """Opens connections to one SQLite file.

    A new file gets the whole schema on first use and a file from a newer
    app is refused at once; an older file is brought up to date by
    `upgrade`, which the room service calls when it is built (an upgrade
    may need to read the rooms' states, and only the service knows what
    they mean). A file that cannot be opened when the store is made (a
    "cold" start on a broken disk) does not stop the app: every call
    reports it until the file works, then the store prepares it.

    Safe to share between threads: every `read()` and `write()` takes a
    connection of its own from the pool (or opens one) and gives it back
    at the end, so no connection is used by two threads at once. The store
    also keeps one idle connection open, which never writes: when the last
    connection to a WAL file closes, SQLite checkpoints and deletes the
    WAL, which made every write about 10 ms slower (measured with
    benchmarks/bench_poll.py). It answers `stamp` (one thread at a time).
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        busy_timeout: float = BUSY_TIMEOUT,
        share_stamp_for: float = SHARE_FOR,
    ) -> None:
        self.path = Path(path) if path is not None else database_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.busy_timeout = busy_timeout
        self._shared_stamp = SharedCheck(self._look, share_stamp_for)
        """`stamp`, shared by the polls of the same few milliseconds."""
        self._describe: Describe | None = None
        self._prepared_for: FileId | None = None
        self._current = False
        self._keep_open: sqlite3.Connection | None = None
        self._watching = threading.Lock()
        """Held while the idle connection is asked for `stamp` or replaced."""
        self._opened = 0
        """How many idle connections were opened: part of a stamp, as each
        connection counts `data_version` on its own."""
        self.rooms_lost_at: float | None = None
        """When the file this store had prepared was found deleted or
        emptied, and a new empty one was made (None: never)."""
        self._pool: list[sqlite3.Connection] = []
        self._pool_lock = threading.Lock()
        self._generation = 0
        self._pooled_for: tuple[int, int] | None = None
        """Bumped whenever the file is prepared again: a connection opened
        before (perhaps on a file since replaced) is not pooled again."""
        self._preparing = threading.Lock()
        # A cold start on a broken file: each call reports it until it works.
        with contextlib.suppress(StoreUnavailable, StoreBusy):
            self._ready()

    def close(self) -> None:
        """Let go of the idle connection (the file stays as it is)."""
        self._shared_stamp.forget()
        with self._watching:
            if self._keep_open is not None:
                self._keep_open.close()
                self._keep_open = None
        with self._pool_lock:
            idle, self._pool = self._pool, []
            self._generation += 1
        for conn in idle:
            conn.close()

    def upgrade(self, describe: Describe) -> None:
        """Bring an older file up to SCHEMA_VERSION, in one transaction;
        `describe` turns a stored state's JSON into a fresh record. Does
        nothing once the file is current; kept for a file that comes back
        older (a backup put in place), and for a file that cannot be read
        now, which is upgraded on the first call that can."""
        self._describe = describe
        with contextlib.suppress(StoreUnavailable, StoreBusy):
            self._ready()

    def stamp(self) -> Stamp | None:
        """A mark of everything committed to the file so far, by any
        connection of any process: while it stays the same, nothing was
        committed, and a poll may answer from what it read before. One look
        at the file answers the polls of the next few milliseconds, until
        this process commits (`shared_check`): another process's commit
        reaches them that much later. None when the file cannot be asked
        now: the caller then reads."""
        return self._shared_stamp()

    def _look(self) -> Stamp | None:
        """The stamp as the file gives it now. SQLite's `PRAGMA
        data_version` on the store's idle connection (which never writes)
        moves with every commit of any other connection, this
        process's or another's; the file's `stat` adds what SQLite cannot
        see (a file put in place, bytes written behind its back)."""
        found = _stat(self.path)
        if found is None or self._prepared_for != (found.st_dev, found.st_ino):
            return None
        try:
            with self._watching:
                if self._keep_open is None:
                    return None
                version = self._keep_open.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return None
        return (self._opened, found.st_size, found.st_mtime_ns, version)

    @contextmanager
    def read(self) -> Iterator[Tx]:
        """A connection for reads; each statement sees committed data."""
        with self._failures(), self._pooled(None) as conn:
            yield Tx(conn)

    @contextmanager
    def write(self, busy_timeout: float | None = None) -> Iterator[Tx]:
        """One `BEGIN IMMEDIATE` transaction: committed if the block ends
        normally, rolled back on any exception (a refused action changes
        nothing). `busy_timeout` (seconds) overrides how long it waits for
        another writer."""
        wait = self.busy_timeout if busy_timeout is None else busy_timeout
        try:
            with self._failures(), self._pooled(wait) as conn, transaction(conn):
                yield Tx(conn)
        finally:
            LOCAL_COMMITS.note()  # this process's polls look at the file again

    @contextmanager
    def _pooled(self, busy_timeout: float | None) -> Iterator[sqlite3.Connection]:
        """A connection for this thread alone, given back when the block
        ends normally; one that saw an exception is closed instead (it may
        be in a state nobody should inherit). `busy_timeout` is set on it
        for a write; a read keeps the store's."""
        found = _stat(self.path)
        self._ready_at(found)
        written = None if found is None else (found.st_mtime_ns, found.st_size)
        with self._pool_lock:
            if written != self._pooled_for:
                # Written behind SQLite's back (a checkpoint, or bytes
                # copied over it): a pooled connection could trust pages
                # it cached, so start afresh.
                stale, self._pool, self._pooled_for = self._pool, [], written
            else:
                stale = []
            conn = self._pool.pop() if self._pool else None
            generation = self._generation
        for old in stale:
            old.close()
        if conn is None:
            conn = self._connect()
        try:
            if busy_timeout is not None:
                conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            yield conn
        except BaseException:
            conn.close()
            raise
        if busy_timeout is not None and busy_timeout != self.busy_timeout:
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        with self._pool_lock:
            keep = (
                generation == self._generation
                and len(self._pool) < POOL_SIZE
                and not conn.in_transaction
            )
            if keep:
                self._pool.append(conn)
        if not keep:
            conn.close()

    def _connect(self, busy_timeout: float | None = None) -> sqlite3.Connection:
        """isolation_level=None: we issue BEGIN/COMMIT ourselves, so Python's
        sqlite3 never opens a deferred transaction behind our back. Any
        thread may use it (`check_same_thread=False`), one at a time: the
        pool hands it to one thread only."""
        timeout = self.busy_timeout if busy_timeout is None else busy_timeout
        conn = sqlite3.connect(
            self.path, timeout=timeout, isolation_level=None, check_same_thread=False
        )
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    def _note_rooms_lost(self) -> None:
        """The file this store had prepared is gone or has no tables: its
        rooms are lost. Said once in the log, with where to look."""
        if self.rooms_lost_at is None:
            log.error(
                "database: %s was deleted or emptied while the app ran; its rooms are gone "
                "and a new empty file is in use. Check what removes or replaces it (a cleanup "
                "job, a redeploy, another app on the same path, a temporary folder).",
                self.path,
            )
        self.rooms_lost_at = time.time()

    def _ready(self) -> None:
        """Prepare the file on first use, and again when it was deleted or
        replaced (another inode) or lost its tables: cheap when nothing
        changed (one `stat`)."""
        self._ready_at(_stat(self.path))

    def _ready_at(self, found: os.stat_result | None) -> None:
        """`_ready`, with the file's `stat` already taken."""
        file_id = None if found is None else (found.st_dev, found.st_ino)
        same_file = self._prepared_for is not None and self._prepared_for == file_id
        if same_file and (self._current or self._describe is None):
            return
        with self._preparing, self._failures():
            self._prepare()

    def _prepare(self) -> None:
        """WAL on, the schema of a new file (or the tables it lost), the
        upgrade of an older one (once the service said how), and a fresh
        idle connection. A file that is current is only read, so a
        read-only file still serves reads."""
        self.close()
        self._prepared_for = None
        conn = self._connect()
        try:
            db = Database(conn, recursive_triggers=False, execute_plugins=False)
            if not migrations.is_ready(db):
                if self._opened:
                    self._note_rooms_lost()
                conn.execute("PRAGMA journal_mode=WAL")
                with transaction(conn):
                    self._current = migrations.prepare(db)
                    if not self._current and self._describe is not None:
                        migrations.migrate(Tx(conn), self._describe)
                        self._current = True
            else:
                self._current = True
                if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                    conn.execute("PRAGMA journal_mode=WAL")
        finally:
            conn.close()
        with self._watching:
            self._keep_open = self._connect()
            self._opened += 1
        self._prepared_for = _file_id(self.path)
        LOCAL_COMMITS.note()

    @contextmanager
    def _failures(self) -> Iterator[None]:
        """Turn what the file did wrong into `StoreUnavailable` or
        `StoreBusy`; an error in our own SQL (a bug) goes up as it is. A
        file that lost its tables is prepared again on the next call."""
        try:
            yield
        except sqlite3.Error as problem:
            code = getattr(problem, "sqlite_errorcode", -1) & 0xFF
            if code in _BUSY_CODES:
                raise StoreBusy(str(problem)) from problem
            lost = any(text in str(problem) for text in _LOST_SCHEMA)
            if lost:
                self._prepared_for = None
            if lost or code in _FILE_CODES or type(problem) is sqlite3.DatabaseError:
                raise StoreUnavailable(str(problem)) from problem
            raise
        except OSError as problem:
            raise StoreUnavailable(str(problem)) from problem


def _stat(path: Path) -> os.stat_result | None:
    """The file's `stat` (None: there is none). Its inode tells whether the
    file was replaced; its time and size whether it was written behind
    SQLite's back (WAL writes change neither; a checkpoint or a copy over
    it does)."""
    try:
        return os.stat(path)
    except OSError:
        return None


def _file_id(path: Path) -> FileId | None:
    """Which file is at `path` now (None: there is none)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino

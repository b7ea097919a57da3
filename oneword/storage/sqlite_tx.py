"""One SQLite transaction's queries: the room queries both databases share
(`room_rows`) run over an open connection, and the three that SQLite says
its own way (the save, the delete, the expired-room search)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlite_utils import Database

from oneword.config import CLEANUP_BATCH, PRESENCE_TIMEOUT
from oneword.storage.records import RoomRecord, RoomRow
from oneword.storage.room_rows import Cursor, RoomRows, finished_at


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception (SQLite may
    have rolled back already after an I/O error: that is not a new one)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


class Tx(RoomRows):
    """Typed queries over one open connection (inside `Store.read/write`)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._db: Database | None = None

    @property
    def db(self) -> Database:
        """sqlite-utils over this connection, made when first needed (the
        poll's queries do without it)."""
        if self._db is None:
            self._db = Database(self.conn, recursive_triggers=False, execute_plugins=False)
        return self._db

    def _run(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return self.conn.execute(sql, tuple(params))

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    def save_room(self, row: RoomRow, record: RoomRecord, now: float) -> int:
        """Write a changed room over the one read as `row`; returns the new
        version. The file's one writer at a time (`BEGIN IMMEDIATE`) means
        the row is still as read: no version check is needed."""
        version = row.version + 1
        self._run(
            "UPDATE rooms SET state = ?, version = ?, next_deadline = ?, updated_at = ?,"
            " finished_at = ? WHERE code = ?",
            (
                record.state_json,
                version,
                record.next_deadline,
                now,
                finished_at(record, row.finished_at, now),
                row.code,
            ),
        )
        self.mirror_members(row.code, record.members, now)
        return version

    def delete_rooms(self, codes: Sequence[str]) -> None:
        for table in ("actions", "players", "profile_seats", "counted_games"):
            self.conn.executemany(f"DELETE FROM {table} WHERE room = ?", [(c,) for c in codes])
        self.conn.executemany("DELETE FROM rooms WHERE code = ?", [(c,) for c in codes])

    def expired_rooms(
        self, now: float, older_than: float, among: Sequence[str] | None = None
    ) -> list[str]:
        """Rooms nobody needs: finished more than `older_than` ago with nobody
        on the results page, or with no heartbeat and no change for that long.
        At most CLEANUP_BATCH of each kind, the longest expired first, found
        through the indexes on `finished_at` and `updated_at` (the rooms
        still in use are never read). `among` limits the check to these
        codes instead (to check again, in the write lock, what an earlier
        read found)."""
        values = {
            "cutoff": now - older_than,
            "present": now - PRESENCE_TIMEOUT,
            "limit": CLEANUP_BATCH,
            "among": None if among is None else json.dumps(list(among)),
        }
        if among is not None:
            query = (
                "SELECT r.code FROM rooms r WHERE r.code IN (SELECT value FROM json_each(:among))"
                f" AND (({_FINISHED}) OR ({_ABANDONED}))"
            )
        else:
            query = (
                "SELECT code FROM (SELECT r.code FROM rooms r"
                f" WHERE {_FINISHED} ORDER BY r.finished_at LIMIT :limit)"
                " UNION SELECT code FROM (SELECT r.code FROM rooms r"
                f" WHERE {_ABANDONED} ORDER BY r.updated_at LIMIT :limit)"
            )
        return [code for (code,) in self.conn.execute(query, values).fetchall()]


_FINISHED = """r.finished_at < :cutoff AND NOT EXISTS (SELECT 1 FROM players p
    WHERE p.room = r.code AND p.is_bot = 0 AND p.gone_at IS NULL AND p.connected = 1
    AND p.last_seen >= :present)"""
"""A game over for a while, with nobody left on its results page."""
_ABANDONED = """r.updated_at < :cutoff AND NOT EXISTS (SELECT 1 FROM players p
    WHERE p.room = r.code AND p.is_bot = 0 AND p.gone_at IS NULL AND p.last_seen >= :cutoff)"""
"""A room unchanged for a while, with no heartbeat for as long."""

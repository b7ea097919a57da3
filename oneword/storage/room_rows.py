"""The room tables' queries, shared by both backends (H-1, H-4).

SQLite and PostgreSQL read the same SQL here, as with the profile tables
(`profile_rows`): each store's transaction class mixes this in and says how
it runs one statement (`_run`) and one statement over many rows
(`_run_many`), with `?` placeholders either way. What the two dialects
really do differently stays in the stores: saving a room (PostgreSQL
compares and sets the version, since several servers write), deleting
rooms (PostgreSQL locks them in one order first), finding expired rooms
(JSON and array functions differ); and, as class attributes here, the row
lock a read in a write takes, the names of the two-argument MAX and MIN,
the outage columns and a bytewise sort.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from oneword.storage.class_rows import ClassRows
from oneword.storage.profile_rows import Cursor, ProfileRows
from oneword.storage.records import (
    ActionRecord,
    ActionRow,
    MemberRow,
    Outage,
    PlayerRow,
    RoomPoll,
    RoomRecord,
    RoomRow,
    StoredRoom,
)

ROOM_COLUMNS = "code, version, next_deadline, created_at, updated_at, finished_at"
PLAYER_COLUMNS = "room, member_id, token_hash, name, is_bot, connected, last_seen, gone_at"
_POLL_COLUMNS = (
    ", ".join(f"r.{c}" for c in ROOM_COLUMNS.split(", "))
    + ", "
    + (", ".join(f"p.{c}" for c in PLAYER_COLUMNS.split(", ")))
)


class RoomRows(ProfileRows, ClassRows):
    """The room, player, log, outage and word-list queries over one open
    transaction (a mixin, like `ProfileRows`)."""

    _greatest = "MAX"
    """The larger of two values: SQLite's scalar MAX, PostgreSQL's GREATEST."""
    _least = "MIN"
    _outage_columns = ("start", "end")
    """PostgreSQL reserves `end`, so its table names them start_at, end_at."""
    _bytewise = ""
    """Sorts text by its bytes: SQLite's default, PostgreSQL's COLLATE "C"."""

    def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        raise NotImplementedError

    # Rooms

    def room_row(self, code: str) -> RoomRow | None:
        """The room's bookkeeping, no state read (locked in a write where
        the backend locks rows)."""
        found = self._run(
            f"SELECT {ROOM_COLUMNS} FROM rooms WHERE code = ?{self._row_lock}", (code,)
        ).fetchone()
        return RoomRow(*found) if found else None

    def poll_room(self, code: str) -> RoomPoll | None:
        """The poll's one query: the room's row and its players' rows
        (None when there is no such room)."""
        found = self._run(
            f"SELECT {_POLL_COLUMNS} FROM rooms r LEFT JOIN players p ON p.room = r.code"
            " WHERE r.code = ?",
            (code,),
        ).fetchall()
        return RoomPoll.of_rows(found, player_row)

    def load(self, code: str) -> StoredRoom | None:
        found = self._run(
            f"SELECT {ROOM_COLUMNS}, state FROM rooms WHERE code = ?{self._row_lock}", (code,)
        ).fetchone()
        if found is None:
            return None
        return StoredRoom(RoomRow(*found[:6]), found[6])

    def code_taken(self, code: str) -> bool:
        """A room or a class has the code (one namespace: a student types either)."""
        found = self._run(
            "SELECT 1 FROM rooms WHERE code = ? UNION ALL SELECT 1 FROM classes WHERE code = ?",
            (code, code),
        )
        return found.fetchone() is not None

    def insert_room(self, code: str, record: RoomRecord, now: float) -> int:
        """A new room at version 1 (two servers drawing the same free code
        at once: the second insert fails as busy and changes nothing)."""
        self._run(
            f"INSERT INTO rooms ({ROOM_COLUMNS}, state) VALUES (?, 1, ?, ?, ?, ?, ?)",
            (
                code,
                record.next_deadline,
                now,
                now,
                finished_at(record, None, now),
                record.state_json,
            ),
        )
        self.mirror_members(code, record.members, now)
        return 1

    def refresh(self, code: str, record: RoomRecord, now: float) -> None:
        """Re-write the poll columns of an unchanged room without bumping
        the version (repairs a row written by an older schema)."""
        self._run("UPDATE rooms SET next_deadline = ? WHERE code = ?", (record.next_deadline, code))
        self.mirror_members(code, record.members, now)

    def delete_rooms(self, codes: Sequence[str]) -> None:
        raise NotImplementedError

    def expired_rooms(
        self, now: float, older_than: float, among: Sequence[str] | None = None
    ) -> list[str]:
        raise NotImplementedError

    def delete_expired(self, codes: Sequence[str], now: float, older_than: float) -> list[str]:
        """Delete those of `codes` that are still expired (each checked again:
        a room may have come back to life since it was read); returns them."""
        expired = self.expired_rooms(now, older_than, among=codes)
        self.delete_rooms(expired)
        return expired

    # Players

    def add_player(
        self, code: str, member_id: str, token_hash: str | None, name: str, bot: bool, now: float
    ) -> None:
        self._run(
            f"INSERT INTO players ({PLAYER_COLUMNS}) VALUES (?, ?, ?, ?, ?, 1, ?, NULL)",
            (code, member_id, token_hash, name, int(bot), now),
        )

    def players(self, code: str) -> list[PlayerRow]:
        rows = self._run(f"SELECT {PLAYER_COLUMNS} FROM players WHERE room = ?", (code,))
        return [player_row(row) for row in rows.fetchall()]

    def find_player(self, code: str, matches: Callable[[str], bool]) -> PlayerRow | None:
        """The player of this room whose stored token hash `matches`; the
        caller compares in constant time, never SQL `=` on a secret."""
        for player in self.players(code):
            if player.token_hash is not None and matches(player.token_hash):
                return player
        return None

    def touch(self, code: str, member_id: str, now: float) -> None:
        """A heartbeat: only `last_seen`, never the room's version."""
        self._run(
            "UPDATE players SET last_seen = ? WHERE room = ? AND member_id = ?",
            (now, code, member_id),
        )

    def touch_all(self, beats: Sequence[tuple[str, str, float]]) -> None:
        """Heartbeats heard since the last write, `(room, member, at)`, in
        one statement; a heartbeat never moves `last_seen` back."""
        if not beats:
            return
        self._run_many(
            f"UPDATE players SET last_seen = {self._greatest}(last_seen, ?)"
            " WHERE room = ? AND member_id = ?",
            [(at, code, member_id) for code, member_id, at in beats],
        )

    def mirror_members(self, code: str, members: Sequence[MemberRow], now: float) -> None:
        """Copy name, bot flag and connection of every member into `players`;
        a member no longer in the room (left, kicked) gets `gone_at`.
        Members without a row (bots added by the engine) get one, tokenless."""
        known = {p.member_id: p for p in self.players(code)}
        for member in members:
            if member.member_id not in known:
                self.add_player(code, member.member_id, None, member.name, member.bot, now)
        self._run_many(
            "UPDATE players SET name = ?, is_bot = ?, connected = ?, gone_at = NULL "
            "WHERE room = ? AND member_id = ?",
            [(m.name, int(m.bot), int(m.connected), code, m.member_id) for m in members],
        )
        present = {m.member_id for m in members}
        gone = [
            (now, code, pid) for pid, p in known.items() if pid not in present and p.gone_at is None
        ]
        if gone:
            self._run_many(
                "UPDATE players SET connected = 0, gone_at = ? WHERE room = ? AND member_id = ?",
                gone,
            )

    def shift_last_seen(self, code: str, gap: float, until: float) -> None:
        """X-8: move the heartbeats heard before `until` (the server's
        return) `gap` seconds later, never past `until`."""
        self._run(
            f"UPDATE players SET last_seen = {self._least}(last_seen + ?, ?)"
            " WHERE room = ? AND last_seen < ?",
            (gap, until, code, until),
        )

    # Signs of life: when the server was last alive, and when it was away

    def alive_at(self) -> float | None:
        found = self._run(
            f"SELECT value FROM meta WHERE key = 'alive_at'{self._row_lock}"
        ).fetchone()
        return float(found[0]) if found else None

    def set_alive(self, now: float) -> None:
        self._run(
            "INSERT INTO meta (key, value) VALUES ('alive_at', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (repr(now),),
        )

    def last_activity(self) -> float | None:
        """The latest time anything was written: the `alive_at` mark, a
        room's change or a heartbeat (only read when a gap was found)."""
        found = self._run(
            f"SELECT {self._greatest}(COALESCE("
            "(SELECT CAST(value AS double precision) FROM meta WHERE key = 'alive_at'), 0),"
            " COALESCE((SELECT MAX(updated_at) FROM rooms), 0),"
            " COALESCE((SELECT MAX(last_seen) FROM players), 0))"
        ).fetchone()
        return float(found[0]) if found and found[0] else None

    def add_outage(self, outage: Outage) -> None:
        start, end = self._outage_columns
        self._run(f"INSERT INTO outages ({start}, {end}) VALUES (?, ?)", (outage.start, outage.end))

    def outages(self, ended_after: float = 0.0) -> list[Outage]:
        """The times the server was away that ended after `ended_after`, in order."""
        start, end = self._outage_columns
        rows = self._run(
            f"SELECT {start}, {end} FROM outages WHERE {end} > ? ORDER BY {end}", (ended_after,)
        ).fetchall()
        return [Outage(began, ended) for began, ended in rows]

    def forget_outages(self, ended_before: float) -> None:
        """Outages older than any room that could still need them."""
        self._run(f"DELETE FROM outages WHERE {self._outage_columns[1]} < ?", (ended_before,))

    # Action log

    def log_actions(self, code: str, actions: Sequence[ActionRecord]) -> None:
        """Append accepted actions, each with the time it was applied (the
        room's write lock orders the numbers)."""
        if not actions:
            return
        found = self._run(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE room = ?", (code,)
        ).fetchone()
        last = int(found[0]) if found else 0
        self._run_many(
            "INSERT INTO actions (room, seq, at, member_id, action) VALUES (?, ?, ?, ?, ?)",
            [
                (code, last + i, action.at, action.member_id, action.action_json)
                for i, action in enumerate(actions, start=1)
            ],
        )

    def actions(self, code: str) -> list[ActionRow]:
        rows = self._run(
            "SELECT seq, at, member_id, action FROM actions WHERE room = ? ORDER BY seq", (code,)
        ).fetchall()
        return [ActionRow(*row) for row in rows]

    # Saved word lists (W-5), per device key's hash

    def save_word_list(self, owner: str, name: str, words: Sequence[str], now: float) -> None:
        self._run(
            "INSERT INTO word_lists (owner, name, words, updated_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (owner, name) DO UPDATE SET words = excluded.words,"
            " updated_at = excluded.updated_at",
            (owner, name, json.dumps(list(words)), now),
        )

    def keep_newest_word_lists(self, owner: str, keep: int) -> None:
        """Forget this owner's lists beyond the newest `keep`."""
        self._run(
            "DELETE FROM word_lists WHERE owner = ? AND name NOT IN "
            "(SELECT name FROM word_lists WHERE owner = ? ORDER BY updated_at DESC LIMIT ?)",
            (owner, owner, keep),
        )

    def delete_word_lists_before(self, cutoff: float) -> None:
        """Forget lists nobody has saved since `cutoff` (their device's
        cookie has expired by then)."""
        self._run("DELETE FROM word_lists WHERE updated_at < ?", (cutoff,))

    def word_lists(self, owner: str) -> dict[str, list[str]]:
        rows = self._run(
            f"SELECT name, words FROM word_lists WHERE owner = ? ORDER BY name{self._bytewise}",
            (owner,),
        ).fetchall()
        return {name: list(json.loads(words)) for name, words in rows}

    def delete_word_list(self, owner: str, name: str) -> None:
        self._run("DELETE FROM word_lists WHERE owner = ? AND name = ?", (owner, name))


def player_row(row: Sequence[Any]) -> PlayerRow:
    room, member_id, token_hash, name, is_bot, connected, last_seen, gone_at = row
    return PlayerRow(
        room, member_id, token_hash, name, bool(is_bot), bool(connected), last_seen, gone_at
    )


def finished_at(record: RoomRecord, before: float | None, now: float) -> float | None:
    """When the room's game ended; cleared when the room goes back to its lobby."""
    if not record.finished:
        return None
    return before if before is not None else now


__all__ = ["PLAYER_COLUMNS", "ROOM_COLUMNS", "Cursor", "RoomRows", "finished_at", "player_row"]

"""The class-session queries, shared by both backends (as `profile_rows`).

A class (a teacher's class list and the rooms made for it) is one row:
its code, which shares the room codes' namespace so a student can type
either, the SHA-256 of the teacher's key (the key itself is never
stored), and its state as JSON, which `oneword.classes` reads. A save
compares and sets the version, so two students taking a seat at once on
two servers are written one after the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from oneword.storage.profile_rows import Cursor
from oneword.storage.records import ClassRow

_CLASS = "code, teacher_hash, state, version, created_at, updated_at"


class ClassRows:
    """The class queries over one open transaction (a mixin)."""

    _row_lock = ""

    if TYPE_CHECKING:  # each store's transaction runs the statements (`_run`)

        def _run(self, sql: str, params: Sequence[Any] = ()) -> Cursor: ...

    def insert_class(self, row: ClassRow) -> None:
        self._run(
            f"INSERT INTO classes ({_CLASS}) VALUES (?, ?, ?, ?, ?, ?)",
            (
                row.code,
                row.teacher_hash,
                row.state_json,
                row.version,
                row.created_at,
                row.updated_at,
            ),
        )

    def class_row(self, code: str, lock: bool = False) -> ClassRow | None:
        """One class; `lock` (in a write) holds its row to the end."""
        found = self._run(
            f"SELECT {_CLASS} FROM classes WHERE code = ?{self._row_lock if lock else ''}",
            (code,),
        ).fetchone()
        return ClassRow(*found) if found else None

    def save_class(self, row: ClassRow, state_json: str, now: float) -> bool:
        """Write a class over the one read as `row`; False if another
        write came first (the caller reads it again)."""
        done = self._run(
            "UPDATE classes SET state = ?, version = version + 1, updated_at = ? "
            "WHERE code = ? AND version = ?",
            (state_json, now, row.code, row.version),
        )
        return done.rowcount == 1

    def delete_classes_before(self, cutoff: float) -> None:
        """Classes nobody changed since `cutoff` (their rooms expire on their own)."""
        self._run("DELETE FROM classes WHERE updated_at < ?", (cutoff,))

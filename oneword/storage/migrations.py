"""The SQLite schema and the steps that bring an older file up to date.

Every step runs inside the caller's `BEGIN IMMEDIATE` transaction: a crash
leaves the old schema intact, and two processes starting at once migrate
only once (the second finds the file current). Steps that need to know
what a room's state means get a `describe` callable from the service, so
the store never imports the rules engine.

Versions:
1. the first release (no `next_deadline`, `finished_at`, `gone_at`);
2. adds them, so a poll needs no state parsing and cleanup knows what ended;
3. adds `word_lists`, teachers' saved lists (W-5);
4. every room's state is parsed with the current models and written back,
   so upgrades the models make when reading old JSON are stored once;
5. adds `outages`, the times the server was away (X-8), and the `meta` row
   `alive_at` that shows it was not;
6. adds the profile tables (PR, see `profile_rows`).
7. indexes rooms by when they last changed and when their game ended, so
   cleanup finds the expired ones without reading every room;
8. adds `classes`, a teacher's class sessions (see `class_rows`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Protocol

from sqlite_utils import Database

from oneword.storage.class_schema import CLASS_TABLES, create_class_tables
from oneword.storage.profile_schema import PROFILE_TABLES, create_profile_tables
from oneword.storage.records import Describe, MemberRow, StoreError


class Tx(Protocol):
    """What a migration step uses of the store's transaction: the open
    connection, sqlite-utils over it, and the members' mirror table."""

    @property
    def conn(self) -> sqlite3.Connection: ...

    @property
    def db(self) -> Database: ...

    def mirror_members(self, code: str, members: Sequence[MemberRow], now: float) -> None: ...


SCHEMA_VERSION = 8


def schema_version(db: Database) -> int:
    """0 for an empty file; 1 for a v1 file (it has no `meta` to say so)."""
    if not db.table("meta").exists():
        return 1 if db.table("rooms").exists() else 0
    found = db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(found[0]) if found else 1


TABLES = (
    "rooms",
    "players",
    "actions",
    "meta",
    "word_lists",
    "outages",
    *PROFILE_TABLES,
    *CLASS_TABLES,
)


def is_ready(db: Database) -> bool:
    """Is the file current, with every table there (a read, no lock)?"""
    return schema_version(db) == SCHEMA_VERSION and all(db.table(t).exists() for t in TABLES)


def prepare(db: Database) -> bool:
    """Create the schema of a new file (or the tables a current one lost)
    and refuse a newer one; True when the file needs no migration (the
    rest waits for `migrate`)."""
    version = schema_version(db)
    _refuse_newer(version)
    if version in (0, SCHEMA_VERSION):
        _create(db)
        _set_version(db, SCHEMA_VERSION)
        return True
    return False


def migrate(tx: Tx, describe: Describe) -> None:
    """Bring the file up to SCHEMA_VERSION, one step after the other."""
    db = tx.db
    version = schema_version(db)
    _refuse_newer(version)
    if version == 0:
        _create(db)
    if version == 1:
        _migrate_1_to_2(tx, describe)
    if 1 <= version <= 2:
        _create_word_lists(db)
    if 1 <= version <= 3:
        _migrate_3_to_4(tx, describe)
    if 1 <= version <= 4:
        _create_outages(db)
    if 1 <= version <= 5:
        create_profile_tables(tx.conn)
    if 1 <= version <= 6:
        _create_indexes(db)
    if 1 <= version <= 7:
        create_class_tables(tx.conn)
    _set_version(db, SCHEMA_VERSION)


def _refuse_newer(version: int) -> None:
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"The database was written by a newer app (schema {version}, "
            f"this app knows {SCHEMA_VERSION}): upgrade the app."
        )


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
        if_not_exists=True,
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
        if_not_exists=True,
    )
    _create_actions_and_meta(db)
    _create_word_lists(db)
    _create_outages(db)
    create_profile_tables(db.conn)
    _create_indexes(db)
    create_class_tables(db.conn)


def _create_indexes(db: Database) -> None:
    """v7: cleanup walks rooms from the longest unchanged, and finished
    games from the longest over, and stops after a batch."""
    db.execute("CREATE INDEX IF NOT EXISTS rooms_by_update ON rooms (updated_at)")
    db.execute("CREATE INDEX IF NOT EXISTS rooms_by_finish ON rooms (finished_at)")


def _create_word_lists(db: Database) -> None:
    """v3: teachers' saved word lists (W-5), kept per device key's hash."""
    db.table("word_lists").create(
        {"owner": str, "name": str, "words": str, "updated_at": float},
        pk=("owner", "name"),
        not_null={"words", "updated_at"},
        if_not_exists=True,
    )


def _create_outages(db: Database) -> None:
    """v5: when the server was away, so each room's clocks can stand still
    for that time when it is next used (X-8)."""
    db.table("outages").create(
        {"start": float, "end": float}, not_null={"start", "end"}, if_not_exists=True
    )


def _create_actions_and_meta(db: Database) -> None:
    db.table("actions").create(
        {"room": str, "seq": int, "at": float, "member_id": str, "action": str},
        pk=("room", "seq"),
        not_null={"at", "action"},
        if_not_exists=True,
    )
    db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)


def _migrate_1_to_2(tx: Tx, describe: Describe) -> None:
    """v1 had no poll columns: add them and fill them from each state."""
    db = tx.db
    db.table("rooms").add_column("next_deadline", float)
    db.table("rooms").add_column("finished_at", float)
    db.table("players").add_column("gone_at", float)
    _create_actions_and_meta(db)
    rooms = db.execute("SELECT code, state, updated_at FROM rooms").fetchall()
    for code, state_json, updated_at in rooms:
        record = describe(state_json)
        db.execute(
            "UPDATE rooms SET next_deadline = ?, finished_at = ? WHERE code = ?",
            (record.next_deadline, updated_at if record.finished else None, code),
        )
        tx.mirror_members(code, record.members, updated_at)


def _migrate_3_to_4(tx: Tx, describe: Describe) -> None:
    """Write every room's state back as the current models read it, so an
    upgrade done on load (old field values read into new ones) is done
    once. The version is not bumped: the game has not changed."""
    rooms = tx.db.execute("SELECT code, state FROM rooms").fetchall()
    tx.conn.executemany(
        "UPDATE rooms SET state = ? WHERE code = ?",
        [(describe(state_json).state_json, code) for code, state_json in rooms],
    )


def _set_version(db: Database, version: int) -> None:
    db.table("meta").upsert({"key": "schema_version", "value": str(version)}, pk="key")

"""The PostgreSQL schema (H-4), created once however many servers start.

Every app server prepares the database when it starts. The work runs in
one transaction that first takes a transaction-level advisory lock, so two
servers starting together queue: the first creates the tables, the second
finds them current and changes nothing (concurrent `CREATE TABLE IF NOT
EXISTS` would otherwise race in PostgreSQL's catalogue and fail).

The tables mirror the SQLite ones (see `migrations`) with PostgreSQL's
types: times are `double precision` seconds, flags `smallint`. Version 2
adds the profile tables (`profile_schema`), version 3 the class table
(`class_schema`). A later version adds its step
to `_STEPS` and gets the service's `describe` for steps that must read
states.
"""

from __future__ import annotations

from collections.abc import Callable

import psycopg

from oneword.storage import migrations
from oneword.storage.class_schema import create_class_tables
from oneword.storage.profile_schema import create_profile_tables
from oneword.storage.records import Describe, StoreError

SCHEMA_VERSION = 3

ADVISORY_KEY = 0x6F6E65776F7264
"""The advisory lock's key ("oneword" in ASCII): one per database."""

TABLES = migrations.TABLES
"""The same tables as a SQLite file's."""

_CREATE = """
CREATE TABLE IF NOT EXISTS rooms (
    code text PRIMARY KEY,
    state text NOT NULL,
    version bigint NOT NULL,
    next_deadline double precision,
    created_at double precision NOT NULL,
    updated_at double precision NOT NULL,
    finished_at double precision
);
CREATE TABLE IF NOT EXISTS players (
    room text NOT NULL,
    member_id text NOT NULL,
    token_hash text,
    name text NOT NULL,
    is_bot smallint NOT NULL,
    connected smallint NOT NULL,
    last_seen double precision NOT NULL,
    gone_at double precision,
    PRIMARY KEY (room, member_id)
);
CREATE TABLE IF NOT EXISTS actions (
    room text NOT NULL,
    seq bigint NOT NULL,
    at double precision NOT NULL,
    member_id text,
    action text NOT NULL,
    PRIMARY KEY (room, seq)
);
CREATE TABLE IF NOT EXISTS meta (key text PRIMARY KEY, value text);
CREATE TABLE IF NOT EXISTS word_lists (
    owner text NOT NULL,
    name text NOT NULL,
    words text NOT NULL,
    updated_at double precision NOT NULL,
    PRIMARY KEY (owner, name)
);
CREATE TABLE IF NOT EXISTS outages (
    start_at double precision NOT NULL,
    end_at double precision NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_by_update ON rooms (updated_at);
CREATE INDEX IF NOT EXISTS rooms_by_finish ON rooms (finished_at);
"""

Step = Callable[[psycopg.Connection, Describe | None], None]


def _add_profiles(conn: psycopg.Connection, describe: Describe | None) -> None:
    """1 -> 2: the profile tables (PR)."""
    create_profile_tables(conn)


def _add_classes(conn: psycopg.Connection, describe: Describe | None) -> None:
    """2 -> 3: the class table."""
    create_class_tables(conn)


_STEPS: dict[int, Step] = {1: _add_profiles, 2: _add_classes}
"""Upgrade steps: `_STEPS[n]` brings version n to n + 1."""


def prepare(conn: psycopg.Connection, describe: Describe | None) -> None:
    """Create the schema of an empty database (or the tables it lost) and
    upgrade an older one, under the advisory lock, in one transaction; a
    database from a newer app is refused."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (ADVISORY_KEY,))
        version = schema_version(conn)
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"The database was written by a newer app (schema {version}, "
                f"this app knows {SCHEMA_VERSION}): upgrade the app."
            )
        for step in range(max(version, 1), SCHEMA_VERSION):
            _STEPS[step](conn, describe)
        conn.execute(_CREATE)
        create_profile_tables(conn)
        create_class_tables(conn)
        if version != SCHEMA_VERSION:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', %s) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (str(SCHEMA_VERSION),),
            )


def schema_version(conn: psycopg.Connection) -> int:
    """0 for an empty database (in the connection's search path)."""
    found = conn.execute("SELECT to_regclass('meta') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return 0
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return int(row[0]) if row else 0


def is_ready(conn: psycopg.Connection) -> bool:
    """Is the database current with every table there (a read, no lock)?"""
    if schema_version(conn) != SCHEMA_VERSION:
        return False
    found = conn.execute(
        "SELECT count(to_regclass(t)) FROM unnest(%s::text[]) AS t", (list(TABLES),)
    ).fetchone()
    return found is not None and found[0] == len(TABLES)

"""The profile tables (PR), in SQL that SQLite and PostgreSQL both read.

Times are seconds as `double precision` (SQLite reads it as REAL), texts
are `text`. Each statement runs on its own inside the caller's
transaction (SQLite's `executescript` would commit it). What each table
holds: `profile_rows`.
"""

from __future__ import annotations

from typing import Any, Protocol

PROFILE_TABLES = (
    "profiles",
    "profile_keys",
    "profile_seats",
    "counted_games",
    "profile_games",
    "transfer_codes",
    "device_profiles",
)

STATEMENTS = (
    """CREATE TABLE IF NOT EXISTS profiles (
        profile_id text PRIMARY KEY,
        name text NOT NULL,
        stats text NOT NULL,
        created_at double precision NOT NULL,
        updated_at double precision NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS profile_keys (
        key_id text PRIMARY KEY,
        profile_id text NOT NULL,
        key_hash text NOT NULL,
        created_at double precision NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS profile_keys_by_profile ON profile_keys (profile_id)",
    """CREATE TABLE IF NOT EXISTS profile_seats (
        room text NOT NULL,
        member_id text NOT NULL,
        profile_id text NOT NULL,
        PRIMARY KEY (room, member_id))""",
    "CREATE INDEX IF NOT EXISTS profile_seats_by_profile ON profile_seats (profile_id)",
    """CREATE TABLE IF NOT EXISTS counted_games (
        room text NOT NULL,
        game_key text NOT NULL,
        counted_at double precision NOT NULL,
        PRIMARY KEY (room, game_key))""",
    """CREATE TABLE IF NOT EXISTS profile_games (
        profile_id text NOT NULL,
        room text NOT NULL,
        game_key text NOT NULL,
        member_id text NOT NULL,
        at double precision NOT NULL,
        summary text NOT NULL,
        PRIMARY KEY (profile_id, room, game_key))""",
    "CREATE INDEX IF NOT EXISTS profile_games_by_game ON profile_games (room, game_key)",
    """CREATE TABLE IF NOT EXISTS transfer_codes (
        code_hash text PRIMARY KEY,
        profile_id text NOT NULL,
        expires_at double precision NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS device_profiles (
        device text NOT NULL,
        profile_id text NOT NULL,
        linked_at double precision NOT NULL,
        PRIMARY KEY (device, profile_id))""",
    "CREATE INDEX IF NOT EXISTS device_profiles_by_profile ON device_profiles (profile_id)",
)


class Executes(Protocol):
    def execute(self, sql: Any, /) -> Any: ...


def create_profile_tables(conn: Executes) -> None:
    """Create whichever profile tables and indexes are missing."""
    for statement in STATEMENTS:
        conn.execute(statement)

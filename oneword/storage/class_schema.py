"""The class-session table (a teacher's several rooms at once), in SQL
that SQLite and PostgreSQL both read, as the profile tables
(`profile_schema`). What it holds: `class_rows`."""

from __future__ import annotations

from oneword.storage.profile_schema import Executes

CLASS_TABLES = ("classes",)

STATEMENTS = (
    """CREATE TABLE IF NOT EXISTS classes (
        code text PRIMARY KEY,
        teacher_hash text NOT NULL,
        state text NOT NULL,
        version integer NOT NULL,
        created_at double precision NOT NULL,
        updated_at double precision NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS classes_by_update ON classes (updated_at)",
)


def create_class_tables(conn: Executes) -> None:
    """Create the class table and its index if missing."""
    for statement in STATEMENTS:
        conn.execute(statement)

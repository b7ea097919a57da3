"""Tables added by a later version reach files and databases made before
them, their rooms kept: the profile tables (PR; SQLite schema 5 -> 6,
PostgreSQL 1 -> 2) and the class table (SQLite 7 -> 8, PostgreSQL 2 -> 3)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import psycopg
from service_helpers import FakeClock

from oneword.classes.models import ClassSettings
from oneword.classes.service import ClassService
from oneword.profiles.service import ProfileService
from oneword.service import RoomService, Seat
from oneword.service.codec import describe_room
from oneword.storage import pg_schema
from oneword.storage.class_schema import CLASS_TABLES
from oneword.storage.pg_store import PgStore
from oneword.storage.profile_schema import PROFILE_TABLES
from oneword.storage.sqlite_store import SCHEMA_VERSION, Store

NAMES = "Ana\nBo\nCy\nDee"


def _older_file(
    db_path: Path, clock: FakeClock, tables: Sequence[str], version: int
) -> tuple[Seat, RoomService]:
    """A file with a room, as the version before `tables` left it, and the
    service that opened it again (and so upgraded it)."""
    service = RoomService(Store(db_path), clock=clock)
    seat = service.create_room("Ana")
    service.store.close()
    with sqlite3.connect(db_path) as conn:
        for table in tables:
            conn.execute(f"DROP TABLE {table}")
        conn.execute(f"UPDATE meta SET value = '{version}' WHERE key = 'schema_version'")
    conn.close()
    upgraded = RoomService(Store(db_path), clock=clock)
    with upgraded.store.read() as tx:
        assert tx.conn.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ).fetchone() == (str(SCHEMA_VERSION),)
    return seat, upgraded


def _older_database(store: PgStore, pg_url: str, tables: Sequence[str], version: int) -> Seat:
    """The same on PostgreSQL: its store upgrades it when asked."""
    seat = RoomService(store).create_room("Ana")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for table in tables:
            conn.execute(f"DROP TABLE {table}")
        conn.execute("UPDATE meta SET value = %s WHERE key = 'schema_version'", (str(version),))
        assert not pg_schema.is_ready(conn)
    store.upgrade(describe_room)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert pg_schema.is_ready(conn)
        assert pg_schema.schema_version(conn) == pg_schema.SCHEMA_VERSION == 3
    return seat


def test_PR_a_schema_5_file_gets_the_profile_tables_and_keeps_its_rooms(
    db_path: Path, clock: FakeClock
) -> None:
    seat, upgraded = _older_file(db_path, clock, PROFILE_TABLES, 5)
    key = ProfileService(upgraded.store, clock=clock).create("Mina", "a-device")
    joined = upgraded.join(seat.code, "Mina", profile=key)
    with upgraded.store.read() as tx:
        assert set(tx.seat_profiles(seat.code)) == {joined.member_id}
    assert upgraded.view(seat.code, seat.token).you is not None


def test_PR_a_schema_1_postgresql_database_gets_the_profile_tables(pg_url: str) -> None:
    store = PgStore(pg_url)
    try:
        seat = _older_database(store, pg_url, PROFILE_TABLES, 1)
        key = ProfileService(store).create("Mina", "a-device")
        assert ProfileService(store).get(key) is not None
        assert RoomService(store).view(seat.code, seat.token).you is not None
    finally:
        store.close()


def test_a_schema_7_file_gets_the_class_table_and_keeps_its_rooms(
    db_path: Path, clock: FakeClock
) -> None:
    seat, upgraded = _older_file(db_path, clock, CLASS_TABLES, 7)
    made = ClassService(upgraded).create("Ms Reed", NAMES, 1, ClassSettings())
    assert ClassService(upgraded).class_list(made.code).names == NAMES.split()
    assert upgraded.view(seat.code, seat.token).you is not None


def test_a_schema_2_postgresql_database_gets_the_class_table(pg_url: str) -> None:
    store = PgStore(pg_url)
    try:
        seat = _older_database(store, pg_url, CLASS_TABLES, 2)
        made = ClassService(RoomService(store)).create("Ms Reed", NAMES, 1, ClassSettings())
        assert ClassService(RoomService(store)).class_list(made.code).seated == frozenset()
        assert RoomService(store).view(seat.code, seat.token).you is not None
    finally:
        store.close()

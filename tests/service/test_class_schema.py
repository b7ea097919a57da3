"""The class table reaches files and databases made before it: SQLite
schema 7 -> 8 and PostgreSQL schema 2 -> 3, rooms kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
from service_helpers import FakeClock

from oneword.classes.models import ClassSettings
from oneword.classes.service import ClassService
from oneword.service import RoomService
from oneword.service.codec import describe_room
from oneword.storage import pg_schema
from oneword.storage.pg_store import PgStore
from oneword.storage.sqlite_store import SCHEMA_VERSION, Store

NAMES = "Ana\nBo\nCy\nDee"


def test_a_schema_7_file_gets_the_class_table_and_keeps_its_rooms(
    db_path: Path, clock: FakeClock
) -> None:
    service = RoomService(Store(db_path), clock=clock)
    seat = service.create_room("Ana")
    service.store.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("DROP TABLE classes")
        conn.execute("UPDATE meta SET value = '7' WHERE key = 'schema_version'")
    conn.close()

    upgraded = RoomService(Store(db_path), clock=clock)
    with upgraded.store.read() as tx:
        assert tx.conn.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ).fetchone() == (str(SCHEMA_VERSION),)
    made = ClassService(upgraded).create("Ms Reed", NAMES, 1, ClassSettings())
    assert ClassService(upgraded).class_list(made.code).names == NAMES.split()
    assert upgraded.view(seat.code, seat.token).you is not None


def test_a_schema_2_postgresql_database_gets_the_class_table(pg_url: str) -> None:
    store = PgStore(pg_url)
    try:
        seat = RoomService(store).create_room("Ana")
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute("DROP TABLE classes")
            conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
            assert not pg_schema.is_ready(conn)
        store.upgrade(describe_room)
        with psycopg.connect(pg_url, autocommit=True) as conn:
            assert pg_schema.is_ready(conn)
            assert pg_schema.schema_version(conn) == pg_schema.SCHEMA_VERSION == 3
        made = ClassService(RoomService(store)).create("Ms Reed", NAMES, 1, ClassSettings())
        assert ClassService(RoomService(store)).class_list(made.code).seated == frozenset()
        assert RoomService(store).view(seat.code, seat.token).you is not None
    finally:
        store.close()

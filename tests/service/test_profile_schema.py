"""The profile tables (PR) reach files and databases made before them:
SQLite schema 5 -> 6 and PostgreSQL schema 1 -> 2, rooms kept."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
from service_helpers import FakeClock

from oneword.profiles.service import ProfileService
from oneword.service import RoomService
from oneword.service.codec import describe_room
from oneword.storage import pg_schema
from oneword.storage.pg_store import PgStore
from oneword.storage.profile_schema import PROFILE_TABLES
from oneword.storage.sqlite_store import SCHEMA_VERSION, Store


def test_PR_a_schema_5_file_gets_the_profile_tables_and_keeps_its_rooms(
    db_path: Path, clock: FakeClock
) -> None:
    service = RoomService(Store(db_path), clock=clock)
    seat = service.create_room("Ana")
    service.store.close()
    with sqlite3.connect(db_path) as conn:
        for table in PROFILE_TABLES:
            conn.execute(f"DROP TABLE {table}")
        conn.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
    conn.close()

    upgraded = RoomService(Store(db_path), clock=clock)
    with upgraded.store.read() as tx:
        assert tx.conn.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'"
        ).fetchone() == (str(SCHEMA_VERSION),)
    key = ProfileService(upgraded.store, clock=clock).create("Mina", "a-device")
    joined = upgraded.join(seat.code, "Mina", profile=key)
    with upgraded.store.read() as tx:
        assert set(tx.seat_profiles(seat.code)) == {joined.member_id}
    assert upgraded.view(seat.code, seat.token).you is not None


def test_PR_a_schema_1_postgresql_database_gets_the_profile_tables(pg_url: str) -> None:
    store = PgStore(pg_url)
    try:
        seat = RoomService(store).create_room("Ana")
        with psycopg.connect(pg_url, autocommit=True) as conn:
            for table in PROFILE_TABLES:
                conn.execute(f"DROP TABLE {table}")
            conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
            assert not pg_schema.is_ready(conn)
        store.upgrade(describe_room)
        with psycopg.connect(pg_url, autocommit=True) as conn:
            assert pg_schema.is_ready(conn)
            assert pg_schema.schema_version(conn) == pg_schema.SCHEMA_VERSION == 3
        key = ProfileService(store).create("Mina", "a-device")
        assert ProfileService(store).get(key) is not None
        assert RoomService(store).view(seat.code, seat.token).you is not None
    finally:
        store.close()

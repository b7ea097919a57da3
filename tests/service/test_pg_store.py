"""What only the PostgreSQL store has to show (H-4): the schema made once
by servers starting together, a newer schema refused, lost tables made
again, a held room making a quick write busy, an unreachable server
reported, a poll that reads no state. The rules over it are tested on both backends elsewhere."""

from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pg_cluster
import psycopg
import pytest
from service_helpers import FakeClock, version_of

from oneword.service import READ_UNAVAILABLE_MESSAGE, RoomService, StorageError
from oneword.storage import pg_schema
from oneword.storage.pg_store import PgStore
from oneword.storage.records import StoreBusy, StoreError, StoreUnavailable


@pytest.fixture
def pg_store(pg_url: str) -> PgStore:
    store = PgStore(pg_url)
    yield store  # type: ignore[misc]
    store.close()


def test_H4_servers_starting_together_create_the_schema_once(pg_url: str) -> None:
    """Eight preparations at the same moment, each on its own connection:
    the advisory lock queues them, so none trips over another's tables."""
    barrier = threading.Barrier(8)

    def prepare(_: int) -> int:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            barrier.wait()
            pg_schema.prepare(conn, None)
            return pg_schema.schema_version(conn)

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(prepare, range(8))) == [pg_schema.SCHEMA_VERSION] * 8
    with psycopg.connect(pg_url) as conn:
        assert pg_schema.is_ready(conn)
        rows = conn.execute("SELECT key, value FROM meta").fetchall()
    assert rows == [("schema_version", str(pg_schema.SCHEMA_VERSION))]


def test_H4_a_database_from_a_newer_app_is_refused(pg_store: PgStore, pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(StoreError, match="newer app"):
        PgStore(pg_url)


def test_H4_lost_tables_are_made_again_on_the_next_call(pg_store: PgStore, pg_url: str) -> None:
    service = RoomService(pg_store)
    host = service.create_room("Ana")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DROP TABLE rooms, players")
    with pytest.raises(StoreUnavailable), pg_store.read() as tx:
        tx.room_row(host.code)
    with pg_store.read() as tx:
        assert tx.room_row(host.code) is None
    assert service.create_room("Bo").code


def test_H4_a_held_room_makes_a_quick_write_busy_and_a_read_does_not_wait(
    pg_store: PgStore,
) -> None:
    service = RoomService(pg_store)
    host = service.create_room("Ana")
    other = PgStore(pg_store.url)
    try:
        with pg_store.write() as holding:
            assert holding.load(host.code) is not None  # the room's row is locked now
            with other.read() as reading:
                assert reading.room_row(host.code) is not None
            with pytest.raises(StoreBusy), other.write(0.05) as waiting:
                waiting.room_row(host.code)
        with other.write(0.05) as free:
            assert free.room_row(host.code) is not None
    finally:
        other.close()


def test_H4_an_unreachable_server_is_reported_not_raised_raw() -> None:
    """A cold start with the database down does not stop the app: calls
    report it as unavailable until it answers."""
    nowhere = f"postgresql://oneword@127.0.0.1:{pg_cluster.free_port()}/postgres?connect_timeout=1"
    store = PgStore(nowhere, busy_timeout=0.5)
    try:
        with pytest.raises(StoreUnavailable), store.read():
            pass
    finally:
        store.close()


def test_H4_a_read_while_the_database_is_down_speaks_of_no_lost_move() -> None:
    """A page's read during an outage says the server cannot reach its
    database and keeps trying; only a failed write speaks of a move."""
    nowhere = f"postgresql://oneword@127.0.0.1:{pg_cluster.free_port()}/postgres?connect_timeout=1"
    service = RoomService(PgStore(nowhere, busy_timeout=0.5))
    try:
        for read in (lambda: service.view("CDFGH", None), lambda: service.poll("CDFGH", None)):
            with pytest.raises(StorageError) as info:
                read()
            assert info.value.message == READ_UNAVAILABLE_MESSAGE
    finally:
        service.store.close()


def test_H4_the_version_poll_never_reads_a_state(pg_store: PgStore, pg_url: str) -> None:
    """The poll stays cheap: a role that may read every column but the
    rooms' `state` can poll; the same role cannot load a view, which
    proves the missing right bites."""
    clock = FakeClock()
    service = RoomService(pg_store, clock=clock)
    host = service.create_room("Ana")
    role = "poller_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        row = conn.execute("SELECT current_schema()").fetchone()
        assert row is not None
        schema = row[0]
        conn.execute(f"CREATE ROLE {role} LOGIN")
        conn.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
        conn.execute(
            "GRANT SELECT (code, version, next_deadline, created_at, updated_at, finished_at)"
            f" ON rooms TO {role}"
        )
        conn.execute(f"GRANT SELECT ON players, outages TO {role}")
        conn.execute(f"GRANT SELECT, INSERT, UPDATE ON meta TO {role}")
    limited = PgStore(pg_url.replace("://oneword@", f"://{role}@"))
    try:
        poller = RoomService(limited, clock=clock)
        version = version_of(pg_store, host.code)
        assert poller.poll(host.code, host.token) == version
        assert poller.poll(host.code, None) == version
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            poller.view(host.code, host.token)
    finally:
        limited.close()

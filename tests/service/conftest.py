"""Fixtures for the service tests: a real database and a fake clock.

`store` is the SQLite file by default. A test module (or test) marked
`both_backends` runs once per backend (H-4): `[sqlite]` on a file,
`[postgresql]` on an empty schema of the throw-away PostgreSQL cluster.
`make_store` opens another store on the same database, as another server
process or Streamlit session would.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from service_helpers import FakeClock, MakeStore

from oneword.service import RoomService
from oneword.storage.pg_store import PgStore
from oneword.storage.protocol import RoomStore
from oneword.storage.sqlite_store import Store

BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Tests marked `both_backends` that use a store run on each backend."""
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker(
        "both_backends"
    ):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture
def make_store(backend: str, db_path: Path, request: pytest.FixtureRequest) -> Iterator[MakeStore]:
    """Opens stores on this test's database. PostgreSQL ones are closed at
    the end (their pools run threads); SQLite ones are left as before, as
    a connection may only be closed by the thread that made it."""
    url = request.getfixturevalue("pg_url") if backend == "postgresql" else None
    opened: list[PgStore] = []

    def make() -> RoomStore:
        if url is None:
            return Store(db_path)
        store = PgStore(url)
        opened.append(store)
        return store

    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(make_store: MakeStore) -> RoomStore:
    return make_store()


@pytest.fixture
def service(store: RoomStore, clock: FakeClock) -> RoomService:
    return RoomService(store, clock=clock)


@pytest.fixture
def target(backend: str, db_path: Path, request: pytest.FixtureRequest) -> dict[str, Any]:
    """Where worker processes find the test's database (`run_workers`)."""
    if backend == "postgresql":
        return {"url": request.getfixturevalue("pg_url")}
    return {"sqlite": str(db_path)}

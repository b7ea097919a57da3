"""Fixtures for the service tests: a real SQLite file and a fake clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_helpers import FakeClock

from oneword.service import RoomService
from oneword.store import Store


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture
def store(db_path: Path) -> Store:
    return Store(db_path)


@pytest.fixture
def service(store: Store, clock: FakeClock) -> RoomService:
    return RoomService(store, clock=clock)

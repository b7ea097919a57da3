"""Each page test gets its own SQLite file, named through ONEWORD_DB; the
app reads that setting once per process, so the cached service is cleared
around each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from oneword.ui.app import session


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "rooms.sqlite3"
    monkeypatch.setenv("ONEWORD_DB", str(path))
    session.service.clear()
    yield path
    session.service.clear()

"""Each page test gets its own SQLite file, named through ONEWORD_DB before
the app's first import of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from oneword.ui import session


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "rooms.sqlite3"
    monkeypatch.setenv("ONEWORD_DB", str(path))
    session._service_for.clear()
    yield path
    session._service_for.clear()

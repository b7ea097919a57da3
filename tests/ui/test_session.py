"""The app's settings are read once per process, not on every poll: finding
the database path costs an environment read, a secrets lookup and a mkdir."""

from __future__ import annotations

from pathlib import Path

import pytest

from oneword.ui.app import session


def test_the_database_path_is_looked_up_once(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Path] = []

    def counted() -> Path:
        calls.append(db_path)
        return db_path

    monkeypatch.setattr(session, "database_path", counted)
    first = session.service()
    assert all(session.service() is first for _ in range(5))
    assert calls == [db_path]
    assert first.store.path == db_path

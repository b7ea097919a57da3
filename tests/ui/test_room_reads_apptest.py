"""What a click costs: the action's transaction builds the new view, and the
rerun that follows draws it without reading the room again. A rerun after
someone else's change reads it once; a rerun with no change, not at all."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_helpers import button, create_room, join_room, lobby_lines

from oneword.storage.sqlite_store import StoredRoom, Tx


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Codes of every room state read from the store, in order."""
    seen: list[str] = []
    load = Tx.load

    def counted(self: Tx, code: str) -> StoredRoom | None:
        seen.append(code)
        return load(self, code)

    monkeypatch.setattr(Tx, "load", counted)
    return seen


def test_a_click_reads_the_room_once(db_path: Path, loads: list[str]) -> None:
    host, code = create_room("Ana")
    ben = join_room(code, "Ben")
    host.run()

    loads.clear()
    button(ben, "Join Red").click().run()
    assert loads == [code]
    assert button(ben, "Join Red").disabled

    loads.clear()
    host.run()
    assert loads == [code]
    assert any("Ben" in line for line in lobby_lines(host))

    loads.clear()
    host.run()
    ben.run()
    assert loads == []

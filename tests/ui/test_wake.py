"""A change saved in this process wakes the other pages of its room at
once, instead of at their next poll (DESIGN.md, Refresh)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from oneword.engine import Pause, Refusal
from oneword.service import RoomService
from oneword.store import Store
from oneword.ui.wake import Tab, Wakers


def tab(session: str, fragment: str = "f") -> Tab:
    return Tab(session, fragment, "page", "room=ABCD")


def recorder(woken: list[Tab], gone: set[str]) -> Callable[[Tab], bool]:
    """A rerun that notes each tab it woke; a session in `gone` has ended."""

    def rerun(t: Tab) -> bool:
        if t.session_id in gone:
            return False
        woken.append(t)
        return True

    return rerun


def test_a_change_wakes_every_other_tab_of_the_room_and_no_other_room() -> None:
    woken: list[Tab] = []
    wakers = Wakers(recorder(woken, set()))
    wakers.follow("ROOM1", tab("s1"))
    wakers.follow("ROOM1", tab("s2"))
    wakers.follow("ROOM2", tab("s3"))
    assert wakers.room_changed("ROOM1", by_session="s1") == 1
    assert woken == [tab("s2")]


def test_a_tab_that_moved_to_another_room_or_ended_is_not_woken() -> None:
    woken: list[Tab] = []
    gone = {"s2"}
    wakers = Wakers(recorder(woken, gone))
    wakers.follow("ROOM1", tab("s1"))
    wakers.follow("ROOM1", tab("s2"))
    wakers.follow("ROOM2", tab("s1", "g"))  # s1 now follows another room
    assert wakers.room_changed("ROOM1") == 0  # s2's session has ended
    assert wakers.room_changed("ROOM1") == 0
    assert wakers.room_changed("ROOM2") == 1
    assert woken == [tab("s1", "g")]


def test_the_service_tells_of_a_saved_change_after_the_commit(tmp_path: Path) -> None:
    """The listener runs once the write committed: a page it wakes reads
    the new version, never the one before."""
    store = Store(tmp_path / "rooms.sqlite3")
    service = RoomService(store)
    seat = service.create_room("Ana")
    for name in ("Bo", "Cy", "Di"):
        service.join(seat.code, name)
    seen: list[int] = []

    def listener(code: str) -> None:
        with store.read() as tx:
            row = tx.room_row(code)
        assert row is not None
        seen.append(row.version)

    service.on_change.append(listener)
    before = service.poll(seat.code, seat.token)
    service.join(seat.code, "Ed")
    assert seen == [before + 1]
    service.poll(seat.code, seat.token)  # nothing changed: nobody is told
    assert seen == [before + 1]
    with pytest.raises(Refusal):
        service.act(seat.code, seat.token, Pause())  # no game to pause
    assert seen == [before + 1]

"""The service tells this process's listeners which rooms a committed write
changed (`change_feed`), for the pages' wake (docs/design.md, "Waking a
room's other pages at once")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from service_helpers import FakeClock, start_versus

from oneword.engine import Pause, Refusal, Resume
from oneword.service import RoomService, change_feed

pytestmark = pytest.mark.both_backends


@pytest.fixture
def heard() -> Iterator[list[str]]:
    codes: list[str] = []
    change_feed.listen(codes.append)
    yield codes
    change_feed.stop_listening(codes.append)


def test_a_move_tells_its_room_once_committed(
    service: RoomService, heard: list[str], backend: str
) -> None:
    seats = start_versus(service)
    code = seats[0].code
    heard.clear()
    versions: list[int] = []

    def read_version(changed: str) -> None:
        versions.append(service.poll(changed, seats[1].token))

    change_feed.listen(read_version)
    try:
        before = service.poll(code, seats[1].token)
        service.act(code, seats[0].token, Pause())
    finally:
        change_feed.stop_listening(read_version)
    assert heard == [code]
    assert versions and versions[0] > before, "a listener read the room before the commit"


def test_a_refused_move_and_a_quiet_poll_tell_no_one(
    service: RoomService, heard: list[str], clock: FakeClock
) -> None:
    seats = start_versus(service)
    code = seats[0].code
    service.poll(code, seats[0].token)
    heard.clear()
    with pytest.raises(Refusal):
        service.act(code, seats[0].token, Resume())  # not paused
    clock.tick(0.5)
    service.poll(code, seats[1].token)
    assert heard == []


def test_a_listener_that_fails_does_not_fail_the_move(
    service: RoomService, heard: list[str]
) -> None:
    seats = start_versus(service)
    heard.clear()

    def broken(code: str) -> None:
        raise RuntimeError("a listener's own trouble")

    change_feed.listen(broken)
    try:
        view = service.act(seats[0].code, seats[0].token, Pause())
    finally:
        change_feed.stop_listening(broken)
    assert view.paused_by is not None
    assert heard == [seats[0].code]

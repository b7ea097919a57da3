"""A poll reads the room at most once per write (H-1; docs/design.md, "Refresh and the database").

While the SQLite file's stamp shows that nothing was committed, the polls
of every seat of a room are answered from one read; any write, from this
service or another one on the same file (another server process), is seen
by the next poll. The answers are the same as with a read on every poll:
the version, the refusals of tokens that are not (or no longer) seats, and
the silence of a player (X-4).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from service_helpers import FakeClock, start_versus

from oneword.config import PRESENCE_TIMEOUT
from oneword.engine import Pause, Refusal, Resume
from oneword.engine.errors import Reason
from oneword.service import RoomService, Seat
from oneword.service.heartbeats import WRITE_EVERY, Heartbeats
from oneword.storage import shared_check
from oneword.storage.protocol import RoomTx
from oneword.storage.records import PlayerRow, RoomPoll
from oneword.storage.shared_check import LOCAL_COMMITS, SHARE_FOR, SharedCheck
from oneword.storage.sqlite_store import Store


class CountedStore(Store):
    """A SQLite store that counts the reads it opens."""

    reads = 0

    def read(self) -> AbstractContextManager[RoomTx]:
        self.reads += 1
        return super().read()


@pytest.fixture
def counted(db_path: Path, clock: FakeClock) -> tuple[RoomService, CountedStore]:
    store = CountedStore(db_path)
    return RoomService(store, clock=clock), store


def poll_all(service: RoomService, seats: list[Seat]) -> set[int]:
    return {service.poll(seat.code, seat.token) for seat in seats} | {
        service.poll(seats[0].code, None)
    }


# The store's stamp


def test_the_stamp_is_kept_while_nothing_is_written_and_moves_with_any_commit(
    db_path: Path,
) -> None:
    store = Store(db_path, share_stamp_for=0)  # the file's own answer, each time
    RoomService(store).create_room("Ana")
    first = store.stamp()
    assert first is not None and store.stamp() == first
    pooled = RoomService(store)  # this process's own pool
    pooled.create_room("Ben")
    second = store.stamp()
    assert second not in (None, first)
    with sqlite3.connect(db_path) as other:  # another connection, as a process's
        other.execute("UPDATE rooms SET updated_at = updated_at + 1")
    third = store.stamp()
    assert third not in (None, first, second)
    subprocess.run(
        [sys.executable, "-c", WRITER, str(db_path)], check=True, capture_output=True, timeout=60
    )
    assert store.stamp() not in (None, first, second, third)


WRITER = """
import sqlite3, sys
with sqlite3.connect(sys.argv[1]) as conn:
    conn.execute("UPDATE rooms SET updated_at = updated_at + 1")
"""


def test_a_file_put_in_place_moves_the_stamp(db_path: Path) -> None:
    store = Store(db_path, share_stamp_for=0)
    seat = RoomService(store).create_room("Ana")
    before = store.stamp()
    copy = db_path.with_name("copy.sqlite3")
    with sqlite3.connect(db_path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    os.replace(copy, db_path)
    assert store.stamp() is None, "a file not prepared yet: read"
    assert RoomService(store).poll(seat.code, seat.token) >= 1
    assert store.stamp() not in (None, before)


def test_no_stamp_for_a_missing_or_closed_file(db_path: Path) -> None:
    store = Store(db_path)
    assert store.stamp() is not None
    store.close()
    assert store.stamp() is None
    db_path.unlink()
    assert store.stamp() is None


# One look at the file shared by the polls of the same moment


@pytest.fixture
def moment(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The clock that times how long a look at the file is shared."""
    clock = FakeClock(100.0)
    monkeypatch.setattr(shared_check, "monotonic", clock)
    return clock


def test_one_look_answers_the_polls_of_the_next_moment(moment: FakeClock) -> None:
    looks: list[int] = []

    def look() -> int:
        looks.append(1)
        return len(looks)

    check = SharedCheck(look, share_for=0.02)
    assert check() == check() == 1
    moment.tick(0.019)
    assert check() == 1, "still the same moment"
    moment.tick(0.002)
    assert check() == 2, "a look older than the moment is taken again"
    LOCAL_COMMITS.note()
    assert check() == 3, "this process committed: look again at once"
    check.forget()
    assert check() == 4
    nothing = SharedCheck(lambda: None, share_for=60)
    assert nothing() is None and nothing() is None


def test_a_shared_look_sees_this_process_s_commits_at_once_and_others_after_the_moment(
    db_path: Path, moment: FakeClock
) -> None:
    store = Store(db_path)
    RoomService(store).create_room("Ana")
    first = store.stamp()
    assert first is not None
    with sqlite3.connect(db_path) as other:  # another process's commit
        other.execute("UPDATE rooms SET updated_at = updated_at + 1")
    assert store.stamp() == first, "inside the moment, the look is shared"
    moment.tick(SHARE_FOR + 0.001)
    second = store.stamp()
    assert second not in (None, first)
    RoomService(Store(db_path)).create_room("Ben")  # another store of this process
    assert store.stamp() not in (None, first, second)


PAUSER = """
import sys
from oneword.engine import Pause
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store
path, code, token, now = sys.argv[1:]
RoomService(Store(path), clock=lambda: float(now)).act(code, token, Pause())
"""


def test_polls_never_answer_older_than_what_a_page_read(
    counted: tuple[RoomService, CountedStore], db_path: Path, clock: FakeClock, moment: FakeClock
) -> None:
    """A page drawn from a fresh read of a room that another process wrote
    inside the shared moment: the polls that follow answer that version,
    not the one kept from before (which would rerun the page for nothing)."""
    service, _ = counted
    seats = start_versus(service)
    (before,) = poll_all(service, seats)
    pause = [sys.executable, "-c", PAUSER, str(db_path), seats[0].code, seats[0].token]
    subprocess.run([*pause, str(clock.now)], check=True, capture_output=True, timeout=60)
    assert poll_all(service, seats) == {before}, "the other process's write, inside the moment"
    entered = service.enter(seats[1].code, seats[1].token)
    assert entered.version > before
    assert poll_all(service, seats) == {entered.version}


# Polls answered from one read


def test_a_room_nobody_writes_is_read_once_for_every_seat_s_polls(
    counted: tuple[RoomService, CountedStore],
) -> None:
    service, store = counted
    seats = start_versus(service, 6)
    (version,) = poll_all(service, seats)  # the service learns each seat's token
    store.reads = 0
    for _ in range(5):
        assert poll_all(service, seats) == {version}
    assert store.reads == 0, "nothing was written: every poll answered from the last read"
    service.act(seats[0].code, seats[0].token, Pause())
    store.reads = 0
    for _ in range(5):
        (paused,) = poll_all(service, seats)
        assert paused > version
    assert store.reads == 1, "one write, one read for every seat of the room"


def test_a_write_by_another_process_reaches_the_next_poll(
    counted: tuple[RoomService, CountedStore], db_path: Path, clock: FakeClock
) -> None:
    service, store = counted
    seats = start_versus(service)
    (before,) = poll_all(service, seats)
    other = RoomService(Store(db_path), clock=clock)  # another server on the file
    other.act(seats[0].code, seats[0].token, Pause())
    store.reads = 0
    (paused,) = poll_all(service, seats)
    assert paused > before
    assert poll_all(service, seats) == {paused}
    assert store.reads == 1
    other.act(seats[0].code, seats[0].token, Resume())
    (resumed,) = poll_all(service, seats)
    assert resumed > paused
    assert store.reads == 2


def test_a_kept_read_refuses_a_token_that_is_no_seat_and_a_seat_that_left(
    service: RoomService, db_path: Path
) -> None:
    seats = start_versus(service, 5)
    service.poll(seats[0].code, seats[0].token)  # the room is kept
    with pytest.raises(Refusal) as wrong:
        service.poll(seats[0].code, "not-a-seat")
    assert wrong.value.code == Reason.BAD_TOKEN
    leaving = seats[4]
    service.poll(leaving.code, leaving.token)
    RoomService(Store(db_path)).leave(leaving.code, leaving.token)
    with pytest.raises(Refusal) as gone:
        service.poll(leaving.code, leaving.token)
    assert gone.value.code == Reason.SEAT_GONE


def test_X4_silence_is_judged_from_the_kept_read(
    counted: tuple[RoomService, CountedStore],
    clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the file's stamp held still (as if nothing were written), the
    kept rows still tell that a player went silent: the poll judges it
    with the clock of this poll, and the room counts them away."""
    service, store = counted
    seats = start_versus(service)
    quiet, others = seats[-1], seats[:-1]
    version = service.poll(others[0].code, others[0].token)
    monkeypatch.setattr(store, "stamp", lambda: "unchanged")
    for _ in range(int(PRESENCE_TIMEOUT) + 5):
        clock.tick(1)
        for seat in others:
            service.poll(seat.code, seat.token)
    monkeypatch.undo()
    assert service.poll(others[0].code, others[0].token) > version
    view = service.view(quiet.code, None)
    assert [m.name for m in view.members if not m.connected] == [
        m.name for m in view.members if m.id == quiet.member_id
    ]


def test_the_oldest_heartbeat_counts_only_people_who_send_one() -> None:
    room = ("ABCDE", 3, None, 0.0, 0.0, None)
    rows = [
        (*room, "ABCDE", "a", "h1", "Ana", 0, 1, 50.0, None),
        (*room, "ABCDE", "b", "h2", "Bot", 1, 1, 10.0, None),  # a bot
        (*room, "ABCDE", "c", None, "Cy", 0, 1, 20.0, None),  # a one-device name
        (*room, "ABCDE", "d", "h4", "Di", 0, 0, 30.0, None),  # counted away already
        (*room, "ABCDE", "e", "h5", "Ed", 0, 1, 40.0, 45.0),  # gone
        (*room, "ABCDE", "f", "h6", "Flo", 0, 1, 60.0, None),
    ]
    polled = RoomPoll.of_rows(rows, _player)
    assert polled is not None and set(polled.players) == set("abcdef")
    assert polled.oldest_heartbeat == 50.0
    empty = RoomPoll.of_rows([(*room, *([None] * 8))], _player)
    assert empty is not None and empty.players == {} and empty.oldest_heartbeat is None
    assert RoomPoll.of_rows([], _player) is None


def _player(row: tuple[Any, ...]) -> PlayerRow:
    room, member_id, token_hash, name, is_bot, connected, last_seen, gone_at = row
    return PlayerRow(
        room, member_id, token_hash, name, bool(is_bot), bool(connected), last_seen, gone_at
    )


# Heartbeats of pages polling at the same moment


def test_pages_polling_at_the_same_moment_write_their_heartbeats_once() -> None:
    beats = Heartbeats()
    beats.hear("ABCDE", "a", 10.0)
    beats.hear("ABCDE", "b", 10.0)
    assert sorted(beats.take_due(10.0)) == [("ABCDE", "a", 10.0), ("ABCDE", "b", 10.0)]
    beats.hear("ABCDE", "a", 10.1)
    assert beats.take_due(10.1) == [], "written a moment ago"
    assert beats.take_due(10.0 + WRITE_EVERY) == [("ABCDE", "a", 10.1)]
    beats.hear("ABCDE", "b", 13.0)
    beats.failed()
    assert beats.take_due(13.0) == [("ABCDE", "b", 13.0)], "a failed write is tried again"

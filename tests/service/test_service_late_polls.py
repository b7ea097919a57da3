"""A busy server is nobody's silence (X-4 to X-7, G-7): polls that come
late because the server answers them late do not mark anyone away, while
a player who really stopped polling still is. Heartbeats are written
together, and never missed by a presence judgement in the same process."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from service_helpers import FakeClock, alternating, make_room, pick_teams, state_of, version_of

from oneword.config import HEARTBEAT_EVERY, PRESENCE_TIMEOUT
from oneword.engine import Disconnect, SetClueTimer
from oneword.service import RoomService, Seat
from oneword.service.heartbeats import WRITE_EVERY
from oneword.service.poll_lag import PollLag

pytestmark = pytest.mark.both_backends

BACKLOG = 25.0
"""Seconds each page's poll waits in the busy server's queue: more than
PRESENCE_TIMEOUT, so a server judging by the wall clock marks all away."""


def game(service: RoomService, clock: FakeClock, players: int = 6) -> list[Seat]:
    """A running Versus game, every page polling on time for 5 s."""
    seats = make_room(service, players)
    service.act(seats[0].code, seats[0].token, SetClueTimer(seconds=0))
    pick_teams(service, seats, alternating(players))
    service.start_game(seats[0].code, seats[0].token)
    on_time(service, clock, seats, 5)
    return seats


def on_time(service: RoomService, clock: FakeClock, seats: Sequence[Seat], seconds: int) -> None:
    for _ in range(seconds):
        clock.tick(1)
        for seat in seats:
            service.poll(seat.code, seat.token)


def backlogged(service: RoomService, clock: FakeClock, seats: Sequence[Seat], rounds: int) -> None:
    """Each page's poll is answered BACKLOG seconds after its previous one,
    the pages' polls spread over that time (the server works through its
    queue, so the store is in use all along)."""
    step = BACKLOG / len(seats)
    for _ in range(rounds):
        for seat in seats:
            clock.tick(step)
            service.poll(seat.code, seat.token)


def disconnects(service: RoomService, code: str) -> list[str]:
    return [e.action.by for e in service.history(code) if isinstance(e.action, Disconnect)]


def test_X4_polls_late_because_the_server_is_busy_mark_nobody_away(
    service: RoomService, clock: FakeClock
) -> None:
    seats = game(service, clock)
    code = seats[0].code
    version = version_of(service.store, code)
    backlogged(service, clock, seats, 4)
    on_time(service, clock, seats, 5)  # the queue is worked off
    assert disconnects(service, code) == []
    assert version_of(service.store, code) == version, "no presence change reran the pages"
    assert all(m.connected for m in state_of(service.store, code).members)


def test_X4_a_player_who_stops_polling_is_still_away_after_the_timeout(
    service: RoomService, clock: FakeClock
) -> None:
    """One page that is late on its own (a hidden tab, a slow network) does
    not hold presence back for everyone: the others polling on time show
    the server keeps up, so the silent player counts as away after
    PRESENCE_TIMEOUT as always."""
    seats = game(service, clock)
    gone, staying = seats[-1], seats[:-1]
    last_heard = clock.now
    on_time(service, clock, staying, int(PRESENCE_TIMEOUT) + 2)
    assert disconnects(service, gone.code) == [gone.member_id]
    member = state_of(service.store, gone.code).member(gone.member_id)
    assert member is not None and member.disconnected_at == pytest.approx(
        last_heard + PRESENCE_TIMEOUT, abs=HEARTBEAT_EVERY + WRITE_EVERY
    )


def test_X4_after_a_busy_spell_silence_counts_again(service: RoomService, clock: FakeClock) -> None:
    """The grace is the backlog the server had lately: a player who left as
    the queue formed is not away while it lasts (the others' polls are as
    late as theirs would be), and is once their silence outlasts it."""
    seats = game(service, clock)
    gone, staying = seats[-1], seats[:-1]
    backlogged(service, clock, staying, 1)
    assert disconnects(service, gone.code) == []
    on_time(service, clock, staying, int(2 * PRESENCE_TIMEOUT) + int(BACKLOG))
    assert disconnects(service, gone.code) == [gone.member_id]


def test_G7_heartbeats_heard_in_this_process_count_before_they_are_written(
    service: RoomService, clock: FakeClock
) -> None:
    """Polls note heartbeats in memory and write them together, at most
    every WRITE_EVERY; a presence judgement (here a timer check run by a
    poll, every second for a minute) writes the room's notes first, so
    nobody polling on time is ever taken for silent."""
    seats = game(service, clock, players=4)
    on_time(service, clock, seats, 60)
    code = seats[0].code
    assert disconnects(service, code) == []
    with service.store.read() as tx:
        seen = [p.last_seen for p in tx.players(code)]
    assert all(clock.now - at <= HEARTBEAT_EVERY + WRITE_EVERY + 1 for at in seen), seen


def test_poll_lag_ignores_one_late_page_and_follows_a_queue() -> None:
    """The lower median of each slot: one page polling every minute (a
    hidden tab) next to pages on time gives no grace; every page late by
    the same backlog gives that backlog, for the presence window."""
    lag = PollLag(expected=1.0, window=PRESENCE_TIMEOUT)
    now = 1000.0
    for second in range(30):
        for _ in range(5):
            lag.note(1.0, now + second)
        if second % 10 == 0:
            lag.note(60.0, now + second)
    now += 30
    assert lag.grace(now) == 0.0
    for page in range(5):
        lag.note(20.0, now + page * 0.1)
    assert lag.grace(now + 1) == pytest.approx(20.0 - 1.0 - 0.5)
    assert lag.grace(now + PRESENCE_TIMEOUT + 3) == 0.0

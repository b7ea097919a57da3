"""Presence through polling (X-4, G-7, G-8), the cheap poll, and cleanup."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from service_helpers import (
    FakeClock,
    alternating,
    make_room,
    pick_teams,
    roles,
    start_versus,
    state_of,
    version_of,
    versus_game,
)

from oneword.config import (
    CLEANUP_BATCH,
    CLEANUP_EVERY,
    HEARTBEAT_EVERY,
    PRESENCE_TIMEOUT,
    cleanup_after,
)
from oneword.engine import (
    Ending,
    Leave,
    Mode,
    Refusal,
    RoomState,
    SetClueTimer,
    SetMode,
    Team,
)
from oneword.engine.models import SkipReason
from oneword.engine.presence import HOST_HANDOVER_AFTER, HOST_WARNING_AFTER
from oneword.engine.turns import AWAY_WAIT
from oneword.service import RoomService, Seat
from oneword.storage.protocol import RoomTx
from oneword.storage.sqlite_store import Store

pytestmark = pytest.mark.both_backends


def keep_polling(
    service: RoomService, clock: FakeClock, seats: Sequence[Seat], seconds: int
) -> None:
    """Every seat's page polls once a second for `seconds` seconds."""
    for _ in range(seconds):
        clock.tick(1)
        for seat in seats:
            service.poll(seat.code, seat.token)


def last_seen(store: Store, seat: Seat) -> float:
    with store.read() as tx:
        return next(p.last_seen for p in tx.players(seat.code) if p.member_id == seat.member_id)


def test_poll_and_heartbeat_do_not_bump_the_version(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seats = start_versus(service)
    version = version_of(store, seats[0].code)
    keep_polling(service, clock, seats, 10)
    service.heartbeat(seats[0].code, seats[0].token)
    assert service.poll(seats[0].code, None) == version
    assert version_of(store, seats[0].code) == version
    assert last_seen(store, seats[0]) == clock.now


def test_poll_heartbeats_are_throttled(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seat = service.create_room("Ana")
    start = clock.now
    clock.tick(HEARTBEAT_EVERY - 1)
    service.poll(seat.code, seat.token)
    assert last_seen(store, seat) == start
    clock.tick(1)
    service.poll(seat.code, seat.token)
    assert last_seen(store, seat) == clock.now


def test_the_common_poll_never_parses_the_state(
    service: RoomService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = start_versus(service)
    clock.tick(1)

    def boom(*args: object, **kwargs: object) -> None:
        raise AssertionError("the poll parsed the room state")

    monkeypatch.setattr(RoomState, "model_validate_json", boom)
    for seat in seats:
        service.poll(seat.code, seat.token)
    service.poll(seats[0].code, None)


def test_X4_a_silent_captain_is_disconnected_and_reconnects_with_a_heartbeat(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seats = start_versus(service)
    code, started = seats[0].code, clock.now
    cast = roles(service, seats)
    captain = cast.captains[cast.playing]
    others = [s for s in seats if s != captain]
    version = version_of(store, code)
    keep_polling(service, clock, others, int(PRESENCE_TIMEOUT) + 1)
    member = state_of(store, code).member(captain.member_id)
    assert member is not None and not member.connected
    assert member.disconnected_at == started + PRESENCE_TIMEOUT
    turn = versus_game(store, code).turn
    assert turn is not None
    assert turn.giver_away_deadline == started + PRESENCE_TIMEOUT + AWAY_WAIT
    assert version_of(store, code) == version + 1
    view = service.view(code, None)
    assert {m.id: m.connected for m in view.members}[captain.member_id] is False

    service.poll(captain.code, captain.token)
    member = state_of(store, code).member(captain.member_id)
    assert member is not None and member.connected
    turn = versus_game(store, code).turn
    assert turn is not None and turn.giver_away_deadline is None


def test_X4_a_captain_away_for_60s_is_replaced_by_a_connected_teammate(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seats = start_versus(service)
    cast = roles(service, seats)
    captain = cast.captains[cast.playing]
    teammate = cast.guessers[cast.playing][0]
    others = [s for s in seats if s != captain]
    keep_polling(service, clock, others, int(PRESENCE_TIMEOUT + AWAY_WAIT) + 1)
    game = versus_game(store, captain.code)
    assert game.captains[cast.playing] == teammate.member_id
    assert game.turn is not None and game.turn.giver_id == teammate.member_id
    assert service.view(teammate.code, teammate.token).game.seat == "captain"  # type: ignore[union-attr]


def test_G7_a_silent_host_is_warned_about_then_replaced_signed_in_first(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    host = service.create_room("Ana")
    guest = service.join(host.code, "Bo")
    member = service.join(host.code, "Cy", signed_in=True)
    lost = clock.now + PRESENCE_TIMEOUT
    keep_polling(service, clock, [guest, member], int(PRESENCE_TIMEOUT + HOST_WARNING_AFTER) + 1)
    view = service.view(host.code, None)
    assert view.host_warning and view.host_name == "Ana"
    keep_polling(service, clock, [guest, member], int(HOST_HANDOVER_AFTER - HOST_WARNING_AFTER))
    view = service.view(host.code, None)
    assert view.host_name == "Cy" and not view.host_warning
    assert clock.now >= lost + HOST_HANDOVER_AFTER
    service.poll(host.code, host.token)
    view = service.view(host.code, host.token)
    assert view.you is not None and view.you.connected and not view.you.host


def test_G7_a_host_who_leaves_hands_over_at_once(service: RoomService) -> None:
    host = service.create_room("Ana")
    service.join(host.code, "Bo")
    service.join(host.code, "Cy", signed_in=True)
    view = service.leave(host.code, host.token)
    assert view.host_name == "Cy"


def test_G8_leaving_ends_a_versus_game_with_no_result_but_a_lost_connection_does_not(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seats = start_versus(service)
    code = seats[0].code
    keep_polling(service, clock, seats[:3], int(PRESENCE_TIMEOUT) + 5)
    assert versus_game(store, code).outcome is None
    view = service.act(seats[1].code, seats[1].token, Leave())
    assert view.game is not None and view.game.outcome is not None
    assert view.game.outcome.result == "no_result"
    assert view.game.outcome.ending is Ending.TEAM_LEFT


def test_a_watch_poll_applies_a_passed_clue_timer(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seats = make_room(service, 4)
    host = seats[0]
    service.act(host.code, host.token, SetClueTimer(seconds=60))
    pick_teams(service, seats, alternating(4))
    service.start_game(host.code, host.token)
    version = version_of(store, host.code)
    for _ in range(13):
        clock.tick(5)
        for seat in seats:
            service.heartbeat(seat.code, seat.token)
    assert service.poll(host.code, None) == version + 1
    game = versus_game(store, host.code)
    assert game.turn is not None and game.turn.number == 2
    assert game.log[-1].skip is SkipReason.TIME_RAN_OUT
    assert all(m.connected for m in state_of(store, host.code).members)


def test_cleanup_deletes_finished_and_abandoned_rooms_only(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    finished = start_versus(service)
    service.leave(finished[1].code, finished[1].token)
    finished_watched = start_versus(service)
    service.leave(finished_watched[1].code, finished_watched[1].token)
    abandoned = make_room(service, 2)
    live = start_versus(service)
    clock.tick(3600)
    for seat in [*live, finished_watched[0]]:
        service.poll(seat.code, seat.token)
    deleted = service.cleanup(1800)
    assert sorted(deleted) == sorted([finished[0].code, abandoned[0].code])
    with store.read() as tx:
        for code in deleted:
            assert tx.room_row(code) is None
            assert tx.players(code) == [] and tx.actions(code) == []
    for seat in (live[0], finished_watched[0]):
        assert service.view(seat.code, seat.token).you is not None
    assert service.cleanup(1800) == []


def test_cleanup_spares_a_room_that_came_back_after_the_scan(
    service: RoomService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scan is a read outside the write lock; the delete checks again."""
    host = make_room(service, 2)[0]
    clock.tick(3600)
    with service.store.read() as reading:
        tx_class = type(reading)  # the backend's own transaction class
    scan = tx_class.expired_rooms

    def scan_then_host_returns(
        tx: RoomTx, now: float, older_than: float, among: Sequence[str] | None = None
    ) -> list[str]:
        found = scan(tx, now, older_than, among)
        if among is None:
            service.poll(host.code, host.token)
        return found

    monkeypatch.setattr(tx_class, "expired_rooms", scan_then_host_returns)
    assert service.cleanup(1800) == []
    assert service.view(host.code, host.token).you is not None


TABLE = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Cy", Team.RED), ("Di", Team.BLUE)]


@pytest.mark.parametrize("one_device", [False, True])
def test_creating_any_room_cleans_up(
    service: RoomService, clock: FakeClock, one_device: bool
) -> None:
    old = make_room(service, 1)[0]
    clock.tick(cleanup_after() + 1)
    if one_device:
        service.create_one_device_room(TABLE, {Team.RED: 0, Team.BLUE: 1})
    else:
        service.create_room("Ana")
    with pytest.raises(Refusal):
        service.view(old.code, old.token)


def test_a_heartbeat_reconnects_a_player_marked_away(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    host, bo = make_room(service, 2)
    keep_polling(service, clock, [host], int(PRESENCE_TIMEOUT) + 1)
    assert not {m.id: m.connected for m in service.view(host.code, None).members}[bo.member_id]
    version = version_of(store, host.code)
    service.heartbeat(bo.code, bo.token)
    assert {m.id: m.connected for m in service.view(host.code, None).members}[bo.member_id]
    assert version_of(store, host.code) == version + 1
    service.heartbeat(bo.code, bo.token)
    assert version_of(store, host.code) == version + 1


def test_G8_a_together_side_left_empty_ends_with_no_result(
    service: RoomService, clock: FakeClock
) -> None:
    seats = make_room(service, 2)
    host = seats[0]
    service.act(host.code, host.token, SetMode(mode=Mode.TOGETHER))
    pick_teams(service, seats, alternating(2))
    service.start_game(host.code, host.token)
    keep_polling(service, clock, seats[:1], int(PRESENCE_TIMEOUT) + 5)
    assert service.view(host.code, None).game.outcome is None  # type: ignore[union-attr]
    view = service.leave(seats[1].code, seats[1].token)
    assert view.game is not None and view.game.outcome is not None
    assert view.game.outcome.result == "no_result"


def test_creating_a_room_cleans_up_rooms_left_long_enough(
    service: RoomService, store: Store, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONEWORD_CLEANUP_AFTER", "600")
    abandoned = make_room(service, 2)
    live = make_room(service, 2)
    clock.tick(601)
    service.poll(live[0].code, live[0].token)
    service.create_room("Newcomer")
    with store.read() as tx:
        assert tx.room_row(abandoned[0].code) is None
        assert tx.room_row(live[0].code) is not None


def spy_on_deletes(service: RoomService, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of each delete cleanup makes, in order."""
    with service.store.read() as reading:
        tx_class = type(reading)
    delete = tx_class.delete_expired
    sizes: list[int] = []

    def counted(tx: RoomTx, codes: Sequence[str], now: float, older_than: float) -> list[str]:
        sizes.append(len(codes))
        return delete(tx, codes, now, older_than)

    monkeypatch.setattr(tx_class, "delete_expired", counted)
    return sizes


def test_cleanup_deletes_expired_rooms_in_batches(
    service: RoomService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However many rooms expired, each delete holds the write lock for at
    most CLEANUP_BATCH of them; `cleanup()` goes on until none is left."""
    old = [service.create_room(f"P{i}").code for i in range(2 * CLEANUP_BATCH + 3)]
    clock.tick(3600)
    live = make_room(service, 2)[0]
    sizes = spy_on_deletes(service, monkeypatch)
    deleted = service.cleanup(1800)
    assert sorted(deleted) == sorted(old)
    assert len(sizes) >= 3 and max(sizes) <= CLEANUP_BATCH, sizes
    assert service.view(live.code, live.token).you is not None


def test_creating_a_room_cleans_up_one_batch_now_and_then(
    service: RoomService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room creation deletes at most one batch, and at most once every
    CLEANUP_EVERY in a process: its cost does not grow with the rooms kept."""
    for i in range(CLEANUP_BATCH + 5):
        service.create_room(f"P{i}")
    clock.tick(cleanup_after() + 1)
    sizes = spy_on_deletes(service, monkeypatch)
    service.create_room("Ana")
    service.create_room("Bo")
    assert sizes == [CLEANUP_BATCH]
    clock.tick(CLEANUP_EVERY)
    service.create_room("Cy")
    assert sizes == [CLEANUP_BATCH, 5]


def test_cleanup_finds_expired_rooms_through_indexes(tmp_path: Path) -> None:
    """SQLite's plan for the scan searches the indexes on `updated_at` and
    `finished_at` instead of reading every room."""
    store = Store(tmp_path / "plan.sqlite3")
    with store.read() as tx:
        ran: list[str] = []
        tx.conn.set_trace_callback(ran.append)  # the statements, values filled in
        tx.expired_rooms(1000.0, 10.0)
        tx.conn.set_trace_callback(None)
        plan = " | ".join(row[-1] for row in tx.conn.execute("EXPLAIN QUERY PLAN " + ran[-1]))
    assert "rooms_by_update" in plan and "rooms_by_finish" in plan, plan
    assert "SCAN r" not in plan, plan

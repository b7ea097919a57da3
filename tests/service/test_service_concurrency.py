"""Many players acting on one room at once (V-13): every write is one
write transaction that holds the room (`BEGIN IMMEDIATE` on SQLite, the
room's row lock on PostgreSQL), so nothing is lost and each race has
exactly one winner. Each thread has its own service and store, as each Streamlit
session (or another process) would."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from service_helpers import (
    FakeClock,
    MakeStore,
    alternating,
    captain_key,
    click_randomly,
    make_room,
    pick_teams,
    replay,
    roles,
    state_of,
    version_of,
)

from oneword.engine import (
    INFINITY,
    GiveClue,
    Mark,
    Open,
    Refusal,
    StartGame,
)
from oneword.engine.models import team_colour
from oneword.service import Change, RoomService, Seat
from oneword.service.codec import logged_action
from oneword.storage.protocol import RoomStore as Store

pytestmark = pytest.mark.both_backends

THREADS = 8
ROUNDS = 120


def own_service(make_store: MakeStore, clock: FakeClock) -> RoomService:
    """A service on a store of its own: another session, process or server."""
    return RoomService(make_store(), clock=clock)


def run_all(count: int, work: Callable[[int], object]) -> list[object]:
    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(work, range(count)))


def test_eight_players_acting_at_once_lose_no_update(
    service: RoomService, store: Store, clock: FakeClock, make_store: MakeStore
) -> None:
    seats = make_room(service, THREADS)
    pick_teams(service, seats, alternating(THREADS))
    service.start_game(seats[0].code, seats[0].token)
    code = seats[0].code
    version_before = version_of(store, code)
    with store.read() as tx:
        log_before = len(tx.actions(code))
    barrier = threading.Barrier(THREADS)

    def play(index: int) -> dict[str, int]:
        seat, svc, rng = seats[index], own_service(make_store, clock), random.Random(index)
        barrier.wait()
        return click_randomly(svc, seat, rng, ROUNDS, host=index == 0)

    totals: Counter[str] = Counter()
    for tally in run_all(THREADS, play):
        assert isinstance(tally, dict)
        totals.update(tally)
    assert totals["accepted"] > 10
    assert version_of(store, code) == version_before + totals["accepted"]
    with store.read() as tx:
        logged = tx.actions(code)
    assert len(logged) == log_before + totals["accepted"]
    assert [entry.seq for entry in logged] == list(range(1, len(logged) + 1))
    assert replay(store, code) == state_of(store, code)
    assert_no_card_opened_twice_per_game(store, code)


def assert_no_card_opened_twice_per_game(store: Store, code: str) -> None:
    with store.read() as tx:
        logged = [logged_action(row) for row in tx.actions(code)]
    opened: set[int] = set()
    for entry in logged:
        if isinstance(entry.action, StartGame):
            opened = set()
        elif isinstance(entry.action, Open):
            assert entry.action.card not in opened
            opened.add(entry.action.card)


def unlimited_clue_given(service: RoomService) -> tuple[Seat, list[Seat], list[int]]:
    """An 8-player game whose playing captain gave an unlimited clue: the
    captain, that team's guessers, and the team's cards."""
    seats = make_room(service, THREADS)
    pick_teams(service, seats, alternating(THREADS))
    service.start_game(seats[0].code, seats[0].token)
    cast = roles(service, seats)
    captain, guessers = cast.captains[cast.playing], cast.guessers[cast.playing]
    service.act(captain.code, captain.token, GiveClue(word="qwrtz", number=INFINITY))
    key = captain_key(service, captain).key
    own = [i for i, colour in enumerate(key) if colour is team_colour(cast.playing)]
    return captain, list(guessers), own


def test_V13_two_guessers_opening_the_same_card_at_once_open_it_once(
    service: RoomService, store: Store, clock: FakeClock, make_store: MakeStore
) -> None:
    captain, guessers, own = unlimited_clue_given(service)
    services = [own_service(make_store, clock) for _ in guessers]
    for card in own[:5]:
        barrier = threading.Barrier(len(guessers))

        def open_card(index: int, card: int = card, barrier: threading.Barrier = barrier) -> str:
            seat = guessers[index]
            barrier.wait()
            try:
                services[index].act(seat.code, seat.token, Open(card=card))
            except Refusal as refusal:
                return refusal.code
            return "opened"

        results = Counter(str(r) for r in run_all(len(guessers), open_card))
        assert results == Counter({"opened": 1, "card_open": len(guessers) - 1})
    game = service.view(captain.code, captain.token).game
    assert game is not None and game.turn is not None and game.turn.opened == 5


def test_simultaneous_joins_fill_the_room_exactly(
    service: RoomService, store: Store, clock: FakeClock, make_store: MakeStore
) -> None:
    host = service.create_room("Host")
    barrier = threading.Barrier(10)

    def join(index: int) -> str:
        svc = own_service(make_store, clock)
        barrier.wait()
        try:
            return svc.join(host.code, f"Player {index}").member_id
        except Refusal as refusal:
            return refusal.code

    results = [str(r) for r in run_all(10, join)]
    assert results.count("room_full") == 1
    assert len(set(results)) == 10
    view = service.view(host.code, None)
    assert len(view.members) == 10
    assert version_of(store, host.code) == 1 + 9


def test_V13_two_guessers_opening_different_cards_at_once_open_one(
    service: RoomService, store: Store, clock: FakeClock, make_store: MakeStore
) -> None:
    """Each guesser says what they saw (`seen_openings`), as the board page
    does: of opens sent at once, the first lands and the others are told
    the board changed."""
    captain, guessers, own = unlimited_clue_given(service)
    services = [own_service(make_store, clock) for _ in guessers]
    for round_number in range(3):
        barrier = threading.Barrier(len(guessers))
        cards = own[round_number * len(guessers) :][: len(guessers)]

        def open_card(
            index: int,
            seen: int = round_number,
            barrier: threading.Barrier = barrier,
            cards: list[int] = cards,
        ) -> str:
            seat = guessers[index]
            barrier.wait()
            try:
                action = Open(card=cards[index % len(cards)], seen_openings=seen)
                services[index].act(seat.code, seat.token, action)
            except Refusal as refusal:
                return refusal.code
            return "opened"

        results = Counter(str(r) for r in run_all(len(guessers), open_card))
        assert results["opened"] == 1, results
        assert set(results) <= {"opened", "board_changed", "card_open"}
    game = service.view(captain.code, captain.token).game
    assert game is not None and game.turn is not None and game.turn.opened == 3


def test_V13_a_write_between_the_read_and_the_lock_makes_the_rules_run_again(
    service: RoomService,
    store: Store,
    clock: FakeClock,
    make_store: MakeStore,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules run on a read, outside the write lock; an open that lands
    after that read is found in the lock, and the second open is judged
    again on the board as it is now."""
    captain, guessers, own = unlimited_clue_given(service)
    first, second = guessers[0], guessers[1]
    other = own_service(make_store, clock)
    drafted: list[Change] = []
    draft = RoomService._draft_change

    def draft_then_the_other_opens(self: RoomService, *args: Any) -> Change:
        change = draft(self, *args)
        if self is service and not drafted:
            drafted.append(change)
            other.act(second.code, second.token, Open(card=own[1], seen_openings=0))
        return change

    monkeypatch.setattr(RoomService, "_draft_change", draft_then_the_other_opens)
    refusal = refused_code(
        lambda: service.act(first.code, first.token, Open(card=own[0], seen_openings=0))
    )
    assert drafted and refusal == "board_changed"
    game = other.view(captain.code, captain.token).game
    assert game is not None and game.turn is not None and game.turn.opened == 1


def test_a_mark_between_the_read_and_the_lock_is_kept(
    service: RoomService,
    store: Store,
    clock: FakeClock,
    make_store: MakeStore,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    captain, guessers, own = unlimited_clue_given(service)
    first, second = guessers[0], guessers[1]
    other = own_service(make_store, clock)
    draft = RoomService._draft_change
    calls: list[bool] = []

    def draft_then_the_other_marks(self: RoomService, *args: Any) -> Change:
        change = draft(self, *args)
        calls.append(self is service)
        if calls == [True]:
            other.act(second.code, second.token, Mark(card=own[1]))
        return change

    monkeypatch.setattr(RoomService, "_draft_change", draft_then_the_other_marks)
    service.act(first.code, first.token, Mark(card=own[0]))
    assert calls == [True, False, True], "drafted, the other wrote, drafted again in the lock"
    game = state_of(store, captain.code).game
    assert game is not None and game.turn is not None
    assert game.turn.marks == {own[0]: [first.member_id], own[1]: [second.member_id]}


def refused_code(call: Callable[[], object]) -> str:
    try:
        call()
    except Refusal as refusal:
        return refusal.code
    raise AssertionError("not refused")

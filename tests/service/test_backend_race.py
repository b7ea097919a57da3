"""Races across processes (H-4, V-13): 8 threads in each of 2 processes,
every thread on a connection of its own, as players on two app servers
would be. Run on both backends: on SQLite the processes share the file,
on PostgreSQL the database.

No update is lost (every accepted action is logged once, the version grew
by one per accepted action, the log replays to the stored state) and each
race has one winner.

These processes run on the real clock. On a loaded machine a run can
outlast PRESENCE_TIMEOUT for a seat whose player had nothing to do, or
start more than SERVER_AWAY_AFTER after the room was made: the service
then logs the room's own entries (a lost connection, the server's gap),
which may be saved with an action that is refused. Those are counted
apart from the players' actions. A thread told the server is busy (the
queue for one room's lock outlasting BUSY_TIMEOUT) tries again, as a
player would.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from service_helpers import (
    MakeStore,
    alternating,
    captain_key,
    make_room,
    pick_teams,
    replay,
    roles,
    run_workers,
    state_of,
    version_of,
)

from oneword.engine import INFINITY, GiveClue
from oneword.engine.models import team_colour
from oneword.service import RoomService, Seat

pytestmark = pytest.mark.both_backends

WORKER = Path(__file__).resolve().parent / "race_worker.py"
PROCESSES = 2
THREADS = 8
LEAD = 4.0
ROOMS_OWN = {"disconnect", "reconnect", "server_resumed"}
"""Log entries the service makes on its own (X-4, X-5, X-8), not a player's click."""
"""Seconds between sending the tasks and the moment all threads act: time
for both processes to start and import the app."""


def run_processes(target: dict[str, Any], task: dict[str, Any]) -> list[Any]:
    """Run `task` in PROCESSES worker processes at once; each returns one
    result per thread."""
    start_at = time.time() + LEAD
    payloads = [{**target, **task, "start_at": start_at, "process": n} for n in range(PROCESSES)]
    return run_workers(WORKER, payloads)


@pytest.fixture
def real_service(make_store: MakeStore) -> RoomService:
    """The real clock: the worker processes use it too."""
    return RoomService(make_store())


def seat_list(seats: list[Seat]) -> list[list[str]]:
    return [[s.code, s.member_id, s.token] for s in seats]


def test_V13_sixteen_threads_in_two_processes_lose_no_update(
    real_service: RoomService, target: dict[str, Any]
) -> None:
    """Every seat of an 8-player game clicks from both processes at once
    (the same player in two tabs on two servers)."""
    service = real_service
    seats = make_room(service, THREADS)
    pick_teams(service, seats, alternating(THREADS))
    service.start_game(seats[0].code, seats[0].token)
    code = seats[0].code
    version_before = version_of(service.store, code)
    with service.store.read() as tx:
        log_before = len(tx.actions(code))
    task = {"task": "play", "seats": seat_list(seats), "rounds": 60, "seed": 7}
    tallies = run_processes(target, task)
    accepted = sum(t["accepted"] for t in tallies)
    assert len(tallies) == PROCESSES * THREADS
    assert accepted > 5 and sum(t["refused"] for t in tallies) > 0
    with service.store.read() as tx:
        logged = tx.actions(code)
    kinds = [json.loads(entry.action_json)["kind"] for entry in logged[log_before:]]
    players = [kind for kind in kinds if kind not in ROOMS_OWN]
    assert len(players) == accepted, Counter(kinds)
    grew = version_of(service.store, code) - version_before
    assert accepted <= grew <= accepted + len(kinds) - len(players), Counter(kinds)
    assert [entry.seq for entry in logged] == list(range(1, len(logged) + 1))
    assert replay(service.store, code) == state_of(service.store, code)


def test_V13_sixteen_threads_opening_the_same_card_open_it_once(
    real_service: RoomService, target: dict[str, Any]
) -> None:
    service = real_service
    seats = make_room(service, THREADS)
    pick_teams(service, seats, alternating(THREADS))
    service.start_game(seats[0].code, seats[0].token)
    cast = roles(service, seats)
    captain, guessers = cast.captains[cast.playing], cast.guessers[cast.playing]
    service.act(captain.code, captain.token, GiveClue(word="qwrtz", number=INFINITY))
    key = captain_key(service, captain).key
    own = [i for i, colour in enumerate(key) if colour is team_colour(cast.playing)]
    task = {
        "task": "open_same_card",
        "seats": seat_list(guessers),
        "cards": own[:3],
        "spacing": 1.0,
    }
    per_thread = run_processes(target, task)
    for round_number in range(3):
        results = Counter(thread[round_number] for thread in per_thread)
        assert results == Counter({"opened": 1, "card_open": PROCESSES * THREADS - 1}), results
    game = service.view(captain.code, captain.token).game
    assert game is not None and game.turn is not None and game.turn.opened == 3


def test_L2_sixteen_joins_from_two_processes_fill_the_room_exactly(
    real_service: RoomService, target: dict[str, Any]
) -> None:
    service = real_service
    host = service.create_room("Host")
    results = run_processes(target, {"task": "join", "code": host.code})
    joined = [r for r in results if r.startswith("m")]
    assert len(joined) == 9 and len(set(joined)) == 9, Counter(results)
    assert results.count("room_full") == PROCESSES * THREADS - 9, Counter(results)
    assert len(service.view(host.code, None).members) == 10
    assert version_of(service.store, host.code) == 1 + 9

"""Shared helpers for the service tests: a fake clock, rooms set up through
the service, and a look at what the store holds."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from oneword.engine import (
    INFINITY,
    Action,
    BackToLobby,
    EndTurn,
    GiveClue,
    Mark,
    Open,
    PickTeam,
    Refusal,
    RoomState,
    RoomView,
    StartGame,
    Team,
    apply,
    new_room,
)
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusCaptainView, VersusView
from oneword.service import RoomService, Seat
from oneword.service.codec import logged_action, parse_state
from oneword.storage.protocol import RoomStore
from oneword.storage.protocol import RoomStore as Store

MakeStore = Callable[[], RoomStore]
"""Opens another store on the test's database (the `make_store` fixture)."""

START = 1_000_000.0
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim"]


class FakeClock:
    """Time as an input: tests move it by hand, nothing sleeps."""

    def __init__(self, start: float = START) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def tick(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def pass_time(
    service: RoomService,
    clock: FakeClock,
    seconds: float,
    code: str,
    tokens: Sequence[str | None] = (None,),
) -> None:
    """Let `seconds` pass while the pages of `tokens` (None: a watch screen)
    poll the room every 5 s, so the server is seen alive all the while: a
    store that nothing uses for SERVER_AWAY_AFTER counts as a server that
    was away (X-8), and its rooms' clocks stand still for that time."""
    end = clock.now + seconds
    while clock.now < end:
        clock.tick(min(5.0, end - clock.now))
        for token in tokens:
            service.poll(code, token)


def make_room(service: RoomService, count: int, *, language: str = "en") -> list[Seat]:
    """A host and `count - 1` guests, all undecided."""
    host = service.create_room(NAMES[0], language=language)
    return [host] + [service.join(host.code, name) for name in NAMES[1:count]]


def pick_teams(service: RoomService, seats: Sequence[Seat], teams: Sequence[Team | None]) -> None:
    for seat, team in zip(seats, teams, strict=True):
        service.act(seat.code, seat.token, PickTeam(team=team))


def alternating(count: int) -> list[Team | None]:
    return [Team.RED if i % 2 == 0 else Team.BLUE for i in range(count)]


def start_versus(service: RoomService, count: int = 4) -> list[Seat]:
    """A running Versus game with teams split alternately."""
    seats = make_room(service, count)
    pick_teams(service, seats, alternating(count))
    service.start_game(seats[0].code, seats[0].token)
    return seats


@dataclass(frozen=True)
class Roles:
    """Who plays what in a running Versus game, read from each seat's view."""

    captains: dict[Team, Seat]
    guessers: dict[Team, list[Seat]]
    playing: Team


def roles(service: RoomService, seats: Sequence[Seat]) -> Roles:
    captains: dict[Team, Seat] = {}
    guessers: dict[Team, list[Seat]] = {Team.RED: [], Team.BLUE: []}
    playing = None
    for seat in seats:
        game = service.view(seat.code, seat.token).game
        assert game is not None and game.your_team is not None and game.turn is not None
        playing = game.turn.team
        if game.seat == "captain":
            captains[game.your_team] = seat
        else:
            guessers[game.your_team].append(seat)
    assert playing is not None
    return Roles(captains, guessers, playing)


def captain_key(service: RoomService, captain: Seat) -> VersusCaptainView:
    game = service.view(captain.code, captain.token).game
    assert isinstance(game, VersusCaptainView)
    return game


def state_of(store: Store, code: str) -> RoomState:
    """The raw engine state, for checks no view shows (test-only)."""
    with store.read() as tx:
        stored = tx.load(code)
    assert stored is not None
    return parse_state(stored.state_json)


def version_of(store: Store, code: str) -> int:
    with store.read() as tx:
        row = tx.room_row(code)
    assert row is not None
    return row.version


def versus_game(store: Store, code: str) -> VersusGame:
    game = state_of(store, code).game
    assert isinstance(game, VersusGame)
    return game


def refused(
    store: Store, code: str, call: Callable[[], object], expected_code: str | None = None
) -> Refusal:
    """Run a call that must be refused, and check that it changed nothing:
    same state, same version, same action log."""
    with store.read() as tx:
        before = tx.load(code)
        log = len(tx.actions(code))
    with pytest.raises(Refusal) as info:
        call()
    with store.read() as tx:
        after = tx.load(code)
        assert len(tx.actions(code)) == log
    assert before is not None and after is not None
    assert after.row.version == before.row.version
    assert after.state_json == before.state_json
    if expected_code is not None:
        assert info.value.code == expected_code, info.value
    return info.value


def replay(store: Store, code: str) -> RoomState:
    """The room rebuilt from its action log alone."""
    state = new_room(seed=state_of(store, code).seed)
    with store.read() as tx:
        logged = [logged_action(row) for row in tx.actions(code)]
    for entry in logged:
        state = apply(state, entry.action, entry.at)
    return state


def as_member(action: Action, member_id: str) -> Action:
    return action.model_copy(update={"by": member_id})


def view_names(view: RoomView) -> list[str]:
    return [m.name for m in view.members]


def choose(svc: RoomService, seat: Seat, rng: random.Random, host: bool) -> Action | None:
    """What this player would click now, judged from their own view; now
    and then something out of turn, which must be refused."""
    game = svc.view(seat.code, seat.token).game
    if game is None:
        return StartGame(words=["x"] * 25) if host else None
    if game.outcome is not None:
        return BackToLobby() if host else None
    assert isinstance(game, VersusView)
    turn = game.turn
    closed = [card.index for card in game.board if card.colour is None]
    if turn is None or turn.team is not game.your_team:
        return Open(card=rng.choice(closed)) if rng.random() < 0.2 else None
    if game.seat == "captain":
        return GiveClue(word="qwrtz", number=rng.choice([1, 2, INFINITY]))
    if turn.clue is None or not game.may_guess:
        return None
    roll = rng.random()
    if roll < 0.4:
        return Mark(card=rng.choice(closed))
    if turn.opened and roll < 0.5:
        return EndTurn()
    return Open(card=rng.choice(closed))


def click_randomly(
    svc: RoomService, seat: Seat, rng: random.Random, rounds: int, host: bool
) -> dict[str, int]:
    """`rounds` clicks of `seat`, each picked by `choose` from its own view;
    how many were accepted and how many refused."""
    tally = {"accepted": 0, "refused": 0}
    for _ in range(rounds):
        action = choose(svc, seat, rng, host=host)
        if action is None:
            continue
        try:
            if isinstance(action, StartGame):
                svc.start_game(seat.code, seat.token)
            else:
                svc.act(seat.code, seat.token, action)
            tally["accepted"] += 1
        except Refusal:
            tally["refused"] += 1
    return tally


def run_workers(worker: Path, payloads: Sequence[dict[str, Any]]) -> list[Any]:
    """Run the script `worker` once per payload, all at the same time, as
    separate server processes would; each reads its payload as JSON on
    stdin and prints a JSON list. Returns the lists joined, in order."""
    processes = [
        subprocess.Popen(
            [sys.executable, str(worker)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        for _ in payloads
    ]
    results: list[Any] = []
    for process, payload in zip(processes, payloads, strict=True):
        out, err = process.communicate(json.dumps(payload), timeout=120)
        assert process.returncode == 0, err
        results.extend(json.loads(out))
    return results

"""PR-2: a game's end is counted into its profiles exactly once, whoever
sees it: here 4 pages in each of 2 processes keep reading the room while a
player in each process opens the card that ends it (on SQLite the
processes share the file, on PostgreSQL the database)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from profile_helpers import finish_versus, new_profiles, signed_in_room
from service_helpers import FakeClock, MakeStore, run_workers, state_of, versus_game

from oneword.engine import GiveClue, Team
from oneword.engine.models import Colour
from oneword.profiles import XP_TABLE
from oneword.profiles.counting import count_if_finished
from oneword.profiles.service import ProfileService
from oneword.service import RoomService

pytestmark = pytest.mark.both_backends

WORKER = Path(__file__).resolve().parent / "profile_end_worker.py"
LEAD = 3.0


def run_both(task: dict[str, Any]) -> list[str]:
    """Run `task` in two worker processes at once (two servers)."""
    start_at = time.time() + LEAD
    return run_workers(WORKER, [{**task, "start_at": start_at}] * 2)


def test_PR_2_four_pages_and_two_processes_see_the_end_and_it_counts_once(
    make_store: MakeStore, target: dict[str, Any]
) -> None:
    store = make_store()
    service, profiles = RoomService(store), ProfileService(store)
    keys = new_profiles(profiles, 4)
    seats = signed_in_room(service, keys, [Team.RED, Team.BLUE, Team.RED, Team.BLUE])
    code = seats[0].code
    service.start_game(code, seats[0].token)
    game = versus_game(store, code)
    assert game.turn is not None
    team = game.turn.team
    captain = next(s for s in seats if s.member_id == game.captains[team])
    guesser = next(
        s
        for s in seats
        if s.member_id in {p.id for p in game.team_players(team)} - {captain.member_id}
    )
    service.act(code, captain.token, GiveClue(word="qwrtz", number=1))
    task = {
        **target,
        "seats": [[guesser.code, guesser.member_id, guesser.token]]
        + [[s.code, s.member_id, s.token] for s in seats if s != guesser],
        "card": game.key.index(Colour.BLACK),
    }
    results = run_both(task)
    players = [r for r in results if r not in ("over", "running")]
    assert sorted(players) == ["game_over", "opened"]
    assert results.count("over") == 8
    after = [profiles.get(k) for k in keys]
    assert all(p is not None and p.stats.total("games") == 1 for p in after)
    assert sorted(p.stats.xp for p in after if p is not None) == [
        XP_TABLE["finished"],
        XP_TABLE["finished"],
        XP_TABLE["finished"] + XP_TABLE["win"],
        XP_TABLE["finished"] + XP_TABLE["win"],
    ]
    assert len(profiles.rewards(code)) == 4
    assert all(len(profiles.recent_games(k)) == 1 for k in keys)


def test_PR_2_the_counted_marker_stops_a_second_count_of_the_same_end(
    make_store: MakeStore, clock: FakeClock
) -> None:
    """Even a writer that saw the game running and saves its end again
    (a bug elsewhere, a replayed save) adds nothing the second time."""
    store = make_store()
    service, profiles = RoomService(store, clock=clock), ProfileService(store, clock=clock)
    [key] = new_profiles(profiles, 1)
    seats = signed_in_room(service, [key, None, None, None], [Team.RED, Team.BLUE] * 2)
    service.start_game(seats[0].code, seats[0].token)
    running = state_of(store, seats[0].code)
    finish_versus(service, seats, Team.RED)
    ended = state_of(store, seats[0].code)
    before = profiles.get(key)
    with store.write() as tx:
        count_if_finished(tx, seats[0].code, running, ended, clock.now)
    assert profiles.get(key) == before
    assert before is not None and before.stats.total("games") == 1

"""K-2 in the lobby: the host locks the sides (the middle goes to the
smaller side, two a side at least), players cannot change side while they
are locked, the host still moves anyone, each deal opens them again; the
host volunteers bots, never people."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from codewords_helpers import codewords_lobby
from versus_helpers import HOST, START, WORDS, lobby

from oneword.engine import (
    Join,
    LockSides,
    MovePlayer,
    PickTeam,
    StartGame,
    Team,
    Volunteer,
    apply,
    view_for,
)
from oneword.engine.errors import Refusal
from oneword.engine.models import RoomState


def refused(act: Callable[[], object], code: str) -> None:
    with pytest.raises(Refusal) as caught:
        act()
    assert caught.value.code == code


def _with_middle(count: int, seed: int = 0) -> RoomState:
    """Two a side and `count` more players who have not picked."""
    room = codewords_lobby(red=2, blue=2, seed=seed)
    for number in range(count):
        room = apply(room, Join(by=f"m{number}", name=f"M{number}"), START)
    return room


def _sizes(room: RoomState) -> dict[Team | None, int]:
    return {t: sum(1 for m in room.members if m.team is t) for t in (*Team, None)}


@pytest.mark.parametrize("seed", range(12))
def test_K_2_locking_puts_the_middle_on_the_smaller_side(seed: int) -> None:
    room = _with_middle(3, seed)
    room = apply(room, MovePlayer(by=HOST, player="b2", team=None), START)  # 2 red, 1 blue
    locked = apply(room, LockSides(by=HOST), START)
    sizes = _sizes(locked)
    assert sizes[None] == 0 and sizes[Team.BLUE] >= 3, "blue was smaller: it gets two or more"
    assert abs(sizes[Team.RED] - sizes[Team.BLUE]) <= 1
    assert locked.sides_locked and view_for(locked, "b1").sides_locked


def test_K_2_the_middle_is_placed_in_random_order() -> None:
    """Over several rooms, a middle player lands on either side."""
    landed = set()
    for seed in range(24):
        room = apply(_with_middle(1, seed), LockSides(by=HOST), START)
        landed.add(room.member("m0").team)  # type: ignore[union-attr]
    assert landed == {Team.RED, Team.BLUE}


def test_K_2_each_side_needs_two_players_to_lock() -> None:
    room = codewords_lobby(red=2, blue=2)
    room = apply(room, MovePlayer(by=HOST, player="b1", team=Team.RED), START)
    room = apply(room, MovePlayer(by=HOST, player="b2", team=None), START)
    refused(lambda: apply(room, LockSides(by=HOST), START), "team_too_small")
    assert not room.sides_locked


def test_K_2_only_the_host_locks_and_only_in_codewords() -> None:
    room = codewords_lobby(red=2, blue=2)
    refused(lambda: apply(room, LockSides(by="b1"), START), "host_only")
    refused(lambda: apply(lobby(2, 2), LockSides(by=HOST), START), "not_codewords")


def test_K_2_locked_sides_keep_players_in_place_but_not_the_host() -> None:
    room = apply(_with_middle(1), LockSides(by=HOST), START)
    refused(lambda: apply(room, PickTeam(by="b1", team=Team.RED), START), "sides_locked")
    moved = apply(room, MovePlayer(by=HOST, player="b1", team=Team.RED), START)
    assert moved.member("b1").team is Team.RED  # type: ignore[union-attr]
    again = apply(moved, LockSides(by=HOST, locked=False), START)
    picked = apply(again, PickTeam(by="b1", team=Team.BLUE), START)
    assert picked.member("b1").team is Team.BLUE  # type: ignore[union-attr]


def test_K_2_each_deal_opens_the_sides_for_the_next_lobby() -> None:
    room = apply(_with_middle(0), LockSides(by=HOST), START)
    dealt = apply(room, StartGame(by=HOST, words=list(WORDS)), START)
    assert dealt.game is not None and not dealt.sides_locked


def test_K_2_the_host_volunteers_a_bot_but_not_a_person() -> None:
    room = codewords_lobby(red=2, blue=2)
    room = apply(room, Join(by="bot1", name="Robo", bot=True), START)
    room = apply(room, Volunteer(by=HOST, player="bot1"), START)
    assert room.member("bot1").volunteer  # type: ignore[union-attr]
    room = apply(room, Volunteer(by=HOST, player="bot1", volunteer=False), START)
    assert not room.member("bot1").volunteer  # type: ignore[union-attr]
    refused(lambda: apply(room, Volunteer(by=HOST, player="b1"), START), "not_a_bot")
    refused(lambda: apply(room, Volunteer(by="b1", player="bot1"), START), "host_only")
    assert apply(room, Volunteer(by="b1"), START).member("b1").volunteer  # type: ignore[union-attr]

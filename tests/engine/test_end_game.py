"""L-4: the host ends a running game early (the bell rang), paused or not:
no result, every timer stopped; nobody else can, and nothing ends
where no game runs. In Just One the cards to come stay unplayed."""

from __future__ import annotations

import pytest
from justone_helpers import just_one_room

from oneword.engine import (
    EndGame,
    Join,
    Pause,
    RuleError,
    SetWatching,
    StartGame,
    advance,
    apply,
    new_room,
    view_for,
)
from oneword.engine.justone.state import CardResult, JustOneGame
from oneword.engine.models import Ending, RoomState
from oneword.wording import outcome_text

WORDS = [f"word{i}" for i in range(25)]


def _running(watching: bool = False) -> RoomState:
    room = new_room(seed=3)
    for i in range(5 if watching else 4):
        room = apply(room, Join(by=f"p{i}", name=f"P{i}"), 0.0)
    if watching:
        room = apply(room, SetWatching(by="p0", watching=True), 0.0)
    return apply(room, StartGame(by="p0", words=WORDS), 0.0)


@pytest.mark.parametrize("watching", [False, True])
def test_L4_the_host_ends_the_game_with_no_result(watching: bool) -> None:
    room = apply(_running(watching), Pause(by="p1"), 5.0)
    room = apply(room, EndGame(by="p0"), 6.0)
    game = room.game
    assert game is not None and game.outcome is not None
    assert (game.outcome.result, game.outcome.ending) == ("no_result", Ending.HOST_ENDED)
    assert game.turn is None and room.paused_at is None
    later = advance(room, 10_000.0)
    assert later.game is not None and later.game.outcome == game.outcome, "no timer runs on"
    shown = view_for(later, None).game
    assert shown is not None and shown.outcome is not None
    assert outcome_text(shown.outcome, shown.mode) == "The host ended the game: no result."


def test_L4_only_the_host_ends_a_game_and_only_a_running_one() -> None:
    room = _running()
    with pytest.raises(RuleError) as player:
        apply(room, EndGame(by="p1"), 1.0)
    assert player.value.code == "host_only"
    ended = apply(room, EndGame(by="p0"), 1.0)
    with pytest.raises(RuleError) as twice:
        apply(ended, EndGame(by="p0"), 2.0)
    assert twice.value.code == "no_game"
    lobby = new_room(seed=1)
    lobby = apply(lobby, Join(by="p0", name="P0"), 0.0)
    with pytest.raises(RuleError) as none:
        apply(lobby, EndGame(by="p0"), 1.0)
    assert none.value.code == "no_game"


def test_L4_J_ending_just_one_leaves_the_cards_to_come_unplayed() -> None:
    room = just_one_room(4, timer=60)
    room = apply(room, EndGame(by="p0"), 1010.0)
    game = room.game
    assert isinstance(game, JustOneGame) and game.outcome is not None
    assert game.outcome.ending is Ending.HOST_ENDED
    assert all(card.result is CardResult.UNPLAYED for card in game.cards)
    assert all(card.phase is None and card.clue_deadline is None for card in game.cards)

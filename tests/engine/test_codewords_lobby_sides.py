"""K-2 in the lobby: a side is named by a colour only once the deal can no
longer change it, and then by the colour the game will give it (the name
the board, the watch page and the results use)."""

from __future__ import annotations

import random

from codewords_helpers import codewords_lobby
from versus_helpers import HOST, START, WORDS

from oneword.engine import (
    PickColour,
    Preset,
    SetPreset,
    StartGame,
    Team,
    Volunteer,
    apply,
    view_for,
)
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.models import RoomState


def _pick(room: RoomState, member: str, colour: str | None, volunteer: bool = False) -> RoomState:
    room = apply(room, PickColour(by=member, colour=colour), START)
    return apply(room, Volunteer(by=member, volunteer=volunteer), START)


def _names(room: RoomState) -> dict[Team, str]:
    return {t: s.name for t, s in view_for(room, HOST).lobby_sides.items()}


def test_K_2_with_no_colour_picked_the_sides_keep_their_usual_names() -> None:
    assert _names(codewords_lobby()) == {Team.RED: "Red", Team.BLUE: "Blue"}


def test_K_2_a_single_volunteer_names_the_side_in_their_colour() -> None:
    room = _pick(codewords_lobby(), "r2", "orange", volunteer=True)
    assert _names(room) == {Team.RED: "Orange", Team.BLUE: "Blue"}


def test_K_2_a_side_whose_handler_is_not_known_yet_gets_no_colour_name() -> None:
    """Two volunteers with different colours: either may be drawn."""
    room = _pick(codewords_lobby(), "r2", "orange", volunteer=True)
    room = _pick(room, "r3", "teal", volunteer=True)
    assert _names(room) == {Team.BLUE: "Blue"}


def test_K_2_clashing_picks_leave_both_sides_unnamed() -> None:
    """Teal against green: which side takes another colour depends on which
    side starts, drawn at the deal, so naming either would mislead."""
    room = _pick(codewords_lobby(), "r2", "teal", volunteer=True)
    room = _pick(room, "b2", "green", volunteer=True)
    assert _names(room) == {}


def test_K_2_the_usual_rules_and_a_running_game_have_no_lobby_names() -> None:
    room = _pick(codewords_lobby(), "r2", "orange", volunteer=True)
    usual = apply(room, SetPreset(by=HOST, preset=Preset.IN_ONE_WORD), START)
    assert _names(usual) == {}
    dealt = apply(room, StartGame(by=HOST, words=list(WORDS)), START)
    assert _names(dealt) == {}


def test_K_2_a_side_named_in_the_lobby_keeps_that_name_in_the_game() -> None:
    """Over random lobbies and deals: every name the lobby gives is the
    name the dealt game gives that side (board, watch page, results)."""
    rng = random.Random(2)
    colours = [None, *PALETTE]
    named = 0
    for seed in range(150):
        room = codewords_lobby(seed=seed)
        for member in ("r1", "r2", "r3", "b1", "b2", "b3"):
            room = _pick(room, member, rng.choice(colours), volunteer=rng.random() < 0.3)
        before = view_for(room, None).lobby_sides
        dealt = apply(room, StartGame(by=HOST, words=list(WORDS)), START)
        game = dealt.game
        assert isinstance(game, CodewordsGame)
        after = view_for(dealt, None).game
        assert after is not None
        for team, side in before.items():
            assert after.sides[team] == side, (seed, team)
            named += 1
    assert named > 50, "the lobby named sides in many of these rooms"

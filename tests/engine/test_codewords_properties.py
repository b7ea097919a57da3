"""Property-based tests with the Codewords preset (K-2) on: random games
played through `apply` keep the Versus invariants (the map's counts, one
winner, refusals change nothing, no view leaks the map), plus the
Codewords ones (no marks, a turn never opens more than number + 1)."""

from __future__ import annotations

import json

from codewords_helpers import codewords_started
from hypothesis import given, settings
from hypothesis import strategies as st
from test_versus_properties import (
    PROPERTY_SETTINGS,
    Run,
    _draw_move,
    _step,
    check_game,
    check_round_trip,
)
from versus_helpers import START, join_late, keys_in, with_closed_colours_swapped

from oneword.engine import RoomState, view_for
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.codewords.views import CodewordsCaptainView, CodewordsFinishedView


def _new_run(seed: int, red: int, blue: int) -> Run:
    room = join_late(codewords_started(seed, red, blue), START)
    game = room.game
    assert isinstance(game, CodewordsGame)
    ids = [m.id for m in room.members] + ["ghost"]
    return Run(room, START, list(game.key), game.starting_team, ids)


def check_codewords(room: RoomState) -> None:
    game = room.game
    assert isinstance(game, CodewordsGame)
    turn = game.turn
    if turn is not None:
        assert turn.marks == {}
        if turn.clue is not None:
            assert isinstance(turn.clue.number, int) and turn.clue.number >= 1
            assert turn.opened <= turn.clue.number


def check_views(room: RoomState) -> None:
    game = room.game
    assert isinstance(game, CodewordsGame)
    swapped = with_closed_colours_swapped(room)
    for member in [m.id for m in room.members] + [None]:
        view = view_for(room, member)
        assert view.game is not None
        if game.outcome is not None:
            assert isinstance(view.game, CodewordsFinishedView)
            continue
        player = game.player(member) if member else None
        if player is not None and game.captains.get(player.team) == member:
            assert isinstance(view.game, CodewordsCaptainView) and view.game.key == game.key
            continue
        data = json.loads(view.model_dump_json())
        assert "key" not in keys_in(data)
        for i, card in enumerate(data["game"]["board"]):
            assert card["colour"] == (game.key[i].value if game.opened[i] else None)
        assert view_for(swapped, member) == view


@given(
    seed=st.integers(0, 2**32 - 1),
    red=st.integers(2, 4),
    blue=st.integers(2, 4),
    data=st.data(),
)
@settings(PROPERTY_SETTINGS, max_examples=30)
def test_K_2_random_codewords_play_keeps_the_versus_invariants(
    seed: int, red: int, blue: int, data: st.DataObject
) -> None:
    run = _new_run(seed, red, blue)
    steps = data.draw(st.integers(1, 150), label="steps")
    for _ in range(steps):
        before, after = _step(run, _draw_move(run, data))
        check_game(run, before, after)
        check_codewords(after)
        check_round_trip(after)
        if run.game.over:
            break


@given(seed=st.integers(0, 2**32 - 1), data=st.data())
@settings(PROPERTY_SETTINGS, max_examples=20)
def test_K_2_random_codewords_play_never_leaks_the_map(seed: int, data: st.DataObject) -> None:
    run = _new_run(seed, 3, 3)
    steps = data.draw(st.integers(1, 80), label="steps")
    check_views(run.room)
    for _ in range(steps):
        before, after = _step(run, _draw_move(run, data))
        if after is not before:
            check_views(after)
        if run.game.over:
            break

"""V-13 in the engine: an open that says what its player saw is refused
when another open landed first, and changes nothing."""

from __future__ import annotations

import pytest

from oneword.engine import (
    INFINITY,
    GiveClue,
    Join,
    Open,
    PickTeam,
    RuleError,
    StartGame,
    Team,
    apply,
    new_room,
)
from oneword.engine.models import team_colour
from oneword.engine.versus.state import VersusGame

WORDS = [f"word{i}" for i in range(25)]


def test_V13_an_open_after_another_landed_is_refused_and_changes_nothing() -> None:
    room = new_room(seed=9)
    for i, team in enumerate([Team.RED, Team.RED, Team.RED, Team.BLUE, Team.BLUE, Team.BLUE]):
        room = apply(room, Join(by=f"p{i}", name=f"P{i}"), 0.0)
        room = apply(room, PickTeam(by=f"p{i}", team=team), 0.0)
    room = apply(room, StartGame(by="p0", words=WORDS), 0.0)
    game = room.game
    assert isinstance(game, VersusGame) and game.turn is not None
    team = game.turn.team
    captain = game.captains[team]
    first, second = [p.id for p in game.team_players(team) if p.id != captain]
    room = apply(room, GiveClue(by=captain, word="zebra", number=INFINITY), 1.0)
    own = [i for i, c in enumerate(game.key) if c is team_colour(team)]

    room = apply(room, Open(by=first, card=own[0], seen_openings=0), 2.0)
    before = room.model_dump()
    with pytest.raises(RuleError) as refused:
        apply(room, Open(by=second, card=own[1], seen_openings=0), 2.0)
    assert refused.value.code == "board_changed"
    assert room.model_dump() == before
    room = apply(room, Open(by=second, card=own[1], seen_openings=1), 3.0)
    assert isinstance(room.game, VersusGame) and room.game.opened[own[1]]
    room = apply(room, Open(by=first, card=own[2]), 4.0)
    assert room.game.opened[own[2]], "an open that says nothing of what it saw is not checked"

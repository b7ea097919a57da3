"""Whole Versus games played through `apply` with a fake clock."""

from __future__ import annotations

from versus_helpers import START, Table, started

from oneword.engine import (
    INFINITY,
    Ending,
    EndTurn,
    GiveClue,
    Leave,
    Mark,
    Open,
    RoomState,
    Team,
    advance,
    apply,
)
from oneword.engine.actions import Action
from oneword.engine.models import Colour, SkipReason
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusFinishedView


def test_scenario_red_wins_by_finding_all_its_cards() -> None:
    table = Table.versus(Team.RED)
    # Turn 1, Red: "zebra 3" -> three red cards, the fourth guess is not allowed.
    table.clue("zebra", 3)
    table.act(Mark(by="r3", card=table.closed(Colour.RED)[0]))
    for _ in range(3):
        table.open_colour(Colour.RED, by="r3")
    table.open_colour(Colour.RED, by="r2")
    assert (table.team, table.game.cards_left(Team.RED)) == (Team.BLUE, 5)
    # Turn 2, Blue: one own card, then a neutral ends the turn.
    table.clue("quartz", 1, by="b1")
    table.open_colour(Colour.BLUE, by="b2")
    table.open_colour(Colour.NEUTRAL, by="b3")
    assert table.team is Team.RED
    # Turn 3, Red: thinks too long; the clue timer skips the turn.
    table.wait(120)
    assert table.team is Team.BLUE and table.turn.number == 4
    # Turn 4, Blue: opens a red card by mistake; the turn ends.
    table.clue("nimbus", 2, by="b1")
    table.open_colour(Colour.RED, by="b2")
    assert table.team is Team.RED and table.game.cards_left(Team.RED) == 4
    # Turn 5, Red: two cards, then End Turn.
    table.clue("plume", 2)
    table.open_colour(Colour.RED)
    table.open_colour(Colour.RED)
    table.end_turn()
    # Turn 6, Blue: End Turn after one card.
    table.clue("fjord", 1, by="b1")
    table.open_colour(Colour.BLUE, by="b3")
    table.end_turn(by="b3")
    # Turn 7, Red: the last two cards.
    table.clue("glyph", 2)
    table.open_colour(Colour.RED)
    assert table.game.outcome is None
    table.open_colour(Colour.RED)

    game = table.game
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.ending) == (Team.RED, Ending.ALL_FOUND)
    assert game.cards_left(Team.RED) == 0 and game.cards_left(Team.BLUE) == 6
    assert [e.turn for e in game.log] == [1, 2, 3, 4, 5, 6, 7]
    assert game.log[2].skip is SkipReason.TIME_RAN_OUT and game.log[2].team is Team.RED
    final = table.seen("b2")
    assert isinstance(final, VersusFinishedView) and final.key == game.key


def test_scenario_blue_loses_on_the_black_card() -> None:
    table = Table.versus(Team.BLUE)
    table.clue("quartz", 2)
    table.open_colour(Colour.BLUE)
    table.open_colour(Colour.RED)
    assert table.team is Team.RED
    table.clue("zebra", 1)
    table.open_colour(Colour.RED)
    table.open_colour(Colour.RED)  # the +1 guess
    assert table.team is Team.BLUE
    table.clue("nimbus", 4)
    table.open_colour(Colour.BLUE)
    black = table.open_colour(Colour.BLACK, by="b3")

    game = table.game
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.decided_by) == (Team.RED, Team.BLUE)
    assert game.outcome.ending is Ending.BLACK_CARD
    assert game.opened[black] and game.turn is None
    assert game.cards_left(Team.RED) == 5 and game.cards_left(Team.BLUE) == 7
    assert game.log[-1].openings[-1].colour is Colour.BLACK


def test_scenario_red_hands_blue_the_win_by_opening_its_last_card() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(Colour.NEUTRAL)
    table.clue("quartz", INFINITY)  # Blue: seven cards in one turn
    for _ in range(7):
        table.open_colour(Colour.BLUE)
    table.end_turn()
    table.clue("nimbus", 3)  # Red: two own cards, then Blue's last one
    table.open_colour(Colour.RED)
    table.open_colour(Colour.RED)
    table.open_colour(Colour.BLUE)

    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.winner, outcome.decided_by) == (Team.BLUE, Team.RED)
    assert outcome.ending is Ending.RIVAL_OPENED_LAST
    assert (outcome.ending, outcome.winner, outcome.decided_by) == (
        Ending.RIVAL_OPENED_LAST,
        Team.BLUE,
        Team.RED,
    )


def test_scenario_clues_with_zero_and_infinity() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 0)
    for _ in range(4):
        table.open_colour(Colour.RED)
    table.end_turn()
    table.clue("quartz", INFINITY)
    for _ in range(5):
        table.open_colour(Colour.BLUE)
    table.open_colour(Colour.NEUTRAL)
    assert table.team is Team.RED
    table.clue("nimbus", 0)
    for _ in range(5):
        table.open_colour(Colour.RED)

    game = table.game
    assert game.outcome is not None and game.outcome.winner is Team.RED
    assert [(e.clue.number if e.clue else None, len(e.openings)) for e in game.log] == [
        (0, 4),
        (INFINITY, 6),
        (0, 5),
    ]


def _replay(seed: int, script: list[tuple[float, Action]]) -> RoomState:
    room = started(seed)
    for at, action in script:
        room = apply(room, action, at)
    return room


def test_scenario_replaying_the_same_actions_gives_the_same_room() -> None:
    game = started(3).game
    assert isinstance(game, VersusGame)
    team = game.starting_team
    captain = game.captains[team]
    guesser = next(p.id for p in game.team_players(team) if p.id != captain)
    own = [i for i, c in enumerate(game.key) if c.value == team.value]
    script: list[tuple[float, Action]] = [
        (START + 5, GiveClue(by=captain, word="zebra", number=2)),
        (START + 9, Open(by=guesser, card=own[0])),
        (START + 12, EndTurn(by=guesser)),
    ]
    room = _replay(3, script)
    assert room.model_dump_json() == _replay(3, script).model_dump_json()
    # the same state and the same time give the same result. Nobody
    # clues for 488 s: four 120 s clue timers run out, at 132, 252, 372, 492.
    later = advance(room, START + 500)
    assert later == advance(room, START + 500)
    assert advance(later, START + 500) == later
    assert later.game is not None and later.game.turn is not None
    assert (later.game.turn.team, later.game.turn.number) == (team.other, 6)
    assert later.game.turn.started_at == START + 492
    assert sum(1 for e in later.game.log if e.skip) == 4


def test_V5_a_player_who_leaves_takes_their_marks_with_them() -> None:
    """Found by the random-play leak check: a leaver's pick stayed on the
    board under a name no longer in the team."""
    table = Table.versus(Team.RED)
    table.clue("zebra", 0)
    leaver, stayer = table.guessers()[:2]
    card = table.closed(Colour.RED)[0]
    table.act(Mark(by=leaver, card=card))
    table.act(Mark(by=stayer, card=card))
    other = table.closed(Colour.RED)[1]
    table.act(Mark(by=leaver, card=other))
    table.act(Leave(by=leaver))
    assert table.turn.marks == {card: [stayer]}

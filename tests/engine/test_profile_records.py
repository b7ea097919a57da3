"""PR-2: what a finished game gives each player, read from the game's log."""

from __future__ import annotations

from justone_helpers import T0, just_one_room, play_card
from justone_helpers import game as jo_game
from versus_helpers import Table

from oneword.engine import INFINITY, Leave, Team, apply
from oneword.engine.models import Colour, Ending, Outcome
from oneword.profiles import game_records
from oneword.profiles.records import JUST_ONE_WIN


def test_PR_2_a_versus_game_gives_the_winners_a_win_and_each_their_own_work() -> None:
    table = Table.versus(Team.RED)
    red_captain, red_guesser = table.captain(), table.guesser()
    table.clue("zebra", INFINITY)
    for _ in range(9):
        table.open_colour(Colour.RED)
    records = game_records(table.game)
    assert set(records) == {p.id for p in table.game.players}
    assert records[red_guesser].won and records[red_guesser].cards_found == 9
    captain = records[red_captain]
    assert (captain.clues_given, captain.good_clues) == (1, 1)
    assert (captain.best_clue, captain.best_clue_cards) == ("zebra", 9)
    blue = [p.id for p in table.game.players if p.team is Team.BLUE]
    assert all(not records[b].won and records[b].cards_found == 0 for b in blue)
    assert {r.mode for r in records.values()} == {"versus"}


def test_PR_2_the_black_card_counts_against_who_opened_it() -> None:
    table = Table.versus(Team.BLUE)
    opener = table.guesser()
    table.clue("zebra", 1)
    table.open_colour(Colour.BLACK)
    records = game_records(table.game)
    assert records[opener].black_cards == 1 and not records[opener].won
    assert records[table.game.captains[Team.BLUE]].good_clues == 0
    assert records[table.game.captains[Team.RED]].won


def test_PR_2_a_game_with_no_result_or_not_over_counts_nothing() -> None:
    table = Table.versus(Team.RED)
    assert game_records(table.game) == {}
    table.game.outcome = Outcome(result="no_result", ending=Ending.TEAM_LEFT)
    assert game_records(table.game) == {}


def test_PR_2_a_just_one_deck_played_to_its_end_counts_for_everyone() -> None:
    """J-6 ends with "no result" and Ending.DECK_PLAYED: not G-8's no
    result, so every player gets the shared score and their own clues."""
    room = just_one_room(4)
    while not jo_game(room).over:
        room = play_card(room, right=True)
    assert jo_game(room).outcome == Outcome(result="no_result", ending=Ending.DECK_PLAYED)
    records = game_records(jo_game(room))
    assert set(records) == {"p0", "p1", "p2", "p3"}
    assert {r.mode for r in records.values()} == {"just_one"}
    assert all(r.cards_scored == 13 and r.won for r in records.values())
    written = sum(len(c.clues) for c in jo_game(room).cards)
    assert sum(r.clues_given for r in records.values()) == written > 0


def test_PR_2_a_just_one_team_that_left_counts_nothing() -> None:
    """G-8: too few players left, so the game has no result and no records."""
    room = just_one_room(3)
    room = apply(room, Leave(by="p1"), T0)
    room = apply(room, Leave(by="p2"), T0)
    assert jo_game(room).outcome is not None
    assert jo_game(room).outcome.ending is Ending.TEAM_LEFT  # type: ignore[union-attr]
    assert game_records(jo_game(room)) == {}


def test_PR_2_a_low_just_one_score_is_not_a_win() -> None:
    room = just_one_room(4)
    while not jo_game(room).over:
        room = play_card(room, right=False)
    records = game_records(jo_game(room))
    assert records and all(not r.won and r.cards_scored < JUST_ONE_WIN for r in records.values())

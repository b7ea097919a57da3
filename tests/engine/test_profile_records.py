"""PR-2: what a finished game gives each player, read from the game's log."""

from __future__ import annotations

from versus_helpers import Table

from oneword.engine import INFINITY, Team
from oneword.engine.models import Colour, Ending, Outcome
from oneword.profiles import game_records


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

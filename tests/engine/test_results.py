"""R-1 (how the game was decided) and R-2 (clue log, best clue) for Versus."""

from __future__ import annotations

from versus_helpers import Table

from oneword.engine import INFINITY, Ending, Leave, Team
from oneword.engine.models import Clue, Colour, LogEntry, Opening, SkipReason
from oneword.engine.results import best_clue, hits_and_misses
from oneword.engine.versus.views import VersusFinishedView
from oneword.engine.versus.views import hit_colour as versus_hit

# the outcome records the winner, the ending and a message


def test_R1_all_cards_found() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", INFINITY)
    for _ in range(9):
        table.open_colour(Colour.RED)
    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.result, outcome.winner, outcome.ending) == ("win", Team.RED, Ending.ALL_FOUND)
    assert (outcome.ending, outcome.winner, outcome.decided_by) == (
        Ending.ALL_FOUND,
        Team.RED,
        Team.RED,
    )


def test_R1_black_card() -> None:
    table = Table.versus(Team.BLUE)
    table.clue("zebra", 1)
    table.open_colour(Colour.BLACK)
    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.result, outcome.winner, outcome.ending) == ("win", Team.RED, Ending.BLACK_CARD)
    assert outcome.decided_by is Team.BLUE
    assert (outcome.ending, outcome.winner, outcome.decided_by) == (
        Ending.BLACK_CARD,
        Team.RED,
        Team.BLUE,
    )


def test_R1_rival_opened_the_last_card() -> None:
    table = Table.versus(Team.BLUE)
    table.clue("zebra", 1)
    table.open_colour(Colour.NEUTRAL)
    table.clue("zebra", 0)  # Red opens 7 of its 8 cards
    for _ in range(7):
        table.open_colour(Colour.RED)
    table.end_turn()
    table.clue("zebra", 1)  # Blue opens Red's last card
    table.open_colour(Colour.RED)
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.winner is Team.RED and outcome.ending is Ending.RIVAL_OPENED_LAST
    assert outcome.decided_by is Team.BLUE
    assert (outcome.ending, outcome.winner, outcome.decided_by) == (
        Ending.RIVAL_OPENED_LAST,
        Team.RED,
        Team.BLUE,
    )


def test_R1_team_left_is_no_result() -> None:
    table = Table.versus(Team.RED, red=2)
    table.act(Leave(by="r2"))
    outcome = table.game.outcome
    assert outcome is not None
    assert (outcome.result, outcome.winner, outcome.ending) == ("no_result", None, Ending.TEAM_LEFT)
    assert outcome.result == "no_result" and outcome.ending is Ending.TEAM_LEFT


def test_R1_everyone_sees_the_outcome_and_the_map() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(Colour.BLACK)
    view = table.view(None).game
    assert isinstance(view, VersusFinishedView)
    assert view.outcome is not None and view.outcome.ending is Ending.BLACK_CARD
    assert view.outcome.decided_by is Team.RED
    assert [card.word for card in view.board] == table.game.words
    assert view.key == table.game.key


# the clue log and the best clue


def test_R2_log_lists_every_clue_with_number_giver_and_openings_in_order() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    first = table.open_colour(Colour.RED, by="r3")
    second = table.open_colour(Colour.NEUTRAL, by="r2")
    table.clue("quartz", INFINITY)
    table.wait(1_000)  # guessers keep thinking; only the clue timer runs, and it stopped
    blue = table.open_colour(Colour.BLUE, by="b2")
    table.end_turn(by="b3")
    log = table.game.log
    assert [(e.turn, e.team, e.giver_name) for e in log] == [
        (1, Team.RED, "R1"),
        (2, Team.BLUE, "B1"),
    ]
    assert log[0].clue == Clue(word="zebra", number=2)
    assert log[1].clue == Clue(word="quartz", number=INFINITY)
    assert [(o.index, o.colour, o.by) for o in log[0].openings] == [
        (first, Colour.RED, "r3"),
        (second, Colour.NEUTRAL, "r2"),
    ]
    assert [(o.index, o.colour, o.by) for o in log[1].openings] == [(blue, Colour.BLUE, "b2")]


def test_R2_skipped_turn_is_logged_with_a_note() -> None:
    table = Table.versus(Team.RED)
    table.wait(120)
    assert table.team is Team.BLUE
    (entry,) = table.game.log
    assert entry.clue is None and entry.team is Team.RED
    assert entry.skip is SkipReason.TIME_RAN_OUT


def _entry(turn: int, team: Team, *colours: Colour) -> LogEntry:
    return LogEntry(
        turn=turn,
        team=team,
        clue=Clue(word=f"clue{turn}", number=1),
        openings=[Opening(index=i, word=f"w{i}", colour=c) for i, c in enumerate(colours)],
    )


def _best(*entries: LogEntry) -> int | None:
    game = Table.versus(Team.RED).game.model_copy(update={"log": list(entries)})
    best = best_clue(game, versus_hit)
    return best.turn if best else None


R, B, N, K = Colour.RED, Colour.BLUE, Colour.NEUTRAL, Colour.BLACK


def test_R2_best_clue_found_most_own_cards() -> None:
    assert _best(_entry(1, Team.RED, R, N), _entry(2, Team.BLUE, B, B, B, R)) == 2
    assert _best(_entry(1, Team.RED, R, R, B), _entry(2, Team.BLUE, R, R, N)) == 1


def test_R2_best_clue_tie_goes_to_fewer_wrong_cards() -> None:
    assert _best(_entry(1, Team.RED, R, R, N), _entry(2, Team.BLUE, B, B)) == 2
    assert _best(_entry(1, Team.RED, R, R, N, B), _entry(2, Team.BLUE, B, B, K)) == 2


def test_R2_best_clue_tie_goes_to_the_earlier_clue() -> None:
    assert _best(_entry(1, Team.RED, R, R, N), _entry(2, Team.BLUE, B, B, N)) == 1
    assert _best(_entry(3, Team.RED, R), _entry(2, Team.BLUE, B)) == 2


def test_R2_no_best_clue_without_an_own_card() -> None:
    skipped = LogEntry(turn=2, team=Team.BLUE, skip=SkipReason.TIME_RAN_OUT)
    assert _best(_entry(1, Team.RED, N), skipped, _entry(3, Team.RED, B)) is None


def test_R2_hits_count_own_colour_only() -> None:
    assert hits_and_misses(_entry(1, Team.BLUE, B, R, N, B), versus_hit) == (2, 2)


def test_R2_best_clue_is_shown_when_the_game_ends() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    table.open_colour(Colour.RED)
    table.open_colour(Colour.NEUTRAL)  # 1 own, 1 wrong
    table.clue("quartz", 3)
    table.open_colour(Colour.BLUE)
    table.open_colour(Colour.BLUE)
    table.end_turn()  # 2 own, 0 wrong: the best so far
    assert table.seen("r2").best_clue is None
    table.clue("nimbus", 5)
    table.open_colour(Colour.RED)
    table.open_colour(Colour.RED)
    table.open_colour(Colour.BLACK)  # 2 own, 1 wrong: loses the tie
    best = table.seen("b2").best_clue
    assert best is not None and best.clue is not None
    assert (best.clue.word, best.clue.number) == ("quartz", 3)
    assert best.giver_name == "B1"

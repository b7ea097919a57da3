"""R-2 kept after the lesson: a finished game as a CSV file a teacher can
open in a spreadsheet, with player text that can never run as a formula."""

from __future__ import annotations

import csv
import io

from versus_helpers import Table

from oneword.engine import Team
from oneword.engine.models import Colour
from oneword.engine.versus.views import VersusFinishedView
from oneword.results_file import results_csv, safe_cell


def finished(clue: str) -> VersusFinishedView:
    table = Table.versus(Team.BLUE)
    table.clue(clue, 1)
    table.open_colour(Colour.BLUE)
    table.open_colour(Colour.BLACK)
    view = table.seen(None)
    assert isinstance(view, VersusFinishedView)
    return view


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_R2_the_file_holds_the_outcome_the_clue_log_and_the_map() -> None:
    game = finished("zebra")
    table = rows(results_csv(game))
    assert table[0] == ["part", "turn", "side", "clue giver", "clue", "number", "cards", "note"]
    assert table[1][0] == "outcome" and "black card" in table[1][-1]
    turns = [row for row in table if row[0] == "turn"]
    assert [(t[1], t[2], t[4], t[5]) for t in turns] == [("1", "Blue", "zebra", "1")]
    opened = [game.board[o.index].word for o in game.log[0].openings]
    assert turns[0][6] == f"{opened[0]} (blue); {opened[1]} (black)"
    cards = [row for row in table if row[0] == "map"]
    assert [(row[6], row[7]) for row in cards] == [
        (card.word, game.key[card.index].value) for card in game.board
    ]


def test_R2_player_text_never_becomes_a_spreadsheet_formula() -> None:
    for text in ('=HYPERLINK("http://x")', "+1", "-2", "@SUM(A1)", "\tx", "\rx"):
        assert safe_cell(text) == "'" + text
    assert safe_cell("zebra") == "zebra"
    game = finished("zebra")
    entry = game.log[0].model_copy(update={"giver_name": "=cmd|'/C calc'!A0"})
    table = rows(results_csv(game.model_copy(update={"log": [entry]})))
    turn = next(row for row in table if row[0] == "turn")
    assert turn[3] == "'=cmd|'/C calc'!A0"
    assert all(not cell.startswith(("=", "+", "@")) for row in table for cell in row)

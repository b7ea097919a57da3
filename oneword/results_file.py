"""A finished game as a spreadsheet file (R-2): what a teacher keeps of a
lesson's game, to print or to read again later.

One CSV table: a row per turn of the clue log, then a row per card of the
map. Every cell is text a player may have typed (names, clues, a
teacher's words), so a cell that a spreadsheet would read as a formula
(starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is stored
with a leading apostrophe: the sheet shows the text, never runs it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from oneword.engine import Colour, Team
from oneword.engine.together.views import TogetherFinishedView
from oneword.engine.versus.views import VersusFinishedView
from oneword.engine.view_parts import LogEntryView
from oneword.wording import log_note, outcome_text

FinishedView = VersusFinishedView | TogetherFinishedView
HEADER = ["part", "turn", "side", "clue giver", "clue", "number", "cards", "note"]
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """The cell as text a spreadsheet shows and never evaluates."""
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def results_csv(game: FinishedView) -> str:
    """The outcome, the clue log and the map of a finished game, as CSV."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for row in _rows(game):
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()


def _rows(game: FinishedView) -> Iterable[list[str]]:
    assert game.outcome is not None
    yield ["outcome", "", "", "", "", "", "", outcome_text(game.outcome, game.mode, game.sides)]
    for entry in game.log:
        yield _turn_row(entry, game)
    for side, key in _keys(game):
        for card in game.board:
            yield ["map", "", side, "", "", "", card.word, key[card.index].value]


def _turn_row(entry: LogEntryView, game: FinishedView) -> list[str]:
    cards = "; ".join(f"{o.word} ({o.colour.value})" for o in entry.openings)
    clue, number = (entry.clue.word, entry.clue.number_text) if entry.clue else ("", "")
    side = _side_name(entry.team, game)
    return ["turn", str(entry.turn), side, entry.giver_name or "", clue, number, cards,
            log_note(entry)]  # fmt: skip


def _keys(game: FinishedView) -> list[tuple[str, Sequence[Colour]]]:
    if isinstance(game, VersusFinishedView):
        return [("", game.key)]
    return [(_side_name(side, game), key) for side, key in game.keys.items()]


def _side_name(team: Team | None, game: FinishedView) -> str:
    if team is None:
        return ""
    side = game.sides.get(team) if game.sides else None
    return side.name if side else team.label

"""One results table for a whole class: a line per student, with their
room, the game it is playing or played last, how it went for them, the
clues they gave and the cards they found; as a table for the class page
and as one CSV file (cells made safe as the single game's file makes
them, `results_file.safe_cell`).

Cards found: in Versus the cards of their own team they opened, in
Together the green ones, in Just One the cards they guessed right."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from oneword.classes.models import StudentLine
from oneword.engine import Colour, Mode
from oneword.engine.justone.state import CardResult
from oneword.engine.justone.views import CardLine, JustOneView
from oneword.engine.models import team_colour
from oneword.engine.views import GameViewBase
from oneword.i18n import N_, _
from oneword.results_file import safe_cell

if TYPE_CHECKING:
    from oneword.classes.service import ClassRoomView, ClassView

HEADER = ["round", "student", "room", "game", "result", "clues given", "cards found"]
RESULTS = {
    "won": N_("won"),
    "lost": N_("lost"),
    "no result": N_("no result"),
    "playing": N_("playing"),
    "lobby": N_("in the lobby"),
    "no seat": N_("no seat"),
    "score": N_("score {score} of 13"),
}
"""What each result code reads as, in the reader's language."""


def result_text(line: StudentLine) -> str:
    return _(RESULTS[line.result]).format(score=line.score)


def cells(line: StudentLine) -> list[str]:
    round_ = str(line.round) if line.round else ""
    found = [str(line.clues), str(line.found)]
    return [round_, line.name, line.room, line.game, result_text(line), *found]


def class_lines(whole: ClassView) -> list[StudentLine]:
    """The rounds over (Start every room keeps them), then every student
    of the class list now, in its order; one without a seat has an empty
    line."""
    return [*whole.played, *current_lines(whole.rooms, whole.names)]


def current_lines(rooms: Sequence[ClassRoomView], names: Sequence[str]) -> list[StudentLine]:
    """Each student's line for the game their room is playing or played last."""
    by_name = {name: line for room in rooms for name, line in _room_lines(room).items()}
    return [
        by_name.get(name, StudentLine(name=name, room="", game="", result="no seat"))
        for name in names
    ]


def finished_lines(rooms: Sequence[ClassRoomView], round_: int) -> list[StudentLine]:
    """The lines of the rooms whose game is over, as round `round_`."""
    return [
        line.model_copy(update={"round": round_})
        for room in rooms
        if room.view.game is not None and room.view.game.outcome is not None
        for line in _room_lines(room).values()
    ]


def class_csv(whole: ClassView) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for line in class_lines(whole):
        writer.writerow([safe_cell(cell) for cell in cells(line)])
    return out.getvalue()


def _room_lines(room: ClassRoomView) -> dict[str, StudentLine]:
    game = room.view.game
    ids = {m.name: m.id for m in room.view.players()}
    lines: dict[str, StudentLine] = {}
    for name in room.students:
        member = ids.get(name)
        if game is None or member is None:
            lines[name] = StudentLine(name=name, room=room.code, game="", result="lobby")
        elif isinstance(game, JustOneView):
            lines[name] = _just_one_line(name, room.code, member, game)
        else:
            lines[name] = _board_line(name, room.code, member, game)
    return lines


def _board_line(name: str, room: str, member: str, game: GameViewBase) -> StudentLine:
    team = next((p.team for p in game.players if p.id == member), None)
    clues = sum(1 for entry in game.log if entry.giver_id == member and entry.clue is not None)
    wanted = Colour.GREEN if game.mode == Mode.TOGETHER else (team_colour(team) if team else None)
    found = sum(
        1
        for entry in game.log
        for opened in entry.openings
        if opened.by == member and opened.colour is wanted
    )
    result = _board_result(game, team)
    return StudentLine(
        name=name, room=room, game=str(game.mode), result=result, clues=clues, found=found
    )


def _board_result(game: GameViewBase, team: object) -> str:
    outcome = game.outcome
    if outcome is None:
        return "playing"
    if outcome.result == "no_result":
        return "no result"
    if outcome.winner is not None:
        return "won" if outcome.winner == team else "lost"
    return "won" if outcome.result == "win" else "lost"


def _just_one_line(name: str, room: str, member: str, game: JustOneView) -> StudentLine:
    cards: list[CardLine] = [*game.played, *([game.card] if game.card else [])]
    clues = sum(1 for card in cards for clue in card.clues if clue.by == member)
    found = sum(
        1 for card in cards if card.guesser_id == member and card.result is CardResult.RIGHT
    )
    result = "score" if game.outcome is not None else "playing"
    return StudentLine(
        name=name,
        room=room,
        game=str(game.mode),
        result=result,
        clues=clues,
        found=found,
        score=game.score,
    )

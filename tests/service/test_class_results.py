"""A whole class's results in one table and one CSV file: a line per
student (room, game, result, clues given, cards found), a student without
a seat too, and cells a spreadsheet would run made inert."""

from __future__ import annotations

import csv
import io

import pytest
from service_helpers import FakeClock, captain_key, roles

from oneword.classes.models import ClassSettings
from oneword.classes.results import HEADER, class_csv, class_lines, result_text
from oneword.classes.service import ClassService
from oneword.engine import Colour, GiveClue, Open
from oneword.engine.models import team_colour
from oneword.service import RoomService
from oneword.storage.protocol import RoomStore

NAMES = ["Ana", "Ben", "Cy", "Dee", "=SUM(A1)"]


@pytest.fixture
def classes(store: RoomStore, clock: FakeClock) -> ClassService:
    return ClassService(RoomService(store, clock=clock))


def test_a_finished_game_gives_every_student_their_line(classes: ClassService) -> None:
    made = classes.create("Ms Reed", "\n".join(NAMES), 1, ClassSettings())
    seats = [classes.join(made.code, name) for name in NAMES[:4]]
    classes.start_all(made.code, made.key)
    service = classes.rooms
    who = roles(service, seats)
    playing = who.playing
    key = captain_key(service, who.captains[playing]).key
    captain, guesser = who.captains[playing], who.guessers[playing][0]
    service.act(captain.code, captain.token, GiveClue(word="zebra", number=1))
    own = key.index(team_colour(playing))
    service.act(guesser.code, guesser.token, Open(card=own))
    service.act(guesser.code, guesser.token, Open(card=key.index(Colour.BLACK)))

    lines = {line.name: line for line in class_lines(classes.view(made.code, made.key))}
    names = {s.member_id: n for s, n in zip(seats, NAMES, strict=False)}
    assert lines[names[captain.member_id]].clues == 1
    assert lines[names[guesser.member_id]].found == 1
    assert lines[names[guesser.member_id]].result == "lost"
    others = [line for line in lines.values() if line.result == "won"]
    assert len(others) == 2 and all(line.game == "versus" for line in others)
    assert lines["=SUM(A1)"].result == "no seat"

    rows = list(csv.reader(io.StringIO(class_csv(classes.view(made.code, made.key)))))
    assert rows[0] == HEADER
    assert [row[1] for row in rows[1:]] == [*NAMES[:4], "'=SUM(A1)"]

    classes.start_all(made.code, made.key)  # the next round keeps this one
    whole = classes.view(made.code, made.key)
    kept = [line for line in class_lines(whole) if line.round == 1]
    assert sorted((line.name, line.result) for line in kept) == sorted(
        (line.name, line.result) for line in lines.values() if line.result != "no seat"
    )
    now = [line for line in class_lines(whole) if line.round == 0]
    assert [line.result for line in now[:4]] == ["playing"] * 4
    rows = list(csv.reader(io.StringIO(class_csv(whole))))
    assert [row[0] for row in rows[1:]] == ["1"] * 4 + [""] * 5


def test_a_class_in_its_lobby_has_lines_without_results(classes: ClassService) -> None:
    made = classes.create("Ms Reed", "\n".join(NAMES), 1, ClassSettings())
    classes.join(made.code, "Ana")
    lines = class_lines(classes.view(made.code, made.key))
    assert [(line.name, result_text(line)) for line in lines[:2]] == [
        ("Ana", "in the lobby"),
        ("Ben", "no seat"),
    ]

"""A whole class at once (a teacher's several rooms): the class list, the
rooms made for it, students seated by tapping their name, and the
teacher's one key acting as host in every room. On both backends."""

from __future__ import annotations

import pytest
from service_helpers import FakeClock

from oneword.classes.class_list import ClassError, read_class_list
from oneword.classes.keys import room_key
from oneword.classes.models import ClassSettings
from oneword.classes.seating import fits, pick_room
from oneword.classes.service import ClassService
from oneword.engine import Mode, Refusal, SetLocked
from oneword.engine.errors import Reason
from oneword.service import RoomService
from oneword.service.base import CLASSES_KEPT
from oneword.storage.protocol import RoomStore

pytestmark = pytest.mark.both_backends

TWELVE = "\n".join(f"Student {n}" for n in range(1, 13))
OWN_WORDS = [f"{first}{second}" for first in ("sun", "moon", "star") for second in "abcdefghij"]


@pytest.fixture
def classes(store: RoomStore, clock: FakeClock) -> ClassService:
    return ClassService(RoomService(store, clock=clock))


def test_a_class_makes_its_rooms_run_by_the_teacher_without_playing(
    classes: ClassService,
) -> None:
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings(mode=Mode.VERSUS, language="de"))
    whole = classes.view(seat.code, seat.key)
    assert whole.teacher == "Ms Reed"
    assert whole.waiting == [f"Student {n}" for n in range(1, 13)]
    assert len(whole.rooms) == 3
    assert len({room.code for room in whole.rooms} | {seat.code}) == 4  # one namespace
    for room in whole.rooms:
        assert [m.name for m in room.view.members] == ["Ms Reed"]
        assert room.view.members[0].watching and room.view.players() == []
        assert room.view.settings.language == "de"
        assert room.view.settings.mode is Mode.VERSUS


def test_every_room_plays_the_classs_words_or_the_teachers_own(classes: ClassService) -> None:
    """W-5 for a class: the teacher's own list is checked once, before any
    room is made, and every room plays it; a package is set in every room."""
    own = "\n".join(OWN_WORDS)
    seat = classes.create("Ms Reed", TWELVE, 2, ClassSettings(), own_words=own)
    for room in classes.view(seat.code, seat.key).rooms:
        assert room.view.settings.custom_words == OWN_WORDS
    packaged = classes.create("Ms Reed", TWELVE, 2, ClassSettings(package="animals"))
    assert {
        room.view.settings.package for room in classes.view(packaged.code, packaged.key).rooms
    } == {"animals"}
    before = _rooms_stored(classes)
    with pytest.raises(Refusal) as short:
        classes.create("Ms Reed", TWELVE, 2, ClassSettings(), own_words="one\ntwo")
    assert short.value.code == Reason.CUSTOM_WORDS
    assert _rooms_stored(classes) == before, "no room made for a list that cannot play"


def _rooms_stored(classes: ClassService) -> int:
    with classes.rooms.store.read() as tx:
        return int(tx._run("SELECT count(*) FROM rooms").fetchone()[0])  # type: ignore[attr-defined]


def test_students_are_seated_evenly_in_the_order_they_tap(classes: ClassService) -> None:
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings())
    for n in range(1, 8):
        classes.join(seat.code, f"Student {n}")
    sizes = sorted(len(room.students) for room in classes.view(seat.code, seat.key).rooms)
    assert sizes == [2, 2, 3]
    listed = classes.class_list(seat.code.lower())
    assert listed.seated == {f"Student {n}" for n in range(1, 8)}
    for room in classes.view(seat.code, seat.key).rooms:
        assert sorted(m.name for m in room.view.players()) == sorted(room.students)


def test_the_teacher_chooses_rooms_before_students_tap(classes: ClassService) -> None:
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings())
    first, second, _third = (room.code for room in classes.view(seat.code, seat.key).rooms)
    for n in (1, 2, 3):
        classes.plan(seat.code, seat.key, f"Student {n}", second.lower())
    classes.plan(seat.code, seat.key, "Student 3", None)  # changed her mind
    assert classes.view(seat.code, seat.key).planned == {
        "Student 1": second,
        "Student 2": second,
    }
    for n in (1, 2, 3):
        classes.join(seat.code, f"Student {n}")
    rooms = {room.code: room.students for room in classes.view(seat.code, seat.key).rooms}
    assert rooms[second] == ["Student 1", "Student 2"]
    assert rooms[first] == ["Student 3"]  # the first of the emptiest
    for wrong, reason in (
        (("Mallory", first), Reason.NOT_ON_CLASS_LIST),
        (("Student 4", "QQQQQ"), Reason.NOT_IN_CLASS),
        (("Student 1", first), Reason.NAME_SEATED),
    ):
        with pytest.raises(ClassError) as refused:
            classes.plan(seat.code, seat.key, *wrong)
        assert refused.value.code == reason
    with pytest.raises(ClassError) as stranger:
        classes.plan(seat.code, "not the key", "Student 4", first)
    assert stranger.value.code == Reason.NOT_TEACHER


def test_a_name_not_on_the_list_or_already_seated_is_refused(classes: ClassService) -> None:
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings())
    with pytest.raises(ClassError) as stranger:
        classes.join(seat.code, "Mallory")
    assert stranger.value.code == Reason.NOT_ON_CLASS_LIST
    classes.join(seat.code, "Student 1")
    with pytest.raises(ClassError) as twice:
        classes.join(seat.code, "Student 1")
    assert twice.value.code == Reason.NAME_SEATED
    with pytest.raises(ClassError) as missing:
        classes.join("QQQQQ", "Student 2")
    assert missing.value.code == Reason.NO_SUCH_CLASS


def test_only_the_teachers_key_sees_the_class_and_acts_in_its_rooms(
    classes: ClassService,
) -> None:
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings())
    other = classes.create("Mr Cole", TWELVE, 3, ClassSettings())
    for key in ("", other.key, seat.key + "x"):
        with pytest.raises(ClassError) as refused:
            classes.view(seat.code, key)
        assert refused.value.code == Reason.NOT_TEACHER
        with pytest.raises(ClassError):
            classes.start_all(seat.code, key)
    assert room_key(seat.key, 0) != room_key(seat.key, 1) != room_key(other.key, 1)


def test_start_pause_and_resume_every_room_at_once(classes: ClassService) -> None:
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings())
    for n in range(1, 6):  # 2, 2 and 1 players: no game takes one (G-4)
        classes.join(seat.code, f"Student {n}")
    started = classes.start_all(seat.code, seat.key)
    short = [code for code, refusal in started.items() if refusal is not None]
    assert len(short) == 1
    assert started[short[0]].code == Reason.PLAYER_COUNT  # type: ignore[union-attr]
    rooms = {room.code: room.view for room in classes.view(seat.code, seat.key).rooms}
    assert [code for code, view in rooms.items() if view.game is None] == short
    assert all(
        refusal is None
        for code, refusal in classes.pause_all(seat.code, seat.key).items()
        if code not in short
    )
    paused = classes.view(seat.code, seat.key).rooms
    assert sum(room.view.paused_at is not None for room in paused) == 2
    classes.resume_all(seat.code, seat.key)
    assert all(room.view.paused_at is None for room in classes.view(seat.code, seat.key).rooms)
    classes.pause_all(seat.code, seat.key)
    ended = classes.end_all(seat.code, seat.key)
    assert [code for code, refusal in ended.items() if refusal is not None] == short
    games = [room.view.game for room in classes.view(seat.code, seat.key).rooms]
    outcomes = [game.outcome for game in games if game is not None]
    assert len(outcomes) == 2 and all(o is not None and o.ending == "host_ended" for o in outcomes)


def test_every_room_plays_the_class_game_where_its_count_allows(classes: ClassService) -> None:
    """G-4: the lobby's mode follows the count as students come in (two
    make it Together); at the start each room goes back to the class's
    game if its count allows it."""
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings(mode=Mode.VERSUS))
    for n in range(1, 12):  # 4, 4 and 3 students
        classes.join(seat.code, f"Student {n}")
    assert all(refusal is None for refusal in classes.start_all(seat.code, seat.key).values())
    modes = sorted(room.view.game.mode for room in classes.view(seat.code, seat.key).rooms)  # type: ignore[union-attr]
    assert modes == sorted([Mode.VERSUS, Mode.VERSUS, Mode.TOGETHER])


def test_the_teacher_fills_a_short_room_with_bots(classes: ClassService) -> None:
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings(mode=Mode.VERSUS))
    for n in range(1, 4):  # one student a room
        classes.join(seat.code, f"Student {n}")
    room = classes.view(seat.code, seat.key).rooms[0]
    classes.fill_with_bots(seat.code, seat.key, room.code.lower())
    filled = classes.view(seat.code, seat.key).rooms[0].view
    assert filled.settings.mode is Mode.VERSUS and len(filled.players()) == 4
    assert sum(m.bot for m in filled.players()) == 3
    with pytest.raises(ClassError) as stranger:
        classes.fill_with_bots(seat.code, seat.key, "QQQQQ")
    assert stranger.value.code == Reason.NOT_IN_CLASS
    assert classes.start_all(seat.code, seat.key)[room.code] is None


def test_a_late_student_joins_a_room_still_in_its_lobby_or_watches_a_game(
    classes: ClassService,
) -> None:
    """L-5: once every room has started, a late student sits in the room
    with the fewest students, watches its game and plays the next one."""
    seat = classes.create("Ms Reed", TWELVE, 2, ClassSettings())
    for n in range(1, 9):
        classes.join(seat.code, f"Student {n}")
    started = classes.start_all(seat.code, seat.key)
    assert all(refusal is None for refusal in started.values())
    late = classes.join(seat.code, "Student 9")
    view = classes.rooms.view(late.code, late.token)
    assert view.you is not None and view.game is not None
    assert all(p.id != late.member_id for p in view.game.players), "watches this game"
    assert "Student 9" in classes.class_list(seat.code).seated


def test_a_class_whose_rooms_are_full_seats_no_one_more(classes: ClassService) -> None:
    """Guests who joined a room by its code take places too."""
    names = "\n".join(f"S{n}" for n in range(1, 7))
    seat = classes.create("Ms Reed", names, 1, ClassSettings(mode=Mode.JUST_ONE))  # at most 7
    for n in range(1, 6):
        classes.join(seat.code, f"S{n}")
    (room,) = classes.view(seat.code, seat.key).rooms
    classes.rooms.join(room.code, "Guest 1")
    classes.rooms.join(room.code, "Guest 2")
    with pytest.raises(ClassError) as full:
        classes.join(seat.code, "S6")
    assert full.value.code == Reason.NO_OPEN_ROOM
    assert "S6" not in classes.class_list(seat.code).seated


def test_a_room_that_refuses_the_student_gives_the_seat_back(
    classes: ClassService,
) -> None:
    seat = classes.create("Ms Reed", "Ana\nBo\nCy\nDee\nEd", 1, ClassSettings())
    (room,) = classes.view(seat.code, seat.key).rooms
    classes.rooms.act(room.code, room_key(seat.key, 0), SetLocked(by="", locked=True))
    with pytest.raises(Refusal) as locked:
        classes.join(seat.code, "Ana")
    assert locked.value.code == Reason.ROOM_LOCKED
    assert classes.class_list(seat.code).seated == frozenset()


def test_a_class_outlives_its_rooms_and_is_cleared_after_a_month(
    classes: ClassService, clock: FakeClock
) -> None:
    """Rooms expire after a day; the class keeps its list for new rooms
    (the teacher's next lesson) until a month without a change."""
    seat = classes.create("Ms Reed", TWELVE, 3, ClassSettings())
    gone, *kept = classes.view(seat.code, seat.key).rooms
    with classes.rooms.store.write() as tx:
        tx.delete_rooms([gone.code])
    assert [room.code for room in classes.view(seat.code, seat.key).rooms] == [
        room.code for room in kept
    ]
    classes.join(seat.code, "Student 1")
    assert classes.class_list(seat.code).seated == {"Student 1"}
    clock.tick(CLASSES_KEPT + 3600)
    classes.rooms.create_room("Someone")  # cleanup rides on a new room
    with pytest.raises(ClassError) as cleared:
        classes.class_list(seat.code)
    assert cleared.value.code == Reason.NO_SUCH_CLASS


def test_a_class_that_cannot_fill_its_rooms_is_refused(classes: ClassService) -> None:
    with pytest.raises(ClassError) as crowded:
        classes.create("Ms Reed", TWELVE, 1, ClassSettings(mode=Mode.VERSUS))  # 12 > 10
    assert crowded.value.code == Reason.CLASS_ROOMS
    with pytest.raises(ClassError) as thin:
        classes.create("Ms Reed", TWELVE, 4, ClassSettings(mode=Mode.VERSUS))  # 3 < 4
    assert thin.value.code == Reason.CLASS_ROOMS
    assert classes.create("Ms Reed", TWELVE, 4, ClassSettings(mode=Mode.JUST_ONE)).code


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Ana\nBo\n", ["Ana", "Bo"]),
        ("Ana; Bo, Cy\tDee", ["Ana", "Bo", "Cy", "Dee"]),  # a spreadsheet's column or row
        ("  Ana  Lee \r\n\r\nBo", ["Ana Lee", "Bo"]),
    ],
)
def test_a_pasted_class_list_reads_one_name_a_line(text: str, names: list[str]) -> None:
    assert read_class_list(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "Ana",  # one name is no class
        "Ana\nANA",  # twice, whatever the case
        "Ana\nАna",  # twice, with a Cyrillic A
        "Ana\nBo (host)",  # imitates the app's badges
        "\n".join(f"S{n}" for n in range(41)),  # more than a class
        "x" * 5000,
        "Ana\n" + "B" * 30,
    ],
)
def test_a_class_list_with_a_problem_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(Refusal):
        read_class_list(text)


def test_rooms_fill_evenly_and_fit_the_game() -> None:
    assert pick_room({"A": 2, "B": 1, "C": 1}, ["A", "B", "C"]) == "B"
    assert pick_room({"A": 2, "B": 1}, ["A"]) == "A"
    assert pick_room({}, []) is None
    assert fits(Mode.VERSUS, 28, 4) and not fits(Mode.VERSUS, 28, 2)
    assert fits(Mode.JUST_ONE, 28, 5) and not fits(Mode.JUST_ONE, 28, 3)
    assert not fits(Mode.VERSUS, 80, 9)

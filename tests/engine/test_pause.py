"""L-7 pause and resume, with a fake clock: every game deadline stands
still while paused and resumes with the time it had left."""

from __future__ import annotations

import pytest

from oneword.engine import (
    GiveClue,
    Join,
    Pause,
    Resume,
    RuleError,
    SetMode,
    StartGame,
    advance,
    apply,
    new_room,
    view_for,
)
from oneword.engine.models import Mode, RoomState

WORDS = [f"word{i}" for i in range(25)]


def _running(now: float = 0.0) -> RoomState:
    room = new_room(seed=3)
    for i in range(4):
        room = apply(room, Join(by=f"p{i}", name=f"P{i}"), now)
    return apply(room, StartGame(by="p0", words=WORDS), now)


def test_L7_anyone_playing_pauses_and_the_clue_timer_stands_still() -> None:
    room = _running(0.0)
    assert room.game is not None and room.game.turn is not None
    deadline = room.game.turn.clue_deadline
    assert deadline == 120.0
    room = apply(room, Pause(by="p3"), 50.0)
    later = advance(room, 10_000.0)
    assert later.game is not None and later.game.turn is not None
    assert later.game.turn.number == 1, "no turn is skipped while paused"
    assert view_for(later, "p1").paused_by == "P3"
    room = apply(later, Resume(by="p1"), 10_000.0)
    assert room.game is not None and room.game.turn is not None
    assert room.game.turn.clue_deadline == pytest.approx(10_000.0 + 70.0)
    skipped = advance(room, 10_000.0 + 70.0)
    assert skipped.game is not None and skipped.game.turn is not None
    assert skipped.game.turn.number == 2, "the timer resumed with the 70 s it had left"


def test_L7_game_actions_wait_while_paused() -> None:
    room = _running(0.0)
    assert room.game is not None and room.game.turn is not None
    captain = room.game.captains[room.game.turn.team]
    room = apply(room, Pause(by=captain), 1.0)
    with pytest.raises(RuleError) as refused:
        apply(room, GiveClue(by=captain, word="thing", number=1), 2.0)
    assert refused.value.code == "paused"
    room = apply(room, Resume(by=captain), 3.0)
    room = apply(room, GiveClue(by=captain, word="thing", number=1), 4.0)
    assert room.game is not None and room.game.turn is not None
    assert room.game.turn.clue is not None


def test_L7_pause_twice_resume_unpaused_and_outsiders_are_refused() -> None:
    room = _running(0.0)
    room = apply(room, Join(by="late", name="Late"), 1.0)
    for action, code in [
        (Resume(by="p0"), "not_paused"),
        (Pause(by="late"), "not_in_game"),
    ]:
        with pytest.raises(RuleError) as refused:
            apply(room, action, 2.0)
        assert refused.value.code == code
    room = apply(room, Pause(by="p0"), 2.0)
    with pytest.raises(RuleError) as refused:
        apply(room, Pause(by="p1"), 3.0)
    assert refused.value.code == "already_paused"


def test_L7_a_paused_together_turn_keeps_its_count() -> None:
    room = new_room(seed=5)
    for i in range(2):
        room = apply(room, Join(by=f"p{i}", name=f"P{i}"), 0.0)
    room = apply(room, SetMode(by="p0", mode=Mode.TOGETHER), 0.0)
    room = apply(room, StartGame(by="p0", words=WORDS), 0.0)
    room = apply(room, Pause(by="p1"), 60.0)
    room = advance(room, 5_000.0)
    assert room.game is not None and room.game.turns_used == 0
    room = apply(room, Resume(by="p0"), 5_000.0)
    room = advance(room, 5_059.0)
    assert room.game.turns_used == 0
    room = advance(room, 5_060.0)
    assert room.game.turns_used == 1, "X-2 applies once the 60 s left have run"

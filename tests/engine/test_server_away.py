"""X-8 after an outage: `ServerResumed(gap)`, applied at the time the server
went away, makes the room's time stand still for the gap. Every timer keeps
what it had left, waits and the host's G-7 timers included, and the same
log replays to the same room."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from together_helpers import CLUE, HOST, T0, together_room, versus, versus_room

from oneword.engine import (
    Disconnect,
    GiveClue,
    Pause,
    Resume,
    ServerResumed,
    advance,
    apply,
    next_deadline,
)
from oneword.engine.models import SkipReason

GAP = 85.0


def test_X8_the_clue_timer_keeps_the_time_it_had_left() -> None:
    room = versus_room(4, clue_timer=120)
    team = versus(room).turn.team  # type: ignore[union-attr]
    away = T0 + 3  # 117 s left
    room = apply(room, ServerResumed(gap=GAP), away)
    turn = versus(room).turn
    assert turn is not None and turn.clue_deadline == T0 + 120 + GAP
    back = away + GAP
    assert turn.clue_deadline - back == 117
    assert advance(room, back + 116.9) == room
    skipped = versus(advance(room, back + 117))
    assert skipped.turn is not None and skipped.turn.team is team.other
    assert skipped.log[-1].skip is SkipReason.TIME_RAN_OUT


def test_X8_a_deadline_that_passed_before_the_server_went_away_still_applies() -> None:
    room = versus_room(4, clue_timer=60)
    team = versus(room).turn.team  # type: ignore[union-attr]
    room = apply(room, ServerResumed(gap=GAP), T0 + 70)
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other
    assert turn.started_at == T0 + 60, "the skip happened at its own time"
    assert turn.clue_deadline == T0 + 120 + GAP, "the next turn's clock stood still"


def test_X4_a_wait_for_a_captain_who_was_away_stands_still_too() -> None:
    room = versus_room(6, clue_timer=120)
    game = versus(room)
    assert game.turn is not None
    captain = game.captains[game.turn.team]
    room = apply(room, Disconnect(by=captain), T0 + 10)  # the wait ends at +70
    room = apply(room, ServerResumed(gap=GAP), T0 + 20)
    turn = versus(room).turn
    assert turn is not None and turn.giver_away_deadline == T0 + 70 + GAP
    member = room.member(captain)
    assert member is not None and member.disconnected_at == T0 + 10 + GAP
    assert versus(advance(room, T0 + 69 + GAP)).captains[turn.team] == captain


def test_G7_the_host_timers_stand_still_while_the_server_is_away() -> None:
    room = apply(together_room(4, clue_timer=0), Disconnect(by=HOST), T0 + 10)
    assert next_deadline(room) == T0 + 70
    room = apply(room, ServerResumed(gap=GAP), T0 + 30)
    assert next_deadline(room) == T0 + 70 + GAP
    assert not advance(room, T0 + 69 + GAP).host_warning
    assert advance(room, T0 + 70 + GAP).host_warning


def test_L7_a_pause_across_the_outage_resumes_with_the_time_it_had() -> None:
    room = versus_room(4, clue_timer=120)
    player = room.members[1].id
    room = apply(room, Pause(by=player), T0 + 20)  # 100 s left
    room = apply(room, ServerResumed(gap=GAP), T0 + 50)
    assert room.paused_at == T0 + 20 + GAP
    room = apply(room, Resume(by=player), T0 + 500)
    turn = versus(room).turn
    assert turn is not None and turn.clue_deadline == T0 + 500 + 100


def test_X8_a_clue_in_the_time_left_counts_and_the_log_replays_the_same() -> None:
    room = versus_room(4, clue_timer=120)
    game = versus(room)
    assert game.turn is not None
    captain = game.captains[game.turn.team]
    log = [
        (ServerResumed(gap=GAP), T0 + 5),
        (GiveClue(by=captain, word=CLUE, number=1), T0 + 5 + GAP + 100),  # 15 s to spare
    ]
    once, twice = room, room
    for action, at in log:
        once = apply(once, action, at)
    for action, at in log:
        twice = apply(twice, action, at)
    assert once == twice
    entry = versus(once).log[-1]
    assert entry.clue is not None and entry.clue.word == CLUE and entry.skip is None


def test_X8_a_gap_is_a_positive_number_of_seconds() -> None:
    for gap in (0.0, -5.0):
        with pytest.raises(ValidationError):
            ServerResumed(gap=gap)

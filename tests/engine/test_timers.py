"""The clue timer (X-1, X-2, X-3) and time as an input (X-8): `advance(room, now)`
on a fake clock applies every passed deadline, in order, and nothing else."""

from __future__ import annotations

import pytest
from together_helpers import (
    CLUE,
    HOST,
    T0,
    clue,
    clue_side,
    giver,
    giver_card,
    lobby,
    open_card,
    together,
    together_room,
    versus,
    versus_room,
    view_json,
)

from oneword.engine import (
    Disconnect,
    GiveClue,
    LobbyError,
    Mode,
    RoomState,
    SeatError,
    SetClueTimer,
    SetTogetherTurns,
    TurnError,
    advance,
    apply,
    next_deadline,
)
from oneword.engine.models import Colour, Settings, SkipReason


@pytest.mark.parametrize(
    ("seconds", "deadline"), [(None, 120.0), (120, 120.0), (60, 60.0), (0, None)]
)
def test_X1_clue_timer_none_one_or_two_minutes_default_two(
    seconds: int | None, deadline: float | None
) -> None:
    assert Settings().clue_timer == 120
    for room in (
        together_room(4) if seconds is None else together_room(4, clue_timer=seconds),
        versus_room(4) if seconds is None else versus_room(4, clue_timer=seconds),
    ):
        turn = room.game.turn if room.game else None
        assert turn is not None
        assert turn.clue_deadline == (None if deadline is None else T0 + deadline)
        assert view_json(room, "p0")["game"]["turn"]["clue_deadline"] == turn.clue_deadline


def test_X1_the_timer_runs_only_while_the_clue_is_chosen() -> None:
    room = clue(together_room(4, clue_timer=60), T0 + 59)
    turn = together(room).turn
    assert turn is not None and turn.clue_deadline is None
    later = advance(room, T0 + 10_000)  # guessing has no timer
    assert later == room


def test_X1_no_timer_never_skips() -> None:
    room = together_room(4, clue_timer=0)
    assert next_deadline(room) is None
    assert advance(room, T0 + 10**6) == room


def test_X2_versus_timer_runs_out_the_turn_is_skipped_and_the_other_team_plays() -> None:
    room = versus_room(4, clue_timer=60)
    game = versus(room)
    team = game.starting_team
    assert advance(room, T0 + 59.9) == room
    room = advance(room, T0 + 60)
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other and turn.number == 2
    assert turn.started_at == T0 + 60 and turn.clue_deadline == T0 + 120
    assert versus(room).log[-1].skip is SkipReason.TIME_RAN_OUT
    assert versus(room).opened == game.opened


def test_X2_together_timer_runs_out_the_turn_is_skipped_and_counts() -> None:
    room = together_room(4, clue_timer=60)
    side = clue_side(room)
    room = advance(room, T0 + 60)
    game = together(room)
    assert game.turns_used == 1
    assert clue_side(room) is side.other
    assert game.log[-1].skip is SkipReason.TIME_RAN_OUT
    assert game.log[-1].clue is None and game.log[-1].team is side


def test_X3_host_chooses_nine_or_eleven_turns_in_the_lobby() -> None:
    room = lobby(4)
    assert room.settings.together_turns == 9
    with pytest.raises(SeatError):
        apply(room, SetTogetherTurns(by="p1", turns=11), T0)
    room = apply(room, SetTogetherTurns(by=HOST, turns=11), T0)
    assert room.settings.together_turns == 11
    with pytest.raises(ValueError):
        SetTogetherTurns.model_validate({"by": HOST, "turns": 10})
    running = together_room(4, turns=11)
    assert together(running).turn_limit == 11
    with pytest.raises(LobbyError):
        apply(running, SetTogetherTurns(by=HOST, turns=9), T0)
    with pytest.raises(LobbyError):
        apply(running, SetClueTimer(by=HOST, seconds=0), T0)
    assert running.settings.mode is Mode.TOGETHER


def test_X8_advance_applies_every_passed_deadline_in_order() -> None:
    room = together_room(4, clue_timer=60)
    side = clue_side(room)
    later = advance(room, T0 + 3 * 60 + 30)
    game = together(later)
    assert game.turns_used == 3
    turn = game.turn
    assert turn is not None and turn.number == 4 and turn.team is side.other
    # Each skipped turn started its successor at its own deadline, not at `now`.
    assert turn.started_at == T0 + 180 and turn.clue_deadline == T0 + 240
    assert [e.turn for e in game.log] == [1, 2, 3]
    assert [e.team for e in game.log] == [side, side.other, side]
    # Stepping the clock in small jumps gives the same room as one big jump.
    stepped = room
    for t in range(0, 211, 7):
        stepped = advance(stepped, T0 + t)
    assert advance(stepped, T0 + 210) == later


def test_X8_advance_is_idempotent_deterministic_and_leaves_its_input_alone() -> None:
    room = together_room(4, clue_timer=60)
    before = room.model_copy(deep=True)
    once = advance(room, T0 + 500)
    assert room == before
    assert advance(once, T0 + 500) == once
    assert advance(room, T0 + 500) == once
    assert advance(once, T0 + 400) == once  # an earlier clock changes nothing


def test_X8_a_room_saved_to_json_mid_timer_keeps_its_deadlines() -> None:
    room = together_room(4, clue_timer=120)
    room = apply(room, Disconnect(by=HOST), T0 + 10)  # host's 60 s / 120 s clock starts
    saved = room.model_dump_json()
    loaded = RoomState.model_validate_json(saved)
    assert loaded == room
    assert next_deadline(loaded) == next_deadline(room) == T0 + 70  # the host warning
    for t in (T0 + 69, T0 + 70, T0 + 121, T0 + 130, T0 + 600):
        assert advance(loaded, t) == advance(room, t)
    assert advance(loaded, T0 + 130).host_id != HOST


def test_X8_next_deadline_reports_the_earliest_and_none_when_idle() -> None:
    room = together_room(4, clue_timer=60)
    assert next_deadline(room) == T0 + 60
    room = clue(room, T0 + 5)
    assert next_deadline(room) is None
    room = open_card(room, giver_card(room, Colour.NEUTRAL), T0 + 20)
    assert next_deadline(room) == T0 + 80


def test_X8_an_action_meets_the_room_as_it_is_at_its_time() -> None:
    room = together_room(4, clue_timer=60)
    late_giver = giver(room)
    # The clue comes one second after the timer ran out: the turn has moved on.
    with pytest.raises(TurnError) as refused:
        apply(room, GiveClue(by=late_giver, word=CLUE, number=1), T0 + 61)
    assert refused.value.code == "not_clue_giver"
    room = apply(room, GiveClue(by=late_giver, word=CLUE, number=1), T0 + 59)
    assert together(room).turns_used == 0


def test_X8_timers_stop_when_the_game_ends() -> None:
    room = clue(together_room(4, clue_timer=60), T0)
    room = open_card(room, giver_card(room, Colour.BLACK), T0 + 1)
    assert together(room).over
    assert next_deadline(room) is None
    assert advance(room, T0 + 10**5) == room


def test_X2_versus_skips_alternate_teams_without_end() -> None:
    room = versus_room(4, clue_timer=60)
    start = versus(room).starting_team
    room = advance(room, T0 + 60 * 5)
    turn = versus(room).turn
    assert turn is not None and turn.number == 6 and turn.team is start.other
    assert not versus(room).over  # Versus has no turn limit (V-12)

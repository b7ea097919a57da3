"""Connections and leaving (G-7, G-8, X-4, X-5, X-6, X-7, R-1 "a team left").

Join, Disconnect, Reconnect and Leave enter as actions with a time; the
waits that follow are deadlines applied by `advance` on a fake clock.
"""

from __future__ import annotations

import pytest
from together_helpers import (
    CLUE,
    HOST,
    T0,
    clue,
    clue_side,
    giver,
    side_ids,
    together,
    together_room,
    versus,
    versus_room,
    view_json,
)

from oneword.engine import (
    Disconnect,
    GiveClue,
    Join,
    Leave,
    Reconnect,
    RoomState,
    SeatError,
    ShowTitle,
    Team,
    advance,
    apply,
    new_room,
    next_deadline,
    view_for,
)
from oneword.engine.actions import Action
from oneword.engine.models import Ending, SkipReason

AWAY = 60.0


def at(room: RoomState, now: float, *actions: Action) -> RoomState:
    for action in actions:
        room = apply(room, action, now)
    return room


def captain(room: RoomState, team: Team) -> str:
    return versus(room).captains[team]


def playing(room: RoomState) -> Team:
    turn = versus(room).turn
    assert turn is not None
    return turn.team


def teammates(room: RoomState, team: Team, but: str) -> list[str]:
    return [p.id for p in versus(room).team_players(team) if p.id != but]


def test_connection_changes_are_actions_with_a_time() -> None:
    room = apply(together_room(4), Disconnect(by="p1"), T0 + 5)
    member = room.member("p1")
    assert member is not None and not member.connected and member.disconnected_at == T0 + 5
    again = apply(room, Disconnect(by="p1"), T0 + 9)  # already away: nothing changes
    assert again.member("p1") == member
    room = apply(room, Reconnect(by="p1"), T0 + 7)
    member = room.member("p1")
    assert member is not None and member.connected and member.disconnected_at is None
    room = apply(room, Join(by="late", name="Late"), T0 + 8)
    late = room.member("late")
    assert late is not None and late.joined_at == T0 + 8
    assert view_json(room, "late")["game"]["view"] == "together_spectator"


def test_PR_3_a_member_shows_another_title_from_now_on() -> None:
    """The title under a name changes mid-game with nothing else; only a
    member can have one."""
    room = together_room(4)
    shown = apply(room, ShowTitle(by="p1", title="newcomer"), T0 + 5)
    assert shown.member("p1").title == "newcomer"  # type: ignore[union-attr]
    assert (
        shown.game == room.game
        and [m.title for m in view_for(shown, "p2").members].count("newcomer") == 1
    )
    hidden = apply(shown, ShowTitle(by="p1", title=None), T0 + 6)
    assert hidden.member("p1").title is None  # type: ignore[union-attr]
    with pytest.raises(SeatError):
        apply(room, ShowTitle(by="nobody", title="newcomer"), T0 + 5)


# G-7: the host


def test_G7_host_leaving_passes_hosting_at_once_to_the_earliest_signed_in() -> None:
    room = new_room()
    room = apply(room, Join(by="h", name="Host"), T0)
    room = apply(room, Join(by="guest", name="Guest"), T0 + 1)
    room = apply(room, Join(by="bot", name="Bot", bot=True), T0 + 2)
    room = apply(room, Join(by="a", name="Ann", signed_in=True), T0 + 3)
    room = apply(room, Join(by="b", name="Ben", signed_in=True), T0 + 4)
    room = apply(room, Leave(by="h"), T0 + 5)
    assert room.host_id == "a"  # signed in first, then the earliest joined
    room = apply(room, Leave(by="a"), T0 + 6)
    assert room.host_id == "b"
    room = apply(room, Leave(by="b"), T0 + 7)
    assert room.host_id == "guest"  # never the bot
    assert view_json(room, "guest")["you"]["host"] is True


def test_G7_host_lost_warns_after_60_s_and_passes_after_120_s() -> None:
    room = together_room(4, clue_timer=0)
    room = apply(room, Disconnect(by=HOST), T0 + 10)
    assert next_deadline(room) == T0 + 70
    early = advance(room, T0 + 69.9)
    assert not early.host_warning and view_json(early, "p1")["host_warning"] is False
    warned = advance(room, T0 + 70)
    assert warned.host_id == HOST
    for member in ("p1", "p2", None):
        assert view_json(warned, member)["host_warning"] is True
    assert next_deadline(warned) == T0 + 130
    assert advance(warned, T0 + 129.9).host_id == HOST
    passed = advance(warned, T0 + 130)
    assert passed.host_id == "p1" and not passed.host_warning
    assert view_json(passed, "p1")["you"]["host"] is True
    assert view_json(passed, "p1")["host_warning"] is False
    assert advance(room, T0 + 130) == passed  # one jump, same result


def test_G7_host_back_in_time_keeps_hosting_and_clears_the_warning() -> None:
    room = apply(together_room(4), Disconnect(by=HOST), T0)
    room = apply(room, Reconnect(by=HOST), T0 + 90)
    assert room.host_warning is False and room.host_id == HOST
    assert advance(room, T0 + 1000).host_id == HOST


def test_G7_hosting_waits_for_a_connected_successor() -> None:
    room = together_room(2)
    room = apply(room, Disconnect(by="p1"), T0)
    room = apply(room, Disconnect(by=HOST), T0 + 1)
    room = advance(room, T0 + 500)
    assert room.host_id == HOST and room.host_warning
    room = apply(room, Reconnect(by="p1"), T0 + 600)
    assert advance(room, T0 + 600).host_id == "p1"


# G-8: leaving is not losing connection


def test_G8_lost_connection_is_not_a_leave() -> None:
    room = together_room(4)
    room = at(room, T0, Disconnect(by="p0"), Disconnect(by="p2"))  # all of Red
    game = together(room)
    assert not game.over
    assert all(not p.left for p in game.players)
    assert view_json(room, "p0")["game"]["view"] == "together_player"


def test_G8_together_side_left_by_everyone_ends_with_no_result() -> None:
    room = together_room(4)
    room = apply(room, Leave(by="p0"), T0 + 1)
    assert not together(room).over
    room = apply(room, Leave(by="p2"), T0 + 2)
    outcome = together(room).outcome
    assert outcome is not None
    assert outcome.result == "no_result" and outcome.ending is Ending.TEAM_LEFT
    assert outcome.decided_by is Team.RED
    assert together(room).turn is None and next_deadline(room) is None


def test_G8_versus_team_below_two_ends_with_no_result() -> None:
    room = versus_room(6)
    room = apply(room, Leave(by="p1"), T0 + 1)  # Blue 3 -> 2: the game goes on
    assert not versus(room).over
    room = apply(room, Leave(by="p3"), T0 + 2)  # Blue 2 -> 1
    outcome = versus(room).outcome
    assert outcome is not None and outcome.result == "no_result"
    assert outcome.ending is Ending.TEAM_LEFT and outcome.winner is None


def test_R1_a_team_left_no_result_is_shown_to_everyone() -> None:
    room = apply(together_room(2), Leave(by="p1"), T0 + 1)
    for member in ("p0", None):
        game = view_json(room, member)["game"]
        assert game["view"] == "together_finished"
        assert game["outcome"]["result"] == "no_result"
        assert game["outcome"]["result"] == "no_result"


# Versus


def test_X4_captain_away_during_the_clue_waits_60_s_then_a_teammate_takes_over() -> None:
    room = versus_room(6, clue_timer=120)
    team = playing(room)
    old = captain(room, team)
    room = apply(room, Disconnect(by=old), T0 + 10)
    turn = versus(room).turn
    assert turn is not None and turn.giver_away_deadline == T0 + 10 + AWAY
    assert view_json(room, "p0")["game"]["turn"]["giver_away_deadline"] == T0 + 70
    assert captain(advance(room, T0 + 69), team) == old
    room = advance(room, T0 + 70)
    new = captain(room, team)
    assert new != old and new in teammates(room, team, old)
    turn = versus(room).turn
    assert turn is not None and turn.team is team and turn.giver_id == new
    assert turn.clue_deadline == T0 + 120  # the clue timer kept running
    assert old in versus(room).former_captains
    room = apply(room, GiveClue(by=new, word=CLUE, number=1), T0 + 71)
    assert versus(room).log[-1].giver_id == new


def test_X4_captain_back_within_60_s_stays_captain() -> None:
    room = versus_room(6)
    team = playing(room)
    old = captain(room, team)
    room = apply(room, Disconnect(by=old), T0 + 10)
    room = apply(room, Reconnect(by=old), T0 + 60)
    turn = versus(room).turn
    assert turn is not None and turn.giver_away_deadline is None
    assert captain(advance(room, T0 + 100), team) == old


def test_X4_no_teammate_connected_skips_the_turn() -> None:
    room = versus_room(6)
    team = playing(room)
    old = captain(room, team)
    for mate in teammates(room, team, old):
        room = apply(room, Disconnect(by=mate), T0 + 1)
    room = apply(room, Disconnect(by=old), T0 + 10)
    room = advance(room, T0 + 70)
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other and turn.number == 2
    assert captain(room, team) == old
    assert versus(room).log[-1].skip is SkipReason.CAPTAIN_AWAY


def test_X4_the_clue_timer_keeps_running_during_the_wait() -> None:
    room = versus_room(6, clue_timer=60)
    team = playing(room)
    room = apply(room, Disconnect(by=captain(room, team)), T0 + 30)  # wait ends at +90
    room = advance(room, T0 + 60)
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other
    assert versus(room).log[-1].skip is SkipReason.TIME_RAN_OUT


def test_X4_captain_already_away_when_the_turn_starts() -> None:
    room = versus_room(6, clue_timer=120)
    team = playing(room)
    other_captain = captain(room, team.other)
    room = apply(room, Disconnect(by=other_captain), T0 + 5)
    room = advance(room, T0 + 120)  # team's clue timer runs out; team.other plays
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other
    assert turn.giver_away_deadline == T0 + 120 + AWAY
    room = advance(room, T0 + 121)
    assert captain(room, team.other) == other_captain
    room = advance(room, T0 + 120 + AWAY)
    assert captain(room, team.other) != other_captain


def test_X5_captain_leaves_a_new_captain_is_picked_at_once() -> None:
    room = versus_room(6)
    team = playing(room)
    old = captain(room, team)
    room = apply(room, Leave(by=old), T0 + 5)
    new = captain(room, team)
    assert new != old and new in teammates(room, team, old)
    turn = versus(room).turn
    assert turn is not None and turn.giver_id == new and turn.giver_away_deadline is None
    assert not versus(room).over
    view = view_json(room, new)["game"]
    assert view["view"] == "versus_captain" and len(view["key"]) == 25
    # The other team's captain leaving is replaced at once too.
    rival = captain(room, team.other)
    room = apply(room, Leave(by=rival), T0 + 6)
    assert captain(room, team.other) not in (rival, None)


def test_X6_every_guesser_away_60_s_ends_the_turn() -> None:
    room = versus_room(6)
    team = playing(room)
    cap = captain(room, team)
    room = apply(room, GiveClue(by=cap, word=CLUE, number=2), T0 + 5)
    mates = teammates(room, team, cap)
    room = apply(room, Disconnect(by=mates[0]), T0 + 10)
    turn = versus(room).turn
    assert turn is not None and turn.guessers_away_deadline is None  # one still here
    room = apply(room, Disconnect(by=mates[1]), T0 + 20)
    turn = versus(room).turn
    assert turn is not None and turn.guessers_away_deadline == T0 + 80
    assert view_json(room, "p0")["game"]["turn"]["guessers_away_deadline"] == T0 + 80
    room = advance(room, T0 + 80)
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other and turn.number == 2


def test_X6_a_guesser_back_in_time_keeps_the_turn() -> None:
    room = versus_room(4)
    team = playing(room)
    cap = captain(room, team)
    room = apply(room, GiveClue(by=cap, word=CLUE, number=2), T0 + 5)
    (mate,) = teammates(room, team, cap)
    room = apply(room, Disconnect(by=mate), T0 + 10)
    room = apply(room, Reconnect(by=mate), T0 + 69)
    turn = versus(room).turn
    assert turn is not None and turn.guessers_away_deadline is None
    turn = versus(advance(room, T0 + 500)).turn
    assert turn is not None and turn.team is team and turn.number == 1


# Together


def test_X7_clue_giver_away_a_connected_player_on_that_side_takes_over() -> None:
    room = together_room(6)
    side = clue_side(room)
    old = giver(room)
    room = apply(room, Disconnect(by=old), T0 + 5)
    new = giver(room)
    assert new != old and new in side_ids(room, side)
    turn = together(room).turn
    assert turn is not None and turn.giver_away_deadline is None
    roles = {p["id"]: p["role"] for p in view_json(room, "p1")["game"]["players"]}
    assert roles[new] == "clue giver" and roles[old] == "player"
    room = clue(room, T0 + 6)
    assert together(room).log[-1].giver_id == new


def test_X7_planned_giver_away_at_the_start_of_the_turn() -> None:
    room = together_room(6, clue_timer=60)
    side = clue_side(room)
    planned = side_ids(room, side.other)[0]  # the other side's first giver
    room = apply(room, Disconnect(by=planned), T0 + 1)
    room = advance(room, T0 + 60)  # skipped: the other side clues now
    assert clue_side(room) is side.other
    assert giver(room) == side_ids(room, side.other)[1]


def test_X7_nobody_on_the_side_connected_waits_60_s_then_skips_and_counts() -> None:
    room = together_room(4, clue_timer=120)
    side = clue_side(room)
    for member in side_ids(room, side):
        room = apply(room, Disconnect(by=member), T0 + 10)
    turn = together(room).turn
    assert turn is not None and turn.giver_away_deadline == T0 + 70
    assert view_json(room, "p0")["game"]["turn"]["giver_away_deadline"] == T0 + 70
    assert together(advance(room, T0 + 69)).turns_used == 0
    room = advance(room, T0 + 70)
    game = together(room)
    assert game.turns_used == 1 and clue_side(room) is side.other
    assert game.log[-1].skip is SkipReason.SIDE_AWAY


def test_X7_first_player_of_the_side_back_within_60_s_gives_the_clue() -> None:
    room = together_room(6)
    side = clue_side(room)
    members = side_ids(room, side)
    for member in members:
        room = apply(room, Disconnect(by=member), T0 + 10)
    room = apply(room, Reconnect(by=members[2]), T0 + 40)
    turn = together(room).turn
    assert turn is not None and turn.giver_away_deadline is None
    assert turn.giver_id == members[2]
    assert together(advance(room, T0 + 100)).turns_used == 0


def test_X7_clue_giver_leaving_hands_the_clue_over() -> None:
    room = together_room(6)
    side = clue_side(room)
    old = giver(room)
    room = apply(room, Leave(by=old), T0 + 5)
    assert giver(room) in side_ids(room, side) and giver(room) != old
    assert not together(room).over


def test_X7_clue_giver_leaving_while_the_side_is_away_keeps_the_seat_on_the_side() -> None:
    room = together_room(4)
    side = clue_side(room)
    old = giver(room)
    (mate,) = [p for p in side_ids(room, side) if p != old]
    room = apply(room, Disconnect(by=mate), T0 + 1)
    room = apply(room, Leave(by=old), T0 + 2)
    turn = together(room).turn
    assert turn is not None and turn.giver_away_deadline == T0 + 62
    assert turn.giver_id == mate  # not the player who left
    assert view_json(room, "p1")["game"]["turn"]["giver_name"] != "Player 0"
    room = apply(room, Reconnect(by=mate), T0 + 30)
    room = clue(room, T0 + 31)
    assert together(room).log[-1].giver_id == mate


def test_X7_a_player_who_left_and_came_back_to_watch_does_not_take_the_clue() -> None:
    room = together_room(6, clue_timer=0)
    side = clue_side(room)
    gone = side_ids(room, side)[1]
    room = apply(room, Leave(by=gone), T0 + 1)
    room = apply(room, Join(by=gone, name="Back again"), T0 + 2)  # watches now (L-5)
    for member in side_ids(room, side):
        room = apply(room, Disconnect(by=member), T0 + 3)
    room = apply(room, Disconnect(by=gone), T0 + 4)
    room = apply(room, Reconnect(by=gone), T0 + 5)
    turn = together(room).turn
    assert turn is not None and turn.giver_id != gone
    assert turn.giver_away_deadline == T0 + 63  # the wait goes on, so the game cannot stall
    room = advance(room, T0 + 63)
    assert together(room).turns_used == 1


def test_X5_captain_leaves_while_the_team_is_away_then_the_wait_applies() -> None:
    room = versus_room(6)
    team = playing(room)
    old = captain(room, team)
    for mate in teammates(room, team, old):
        room = apply(room, Disconnect(by=mate), T0 + 1)
    room = apply(room, Leave(by=old), T0 + 2)
    new = captain(room, team)
    assert new in teammates(room, team, old)
    turn = versus(room).turn
    assert turn is not None and turn.giver_id == new and turn.giver_away_deadline == T0 + 62
    room = advance(room, T0 + 62)
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other

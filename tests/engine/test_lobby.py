"""The lobby's rules on their own: player counts and the game type (G-4,
G-5), teams and captains (V-4, L-4), host-only settings, and the checks
before a game starts (V-1, T-1)."""

from __future__ import annotations

import pytest
from versus_helpers import WORDS, assert_refused

from oneword.engine import (
    BeCaptain,
    Join,
    Kick,
    Leave,
    MakeCaptain,
    Mode,
    MovePlayer,
    PickTeam,
    RoomState,
    SetClueTimer,
    SetMode,
    Shuffle,
    StartGame,
    Team,
    apply,
    new_room,
    view_for,
)
from oneword.engine.models import NoticeKind
from oneword.engine.player_counts import allowed_modes

T0 = 1000.0


def room_of(count: int) -> RoomState:
    """A lobby with `count` members, p0 the host, nobody on a team yet."""
    room = new_room(seed=7)
    for i in range(count):
        room = apply(room, Join(by=f"p{i}", name=f"P{i}"), T0 + i)
    return room


def join(room: RoomState, member: str) -> RoomState:
    return apply(room, Join(by=member, name=member.upper()), T0 + 50)


def leave(room: RoomState, member: str) -> RoomState:
    return apply(room, Leave(by=member), T0 + 60)


@pytest.mark.parametrize(
    ("count", "modes"),
    [
        (1, []),
        (2, [Mode.TOGETHER]),
        (3, [Mode.TOGETHER]),
        (4, [Mode.VERSUS, Mode.TOGETHER]),
        (6, [Mode.VERSUS, Mode.TOGETHER]),
        (7, [Mode.VERSUS]),
        (10, [Mode.VERSUS]),
        (11, []),
    ],
)
def test_G4_modes_allowed_by_the_player_count(count: int, modes: list[Mode]) -> None:
    assert allowed_modes(count) == modes


def test_G4_together_is_never_offered_on_one_device() -> None:
    assert allowed_modes(5, one_device=True) == [Mode.VERSUS]
    assert allowed_modes(3, one_device=True) == []


def test_G4_the_lobby_offers_what_its_count_allows() -> None:
    assert view_for(room_of(3), "p0").allowed_modes == [Mode.TOGETHER]
    assert view_for(room_of(5), "p0").allowed_modes == [Mode.VERSUS, Mode.TOGETHER]


def test_G4_until_the_host_chooses_the_mode_follows_the_count() -> None:
    room = room_of(1)
    assert room.settings.mode is Mode.VERSUS
    room = join(room, "p1")
    assert room.settings.mode is Mode.TOGETHER
    room = join(join(room, "p2"), "p3")
    assert room.settings.mode is Mode.VERSUS, "4-6 players: Versus by default"
    assert room.notice is None, "following the default is not news"


def test_G4_a_versus_lobby_that_drops_to_three_switches_to_together() -> None:
    room = apply(room_of(4), SetMode(by="p0", mode=Mode.VERSUS), T0 + 10)
    room = leave(room, "p3")
    assert room.settings.mode is Mode.TOGETHER
    assert room.notice is not None
    assert (room.notice.kind, room.notice.players) == (NoticeKind.SWITCHED_TO_TOGETHER, 3)


def test_G5_a_seventh_player_switches_together_to_versus() -> None:
    room = apply(room_of(6), SetMode(by="p0", mode=Mode.TOGETHER), T0 + 10)
    room = join(room, "p6")
    assert room.settings.mode is Mode.VERSUS
    assert room.notice is not None
    assert (room.notice.kind, room.notice.players) == (NoticeKind.SWITCHED_TO_VERSUS, 7)


def test_G4_the_hosts_choice_stays_while_the_count_allows_it() -> None:
    room = apply(room_of(5), SetMode(by="p0", mode=Mode.TOGETHER), T0 + 10)
    room = leave(room, "p4")
    assert room.settings.mode is Mode.TOGETHER
    assert room.notice is None


def test_G4_a_kick_counts_like_a_leave() -> None:
    room = apply(room_of(4), SetMode(by="p0", mode=Mode.VERSUS), T0 + 10)
    room = apply(room, Kick(by="p0", player="p3"), T0 + 20)
    assert room.settings.mode is Mode.TOGETHER


def test_G4_a_mode_the_count_does_not_allow_is_refused() -> None:
    assert_refused(room_of(3), SetMode(by="p0", mode=Mode.VERSUS), T0 + 10, "mode_not_allowed")
    assert_refused(room_of(7), SetMode(by="p0", mode=Mode.TOGETHER), T0 + 10, "mode_not_allowed")


def test_G4_a_lone_host_may_prepare_either_mode() -> None:
    room = apply(room_of(1), SetMode(by="p0", mode=Mode.TOGETHER), T0 + 10)
    assert room.settings.mode is Mode.TOGETHER


def test_L4_settings_are_the_hosts() -> None:
    assert_refused(room_of(4), SetClueTimer(by="p1", seconds=60), T0 + 10, "host_only")
    assert_refused(room_of(4), SetMode(by="p1", mode=Mode.TOGETHER), T0 + 10, "host_only")
    assert_refused(room_of(4), Shuffle(by="p1"), T0 + 10, "host_only")
    assert_refused(room_of(4), MovePlayer(by="p1", player="p2", team=Team.RED), T0, "host_only")


def test_V4_be_captain_needs_a_team_and_replaces_the_captain() -> None:
    room = room_of(4)
    assert_refused(room, BeCaptain(by="p1"), T0 + 10, "pick_team_first")
    room = apply(room, PickTeam(by="p1", team=Team.RED), T0 + 10)
    room = apply(room, PickTeam(by="p2", team=Team.RED), T0 + 10)
    room = apply(room, BeCaptain(by="p1"), T0 + 11)
    room = apply(room, BeCaptain(by="p2"), T0 + 12)
    assert room.captains == {Team.RED: "p2"}


def test_V4_a_captain_who_changes_team_is_no_longer_captain() -> None:
    room = apply(room_of(4), PickTeam(by="p1", team=Team.RED), T0 + 10)
    room = apply(room, MakeCaptain(by="p0", player="p1"), T0 + 11)
    room = apply(room, PickTeam(by="p1", team=Team.BLUE), T0 + 12)
    assert room.captains == {}


def test_V4_shuffle_splits_evenly_and_draws_a_captain_per_team() -> None:
    room = apply(room_of(7), Shuffle(by="p0"), T0 + 10)
    sizes = sorted(sum(1 for m in room.members if m.team is t) for t in Team)
    assert sizes == [3, 4]
    for team, captain in room.captains.items():
        member = room.member(captain)
        assert member is not None and member.team is team
    assert set(room.captains) == set(Team)


def test_L4_undecided_players_fill_the_smaller_team_at_the_start() -> None:
    room = room_of(5)
    for member, team in (("p0", Team.RED), ("p1", Team.RED), ("p2", Team.RED)):
        room = apply(room, PickTeam(by=member, team=team), T0 + 10)
    room = apply(room, StartGame(by="p0", words=WORDS), T0 + 20)
    assert room.game is not None
    assert [m.team for m in room.members if m.id in ("p3", "p4")] == [Team.BLUE, Team.BLUE]


def test_V1_each_team_needs_two_players() -> None:
    room = room_of(4)
    for member in ("p0", "p1", "p2"):
        room = apply(room, PickTeam(by=member, team=Team.RED), T0 + 10)
    room = apply(room, PickTeam(by="p3", team=Team.BLUE), T0 + 10)
    assert_refused(room, StartGame(by="p0", words=WORDS), T0 + 20, "team_too_small")


def test_T1_sides_may_differ_by_one_at_most() -> None:
    room = apply(room_of(4), SetMode(by="p0", mode=Mode.TOGETHER), T0 + 5)
    for member in ("p0", "p1", "p2"):
        room = apply(room, PickTeam(by=member, team=Team.RED), T0 + 10)
    room = apply(room, PickTeam(by="p3", team=Team.BLUE), T0 + 10)
    assert_refused(room, StartGame(by="p0", words=WORDS), T0 + 20, "sides_uneven")


def test_G4_a_lone_host_cannot_start() -> None:
    assert_refused(room_of(1), StartGame(by="p0", words=WORDS), T0 + 5, "player_count")


def test_L4_only_the_host_starts() -> None:
    assert_refused(room_of(4), StartGame(by="p1", words=WORDS), T0 + 5, "host_only")


def test_L6_play_again_prefers_a_captain_who_has_not_been_one() -> None:
    room = room_of(4)
    for member, team in (("p0", Team.RED), ("p1", Team.RED), ("p2", Team.BLUE), ("p3", Team.BLUE)):
        room = apply(room, PickTeam(by=member, team=team), T0 + 10)
    first = apply(room, StartGame(by="p0", words=WORDS), T0 + 20)
    assert first.game is not None
    captains = set(first.past_captains)
    assert len(captains) == 2
    again = first.model_copy(deep=True)
    again.game = None
    again = apply(again, StartGame(by="p0", words=WORDS), T0 + 30)
    assert set(again.past_captains) == {"p0", "p1", "p2", "p3"}

"""L-4: a host who runs the room without playing (a teacher at the
projector). The host keeps every host control; the game is dealt to the
others, and the host is neither on a team nor counted among the players
(G-4: the game types the count allows; the room's ten seats)."""

from __future__ import annotations

from test_lobby import T0, room_of
from versus_helpers import WORDS, assert_refused

from oneword.engine import (
    BeCaptain,
    Disconnect,
    Join,
    Mode,
    MovePlayer,
    Pause,
    PickTeam,
    Resume,
    RoomState,
    SetMode,
    SetPreset,
    SetUpOneDevice,
    SetWatching,
    StartGame,
    TableSeat,
    Team,
    Volunteer,
    apply,
    new_room,
    view_for,
)
from oneword.engine.models import Preset
from oneword.engine.presence import HOST_HANDOVER_AFTER


def watching(count: int) -> RoomState:
    """`count` members, p0 the host, who only watches."""
    return apply(room_of(count), SetWatching(by="p0", watching=True), T0 + 20)


def test_L4_a_watching_host_is_not_counted_among_the_players() -> None:
    room = watching(5)  # four players and the host
    view = view_for(room, "p1")
    assert view.allowed_modes == [Mode.VERSUS, Mode.TOGETHER]
    host = next(m for m in view.members if m.id == "p0")
    assert host.watching and host.host and host.team is None
    assert view_for(watching(4), "p1").allowed_modes == [Mode.TOGETHER]  # three play


def test_L4_the_game_is_dealt_to_the_others_and_the_host_keeps_the_controls() -> None:
    room = watching(5)
    room = apply(room, StartGame(by="p0", words=WORDS), T0 + 30)
    assert room.game is not None
    assert {p.id for p in room.game.players} == {"p1", "p2", "p3", "p4"}
    game_view = view_for(room, "p0").game
    assert game_view is not None and game_view.seat == "spectator"
    assert room.member("p0") is not None and room.member("p0").team is None  # type: ignore[union-attr]


def test_L4_a_watching_host_takes_no_team_no_captaincy_and_gives_no_clues() -> None:
    room = watching(5)
    assert_refused(room, PickTeam(by="p0", team=Team.RED), T0 + 30, "host_watching")
    assert_refused(room, BeCaptain(by="p0"), T0 + 30, "host_watching")
    assert_refused(room, MovePlayer(by="p0", player="p0", team=Team.BLUE), T0 + 30, "host_watching")
    codewords = apply(room, SetPreset(by="p0", preset=Preset.CODEWORDS), T0 + 31)
    assert_refused(
        codewords, Volunteer(by="p0", player="p0", volunteer=True), T0 + 32, "host_watching"
    )


def test_L4_watching_takes_the_host_off_a_team_and_playing_again_puts_them_back() -> None:
    room = apply(room_of(5), PickTeam(by="p0", team=Team.RED), T0 + 10)
    room = apply(room, SetWatching(by="p0", watching=True), T0 + 20)
    host = room.member("p0")
    assert host is not None and host.team is None and host.watching
    room = apply(room, SetWatching(by="p0", watching=False), T0 + 30)
    room = apply(room, PickTeam(by="p0", team=Team.BLUE), T0 + 31)
    assert room.member("p0") is not None and room.member("p0").team is Team.BLUE  # type: ignore[union-attr]


def test_L4_only_the_host_may_sit_out_and_only_in_the_lobby() -> None:
    room = room_of(5)
    assert_refused(room, SetWatching(by="p1", watching=True), T0 + 20, "host_only")
    started = apply(room, StartGame(by="p0", words=WORDS), T0 + 20)
    assert_refused(started, SetWatching(by="p0", watching=True), T0 + 30, "game_running")


def test_L4_ten_players_and_a_watching_host_fill_the_room() -> None:
    room = watching(1)
    for i in range(1, 11):
        room = apply(room, Join(by=f"q{i}", name=f"Q{i}"), T0 + 40 + i)
    assert len(room.players()) == 10
    assert view_for(room, "q1").allowed_modes == [Mode.VERSUS]
    assert_refused(room, Join(by="late", name="Late"), T0 + 60, "room_full")
    assert_refused(room, SetWatching(by="p0", watching=False), T0 + 60, "room_full")


def test_L4_a_one_device_table_has_no_host_sitting_out() -> None:
    seats = [
        TableSeat(id=f"t{i}", name=f"T{i}", team=[Team.RED, Team.BLUE][i % 2], captain=i < 2)
        for i in range(4)
    ]
    room = apply(new_room(seed=3), SetUpOneDevice(by="t0", seats=seats), T0)
    assert_refused(room, SetWatching(by="t0", watching=True), T0 + 2, "host_watching")


def test_G7_hosting_that_moves_on_brings_the_former_host_back_as_a_player() -> None:
    room = watching(5)
    room = apply(room, SetMode(by="p0", mode=Mode.TOGETHER), T0 + 21)
    room = apply(room, Disconnect(by="p0"), T0 + 22)
    later = T0 + 22 + HOST_HANDOVER_AFTER + 1
    room = apply(room, PickTeam(by="p1", team=Team.RED), later)
    assert room.host_id != "p0"
    former = room.member("p0")
    assert former is not None and not former.watching
    assert len(room.players()) == 5


def test_L7_the_host_who_only_watches_pauses_and_resumes_the_game() -> None:
    room = apply(watching(5), StartGame(by="p0", words=WORDS), T0 + 30)
    room = apply(room, Pause(by="p0"), T0 + 31)
    assert room.paused_by == "p0"
    room = apply(room, Resume(by="p0"), T0 + 40)
    assert room.paused_at is None
    view = view_for(room, "p0").game
    assert view is not None and view.you_may.pause

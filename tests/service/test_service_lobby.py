"""The lobby (L-1, L-2, L-3, L-4, L-5, V-4, G-4, G-5, V-1, T-1) played through the service
on a real SQLite file: every rule reaches the engine through `act`."""

from __future__ import annotations

import pytest
from service_helpers import (
    NAMES,
    FakeClock,
    alternating,
    make_room,
    pick_teams,
    refused,
    state_of,
    version_of,
)

from oneword import words
from oneword.engine import (
    BeCaptain,
    Join,
    Kick,
    MakeCaptain,
    Mode,
    MovePlayer,
    PickTeam,
    SetClueTimer,
    SetLanguage,
    SetMode,
    SetPackage,
    SetTogetherTurns,
    Shuffle,
    Team,
)
from oneword.engine.models import NoticeKind
from oneword.engine.together.views import TogetherPlayerView
from oneword.service import RoomService, WordsError, codes
from oneword.storage.sqlite_store import Store

pytestmark = pytest.mark.both_backends


def test_L1_create_room_makes_the_creator_host_with_a_readable_code(
    service: RoomService,
) -> None:
    seat = service.create_room("  Ana  ", language="de")
    assert codes.is_well_formed(seat.code)
    view = service.view(seat.code, seat.token)
    assert view.you is not None and view.you.host and view.you.name == "Ana"
    assert view.settings.language == "de"
    assert [type(e.action) for e in service.history(seat.code)] == [Join, SetLanguage]


def test_L2_join_needs_only_a_name_and_duplicates_are_told_apart(
    service: RoomService,
) -> None:
    host = service.create_room("Ana")
    service.join(host.code, "ana")
    names = [m.name for m in service.view(host.code, None).members]
    assert names == ["Ana", "ana (2)"]


@pytest.mark.parametrize(("name", "code"), [("   ", "name_empty"), ("x" * 25, "name_too_long")])
def test_L2_bad_names_are_refused_and_change_nothing(
    service: RoomService, store: Store, name: str, code: str
) -> None:
    host = service.create_room("Ana")
    refused(store, host.code, lambda: service.join(host.code, name), code)
    with pytest.raises(Exception) as info:
        service.create_room(name)
    assert getattr(info.value, "code", None) == code
    with store.read() as tx:
        assert tx.conn.execute("SELECT COUNT(*) FROM rooms").fetchone() == (1,)


def test_a_full_room_refuses_an_eleventh_player(service: RoomService, store: Store) -> None:
    seats = make_room(service, 10)
    refused(store, seats[0].code, lambda: service.join(seats[0].code, "Kim"), "room_full")


def test_L4_players_pick_teams_and_the_host_moves_anyone(
    service: RoomService, store: Store
) -> None:
    host, bo, cy = make_room(service, 3)
    service.act(bo.code, bo.token, PickTeam(team=Team.RED))
    service.act(host.code, host.token, MovePlayer(player=cy.member_id, team=Team.BLUE))
    view = service.act(host.code, host.token, MovePlayer(player=bo.member_id, team=None))
    teams = {m.id: m.team for m in view.members}
    assert teams == {host.member_id: None, bo.member_id: None, cy.member_id: Team.BLUE}
    move = MovePlayer(player=host.member_id, team=Team.RED)
    refused(store, host.code, lambda: service.act(bo.code, bo.token, move), "host_only")


def test_act_takes_the_actor_from_the_token_not_from_the_action(
    service: RoomService, store: Store
) -> None:
    host, bo = make_room(service, 2)
    forged = MovePlayer(by=host.member_id, player=host.member_id, team=Team.RED)
    refused(store, host.code, lambda: service.act(bo.code, bo.token, forged), "host_only")
    view = service.act(bo.code, bo.token, PickTeam(by=host.member_id, team=Team.BLUE))
    assert {m.id: m.team for m in view.members}[bo.member_id] is Team.BLUE
    assert {m.id: m.team for m in view.members}[host.member_id] is None


def test_V4_be_captain_make_captain_and_shuffle(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    host, bo, cy, di = seats
    refused(
        store, host.code, lambda: service.act(bo.code, bo.token, BeCaptain()), "pick_team_first"
    )
    pick_teams(service, seats, alternating(4))
    view = service.act(cy.code, cy.token, BeCaptain())
    assert view.captains == {Team.RED: cy.member_id}
    view = service.act(host.code, host.token, MakeCaptain(player=di.member_id))
    assert view.captains == {Team.RED: cy.member_id, Team.BLUE: di.member_id}
    refused(store, host.code, lambda: service.act(bo.code, bo.token, Shuffle()), "host_only")
    view = service.act(host.code, host.token, Shuffle())
    assert all(m.team is not None for m in view.members)
    assert set(view.captains) == {Team.RED, Team.BLUE}


def test_G4_game_type_follows_the_player_count(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    host = seats[0]
    assert service.view(host.code, host.token).allowed_modes == [Mode.VERSUS, Mode.TOGETHER]
    view = service.act(host.code, host.token, SetMode(mode=Mode.TOGETHER))
    assert view.settings.mode is Mode.TOGETHER
    refused(
        store,
        host.code,
        lambda: service.act(seats[1].code, seats[1].token, SetMode(mode=Mode.VERSUS)),
    )
    three = make_room(service, 3)
    assert service.view(three[0].code, None).settings.mode is Mode.TOGETHER
    error = refused(
        store,
        three[0].code,
        lambda: service.act(three[0].code, three[0].token, SetMode(mode=Mode.VERSUS)),
    )
    assert error.code == "mode_not_allowed"


def test_G5_a_seventh_player_switches_together_to_versus(service: RoomService) -> None:
    seats = make_room(service, 6)
    host = seats[0]
    service.act(host.code, host.token, SetMode(mode=Mode.TOGETHER))
    service.join(host.code, "Gus")
    view = service.view(host.code, None)
    assert view.settings.mode is Mode.VERSUS
    assert view.notice is not None and view.notice.kind is NoticeKind.SWITCHED_TO_VERSUS
    assert view.notice.players == 7


def test_G4_together_is_refused_for_seven(service: RoomService, store: Store) -> None:
    host = make_room(service, 7)[0]
    refused(
        store,
        host.code,
        lambda: service.act(host.code, host.token, SetMode(mode=Mode.TOGETHER)),
        "mode_not_allowed",
    )


def test_L4_timer_turns_language_and_package(service: RoomService, clock: FakeClock) -> None:
    seats = make_room(service, 4)
    host = seats[0]
    service.act(host.code, host.token, SetClueTimer(seconds=60))
    service.act(host.code, host.token, SetTogetherTurns(turns=11))
    service.act(host.code, host.token, SetLanguage(language="de"))
    view = service.act(host.code, host.token, SetPackage(package="farm"))
    assert view.settings.clue_timer == 60
    assert view.settings.together_turns == 11
    assert (view.settings.language, view.settings.package) == ("de", "farm")
    pick_teams(service, seats, alternating(4))
    view = service.start_game(host.code, host.token)
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.clue_deadline == clock.now + 60
    farm = words.load_packages().get("farm")
    assert farm is not None
    assert sorted(c.word for c in view.game.board) == sorted(farm.words_in("de"))


def test_the_random_board_uses_the_room_language(service: RoomService) -> None:
    seats = make_room(service, 4, language="fr")
    pick_teams(service, seats, alternating(4))
    view = service.start_game(seats[0].code, seats[0].token)
    french = {w for p in words.load_packages().packages for w in p.words_in("fr")}
    assert view.game is not None
    assert len({c.word for c in view.game.board}) == 25
    assert {c.word for c in view.game.board} <= french


def test_L4_kick_removes_a_player_and_only_the_host_kicks(
    service: RoomService, store: Store
) -> None:
    host, bo, cy = make_room(service, 3)
    refused(
        store,
        host.code,
        lambda: service.act(bo.code, bo.token, Kick(player=cy.member_id)),
        "host_only",
    )
    refused(
        store,
        host.code,
        lambda: service.act(host.code, host.token, Kick(player=host.member_id)),
        "kick_self",
    )
    view = service.act(host.code, host.token, Kick(player=cy.member_id))
    assert [m.name for m in view.members] == ["Ana", "Bo"]
    refused(store, host.code, lambda: service.view(cy.code, cy.token), "seat_gone")


def test_L4_undecided_players_go_to_the_smaller_team_at_start(
    service: RoomService, store: Store
) -> None:
    seats = make_room(service, 5)
    pick_teams(service, seats, [Team.RED, Team.RED, Team.RED, Team.BLUE, None])
    service.start_game(seats[0].code, seats[0].token)
    game = state_of(store, seats[0].code).game
    assert game is not None
    assert {p.id: p.team for p in game.players}[seats[4].member_id] is Team.BLUE


def test_V1_each_versus_team_needs_two_players(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    pick_teams(service, seats, [Team.RED, Team.RED, Team.RED, Team.BLUE])
    error = refused(store, seats[0].code, lambda: service.start_game(seats[0].code, seats[0].token))
    assert error.code == "team_too_small"


def test_T1_together_sides_differ_by_one_at_most(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    host = seats[0]
    service.act(host.code, host.token, SetMode(mode=Mode.TOGETHER))
    pick_teams(service, seats, [Team.RED, Team.RED, Team.RED, Team.BLUE])
    error = refused(store, host.code, lambda: service.start_game(host.code, host.token))
    assert error.code == "sides_uneven"
    service.act(host.code, host.token, MovePlayer(player=seats[2].member_id, team=Team.BLUE))
    view = service.start_game(host.code, host.token)
    assert isinstance(view.game, TogetherPlayerView)


def test_only_the_host_starts(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    pick_teams(service, seats, alternating(4))
    error = refused(store, seats[0].code, lambda: service.start_game(seats[1].code, seats[1].token))
    assert error.code == "host_only"


def test_W5_a_custom_word_list_makes_the_board(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    pick_teams(service, seats, alternating(4))
    host = seats[0]
    custom = [f"word{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(30)]
    too_few = custom[:24]
    error = refused(store, host.code, lambda: service.start_game(host.code, host.token, too_few))
    assert isinstance(error, WordsError) and "24" in error.message
    view = service.start_game(host.code, host.token, custom)
    assert view.game is not None
    assert {c.word for c in view.game.board} <= set(custom)


def test_an_unknown_package_is_refused_clearly(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    pick_teams(service, seats, alternating(4))
    host = seats[0]
    error = refused(
        store,
        host.code,
        lambda: service.act(host.code, host.token, SetPackage(package="no-such-package")),
        "unknown_value",
    )
    assert "no word package of that name" in error.message


def test_L5_a_late_joiner_watches_the_running_game(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    pick_teams(service, seats, alternating(4))
    service.start_game(seats[0].code, seats[0].token)
    late = service.join(seats[0].code, NAMES[4])
    view = service.view(late.code, late.token)
    assert view.you is not None and view.game is not None
    assert view.game.seat == "spectator"
    assert version_of(store, late.code) > 1

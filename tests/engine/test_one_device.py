"""One device (O-1, O-2, O-3, O-4, O-5, G-4 on one device): a table of names set up at
once, the map only while the captain picks the clue, a clue timer that only
warns, and the captaincy moving on in each new game."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from versus_helpers import WORDS, assert_refused

from oneword.engine import (
    INFINITY,
    Disconnect,
    EndTurn,
    GiveClue,
    Join,
    Mode,
    NewGameSameTeams,
    Open,
    RoomState,
    RuleError,
    SetMode,
    SetUpOneDevice,
    StartGame,
    StartGuessing,
    TableSeat,
    Team,
    advance,
    apply,
    map_view,
    new_room,
    next_deadline,
    view_for,
)
from oneword.engine.models import Colour, TableStep, team_colour
from oneword.engine.one_device import check_name, next_captains, table_guesser
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusCaptainView, VersusFinishedView, VersusSpectatorView

T0 = 5000.0
RED, BLUE = Team.RED, Team.BLUE


def seats(
    names: Sequence[str] = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo"),
    teams: Sequence[Team] | None = None,
    captains: Sequence[int] | None = None,
) -> list[TableSeat]:
    """Names alternating Red, Blue, ...; the first of each team is captain."""
    teams = teams or [RED if i % 2 == 0 else BLUE for i in range(len(names))]
    if captains is None:
        captains = [teams.index(RED), teams.index(BLUE)] if {RED, BLUE} <= set(teams) else []
    return [
        TableSeat(id=f"p{i}", name=name, team=team, captain=i in captains)
        for i, (name, team) in enumerate(zip(names, teams, strict=True))
    ]


def set_up(table: list[TableSeat] | None = None, clue_timer: int = 0) -> RoomState:
    table = table or seats()
    action = SetUpOneDevice(by=table[0].id, seats=table, clue_timer=clue_timer)  # type: ignore[arg-type]
    return apply(new_room(seed=3), action, T0)


def started(table: list[TableSeat] | None = None, clue_timer: int = 0) -> RoomState:
    room = set_up(table, clue_timer)
    return apply(room, StartGame(by=room.host_id or "", words=WORDS), T0)


def versus(room: RoomState) -> VersusGame:
    assert isinstance(room.game, VersusGame)
    return room.game


def refused_setup(table: list[TableSeat], code: str) -> RuleError:
    action = SetUpOneDevice(by=table[0].id, seats=table)
    return assert_refused(new_room(seed=3), action, T0, code)


def play_to_the_end(room: RoomState, now: float = T0) -> RoomState:
    """The playing team's captain clues 0 (unlimited) and a guesser opens
    every card of the team: it wins (V-12)."""
    game = versus(room)
    assert game.turn is not None
    team = game.turn.team
    guesser = next(p.id for p in game.team_players(team) if p.id != game.captains[team])
    room = apply(room, GiveClue(by=game.captains[team], word="zebra", number=0), now + 1)
    room = apply(room, StartGuessing(by=game.captains[team]), now + 1)
    for card, colour in enumerate(game.key):
        if colour is team_colour(team):
            room = apply(room, Open(by=guesser, card=card), now + 2)
    assert versus(room).outcome is not None
    return room


# O-1: the table


def test_O1_a_table_is_seated_at_once_with_its_teams_and_captains() -> None:
    room = set_up()
    assert [m.name for m in room.members] == ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
    assert [m.team for m in room.members] == [RED, BLUE] * 3
    assert room.host_id == "p0", "the device holds the first seat and hosts"
    assert room.captains == {RED: "p0", BLUE: "p1"}
    assert room.settings.one_device and room.settings.mode is Mode.VERSUS
    game = versus(apply(room, StartGame(by="p0", words=WORDS), T0))
    assert game.one_device
    assert game.captains == {RED: "p0", BLUE: "p1"}
    assert [p.team for p in game.players] == [RED, BLUE] * 3


def test_O1_a_star_makes_any_player_of_the_team_captain() -> None:
    table = seats(captains=[4, 5])
    game = versus(started(table))
    assert game.captains == {RED: "p4", BLUE: "p5"}


def test_O1_four_to_ten_players() -> None:
    assert set_up(seats(["A", "B", "C", "D"])).settings.one_device
    ten = [f"P{i}" for i in range(10)]
    assert len(set_up(seats(ten)).members) == 10
    error = refused_setup(seats(["A", "B", "C"], teams=[RED, BLUE, RED]), "player_count")
    assert "4-10" in error.message
    refused_setup(seats([f"P{i}" for i in range(11)]), "player_count")


def test_O1_at_least_two_per_team_with_a_clear_message() -> None:
    table = seats(["A", "B", "C", "D", "E"], teams=[RED, BLUE, RED, RED, RED])
    error = refused_setup(table, "team_too_small")
    assert error.message.startswith("Blue needs at least 2 players (now 1)")
    assert "tap a name" in error.message


def test_O1_exactly_one_captain_per_team() -> None:
    refused_setup(seats(captains=[0, 2, 1]), "captain_count")
    error = refused_setup(seats(captains=[0]), "captain_count")
    assert "Blue needs exactly one captain" in error.message


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("", "name_empty"),
        ("   ", "name_empty"),
        ("x" * 25, "name_too_long"),
        (" ana ", "name_taken"),
    ],
)
def test_O1_names_are_checked(name: str, code: str) -> None:
    table = seats(["Ana", "Bo", "Cy", name])
    error = refused_setup(table, code)
    assert error.message.strip()


def test_O1_a_name_check_for_the_table_being_typed_in() -> None:
    assert check_name(["Ana"], "  Bo   Lee ") == "Bo Lee"
    assert check_name([], "é" * 24) == "é" * 24
    with pytest.raises(RuleError, match="already a player called ANA"):
        check_name(["Ana"], "ANA")


def test_O1_only_an_empty_room_from_the_first_seat() -> None:
    room = set_up()
    assert_refused(room, SetUpOneDevice(by="p0", seats=seats()), T0, "room_in_use")
    table = seats()
    assert_refused(new_room(), SetUpOneDevice(by="p1", seats=table), T0, "device_seat")


def test_O1_names_are_text_whatever_they_look_like() -> None:
    tag = "<b onclick=x>Ana</b>"
    room = set_up(seats([tag, "Bo", "Cy", "Di"]))
    assert room.members[0].name == tag


def test_G4_together_is_never_played_on_one_device() -> None:
    room = set_up(seats(["A", "B", "C", "D"]))
    assert_refused(room, SetMode(by="p0", mode=Mode.TOGETHER), T0, "mode_not_allowed")
    assert view_for(room, "p0").allowed_modes == [Mode.VERSUS]


def test_O_nobody_joins_a_one_device_room_from_elsewhere() -> None:
    room = started()
    assert_refused(room, Join(by="stranger", name="Zed"), T0 + 1, "one_device_room")


# O-2 and O-3: the map only while the captain picks the clue


def test_O2_the_device_sees_the_table_view_never_the_map() -> None:
    room = started()
    game = versus(room)
    for member in room.members:
        view = view_for(room, member.id)
        assert isinstance(view.game, VersusSpectatorView), member.id
        assert view.you is not None and view.you.id == member.id
        data = json.loads(view.model_dump_json())
        assert "key" not in data["game"]
        assert all(card["colour"] is None for card in data["game"]["board"])
    assert game.captains[RED] == "p0", "even the device's own seat, a captain, gets no map"


def test_O2_show_the_map_gives_the_captains_map_until_the_clue_is_given() -> None:
    room = started()
    game = versus(room)
    assert game.turn is not None
    shown = map_view(room)
    assert isinstance(shown, VersusCaptainView)
    assert shown.key == game.key
    assert shown.turn is not None and shown.turn.giver_id == game.captains[game.turn.team]
    room = apply(room, GiveClue(by=game.captains[game.turn.team], word="zebra", number=2), T0 + 5)
    with pytest.raises(RuleError) as hidden:
        map_view(room)
    assert hidden.value.code == "map_hidden"


def test_O2_no_map_view_outside_one_device_rooms_or_after_the_game() -> None:
    from versus_helpers import started as versus_started

    with pytest.raises(RuleError) as refused:
        map_view(versus_started())
    assert refused.value.code == "not_one_device"
    with pytest.raises(RuleError) as over:
        map_view(play_to_the_end(started()))
    assert over.value.code == "map_hidden"


def test_O3_every_rule_still_holds_for_whoever_the_device_acts_as() -> None:
    room = started()
    game = versus(room)
    assert game.turn is not None
    team = game.turn.team
    captain = game.captains[team]
    guesser = next(p.id for p in game.team_players(team) if p.id != captain)
    rival = next(p.id for p in game.team_players(team.other) if p.id != game.captains[team.other])
    assert_refused(room, GiveClue(by=guesser, word="zebra", number=1), T0 + 1, "not_captain")
    assert_refused(room, Open(by=guesser, card=0), T0 + 1, "no_clue_yet")
    room = apply(room, GiveClue(by=captain, word="zebra", number=1), T0 + 1)
    assert_refused(room, Open(by=guesser, card=0), T0 + 1, "start_guessing_first")
    room = apply(room, StartGuessing(by=captain), T0 + 1)
    assert_refused(room, StartGuessing(by=captain), T0 + 1, "guessing_started")
    assert_refused(room, Open(by=captain, card=0), T0 + 2, "captain_cannot_guess")
    assert_refused(room, Open(by=rival, card=0), T0 + 2, "not_your_turn")
    assert_refused(room, EndTurn(by=guesser), T0 + 2, "open_one_first")
    own = versus(room).key.index(team_colour(team))
    room = apply(room, Open(by=guesser, card=own), T0 + 3)
    room = apply(room, EndTurn(by=guesser), T0 + 4)
    turn = versus(room).turn
    assert turn is not None and turn.team is team.other


def test_O3_a_whole_game_on_one_device_ends_with_results_as_in_versus() -> None:
    room = play_to_the_end(started())
    game = versus(room)
    assert game.outcome is not None and game.outcome.result == "win"
    view = view_for(room, "p0")
    assert isinstance(view.game, VersusFinishedView)
    assert view.game.key == game.key, "R-1: the map is revealed to everyone"
    assert view.game.best_clue is not None and view.game.best_clue.clue is not None
    assert view.game.best_clue.clue.word == "zebra"


def test_O_presence_never_applies_at_a_one_device_table() -> None:
    room = started()
    room = apply(room, Disconnect(by="p0"), T0 + 1)
    room = apply(room, Disconnect(by="p1"), T0 + 1)
    assert all(m.connected for m in room.members)
    turn = versus(room).turn
    assert turn is not None
    assert turn.giver_away_deadline is None and turn.guessers_away_deadline is None
    assert next_deadline(advance(room, T0 + 10_000)) is None
    assert not room.host_warning


# O-4: the clue timer only warns


def test_O4_the_clue_timer_is_off_by_default() -> None:
    room = started()
    assert room.settings.clue_timer == 0
    turn = versus(room).turn
    assert turn is not None and turn.clue_deadline is None


@pytest.mark.parametrize("seconds", [60, 120])
def test_O4_when_time_runs_out_the_turn_is_not_skipped(seconds: int) -> None:
    room = started(clue_timer=seconds)
    game = versus(room)
    turn = game.turn
    assert turn is not None and turn.clue_deadline == T0 + seconds
    assert next_deadline(room) is None, "nothing is due: the deadline only warns"
    later = advance(room, T0 + seconds + 600)
    after = versus(later).turn
    assert after is not None
    assert (after.number, after.team, after.clue) == (turn.number, turn.team, None)
    assert after.clue_deadline == turn.clue_deadline, "the page still knows time is up"
    assert versus(later).log == []
    clued = apply(later, GiveClue(by=turn.giver_id or "", word="zebra", number=INFINITY), T0 + 700)
    assert versus(clued).turn is not None and versus(clued).turn.clue is not None  # type: ignore[union-attr]


# O-5: New Game (Same Teams)


def test_O5_the_captaincy_moves_to_the_next_player_on_each_team() -> None:
    room = play_to_the_end(started())
    room = apply(room, NewGameSameTeams(by="p0", words=WORDS), T0 + 10)
    game = versus(room)
    assert game.outcome is None and game.one_device
    assert game.captains == {RED: "p2", BLUE: "p3"}
    assert [(p.id, p.team) for p in game.players] == [(m.id, m.team) for m in room.members]


def test_O5_the_captaincy_goes_round_each_team_in_turn() -> None:
    # Red has three players, Blue two: Blue's captaincy wraps round sooner.
    table = seats(["A", "B", "C", "D", "E"], teams=[RED, BLUE, RED, BLUE, RED])
    room = started(table)
    seen: list[dict[Team, str]] = [dict(versus(room).captains)]
    for game_number in range(1, 4):
        room = play_to_the_end(room, T0 + 100 * game_number)
        room = apply(room, NewGameSameTeams(by="p0", words=WORDS), T0 + 100 * game_number + 50)
        seen.append(dict(versus(room).captains))
    assert [c[RED] for c in seen] == ["p0", "p2", "p4", "p0"]
    assert [c[BLUE] for c in seen] == ["p1", "p3", "p1", "p3"]


def test_O5_starts_from_a_chosen_captain_not_the_first_name() -> None:
    game = versus(started(seats(captains=[4, 3])))
    assert next_captains(game) == {RED: "p0", BLUE: "p5"}


def test_O5_refused_while_the_game_runs_and_outside_one_device_rooms() -> None:
    room = started()
    assert_refused(room, NewGameSameTeams(by="p0", words=WORDS), T0 + 1, "game_running")
    over = play_to_the_end(room)
    assert_refused(over, NewGameSameTeams(by="p1", words=WORDS), T0 + 9, "host_only")
    from versus_helpers import HOST
    from versus_helpers import started as versus_started

    assert_refused(versus_started(), NewGameSameTeams(by=HOST, words=WORDS), T0, "not_one_device")


def test_O5_every_new_game_keeps_the_map_hidden_and_the_timer_a_warning() -> None:
    room = play_to_the_end(started(clue_timer=60))
    room = apply(room, NewGameSameTeams(by="p0", words=WORDS), T0 + 10)
    game = versus(room)
    assert game.one_device and game.clue_timer == 60
    assert next_deadline(room) is None
    assert isinstance(view_for(room, game.captains[RED]).game, VersusSpectatorView)
    assert any(c is not Colour.NEUTRAL for c in game.key)


def test_O1_an_empty_table_is_told_how_many_players_it_needs() -> None:
    error = assert_refused(new_room(), SetUpOneDevice(by="p0", seats=[]), T0, "player_count")
    assert "(now 0)" in error.message


def test_O1_nobody_leaves_or_is_removed_from_a_one_device_table() -> None:
    from oneword.engine import Kick, Leave

    room = started()
    host = room.host_id
    assert host is not None
    other = next(m.id for m in room.members if m.id != host)
    for action in (Leave(by=host), Leave(by=other), Kick(by=host, player=other)):
        with pytest.raises(RuleError) as refused:
            apply(room, action, 5.0)
        assert refused.value.code == "one_device_table"


def test_O2_O3_the_tables_view_says_which_step_the_turn_is_at() -> None:
    """The flow of a turn is the room's, not the page's: the captain has
    the device, then the device goes to the middle, then the team guesses."""
    room = started()
    game = versus(room)
    assert game.turn is not None
    team, captain = game.turn.team, game.captains[game.turn.team]
    table = view_for(room, "p0").game
    assert table is not None and table.table_step is TableStep.CAPTAIN
    assert table.you_may.give_clue and not table.you_may.start_guessing
    assert not table.you_may.open
    room = apply(room, GiveClue(by=captain, word="zebra", number=2), T0 + 1)
    table = view_for(room, "p0").game
    assert table is not None and table.table_step is TableStep.PASS
    assert table.you_may.start_guessing and not table.you_may.open
    room = apply(room, StartGuessing(by="p0"), T0 + 2)
    table = view_for(room, "p0").game
    assert table is not None and table.table_step is TableStep.GUESSING
    assert table.you_may.open and not table.you_may.end_turn
    own = versus(room).key.index(team_colour(team))
    room = apply(room, Open(by=table_guesser(room, versus(room)) or "", card=own), T0 + 3)
    table = view_for(room, "p0").game
    assert table is not None and table.you_may.end_turn
    room = apply(room, EndTurn(by=table_guesser(room, versus(room)) or ""), T0 + 4)
    table = view_for(room, "p0").game
    assert table is not None and table.table_step is TableStep.CAPTAIN
    assert table.turn is not None and table.turn.team is team.other


def test_O3_start_guessing_only_after_the_clue_and_only_on_one_device() -> None:
    from versus_helpers import started as versus_started

    assert_refused(started(), StartGuessing(by="p0"), T0 + 1, "no_clue_yet")
    assert_refused(versus_started(), StartGuessing(by="r1"), T0 + 1, "not_one_device")

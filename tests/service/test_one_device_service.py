"""One device through the service: one token for the whole table, acting
for its names only in a one-device room, the map only on request during the
clue, and no presence rules for names that have no device of their own."""

from __future__ import annotations

import pytest
from service_helpers import FakeClock, start_versus

from oneword.config import PRESENCE_TIMEOUT
from oneword.engine import (
    Disconnect,
    EndTurn,
    GiveClue,
    Leave,
    Open,
    Refusal,
    SetLanguage,
    SetPackage,
    SetUpOneDevice,
    StartGame,
    StartGuessing,
    Team,
)
from oneword.engine.models import team_colour
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusCaptainView, VersusSpectatorView
from oneword.service import RoomService, Seat
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store

pytestmark = pytest.mark.both_backends

TABLE = [
    ("Ana", Team.RED),
    ("Bo", Team.BLUE),
    ("Cy", Team.RED),
    ("Di", Team.BLUE),
    ("Ed", Team.RED),
]


def table(service: RoomService, clue_timer: int = 0) -> Seat:
    return service.create_one_device_room(
        TABLE,
        {Team.RED: 2, Team.BLUE: 1},
        clue_timer=clue_timer,  # type: ignore[arg-type]
    )


def game_of(store: Store, code: str) -> VersusGame:
    with store.read() as tx:
        stored = tx.load(code)
    assert stored is not None
    game = parse_state(stored.state_json).game
    assert isinstance(game, VersusGame)
    return game


def test_O1_every_set_up_action_is_logged(service: RoomService) -> None:
    seat = service.create_one_device_room(
        TABLE, {Team.RED: 0, Team.BLUE: 1}, language="de", package="farm"
    )
    logged = [type(entry.action) for entry in service.history(seat.code)]
    assert logged == [SetUpOneDevice, SetLanguage, SetPackage, StartGame]
    assert {entry.action.by for entry in service.history(seat.code)} == {seat.member_id}


def test_O1_the_room_is_stored_with_one_token_for_the_table(
    service: RoomService, store: Store
) -> None:
    seat = table(service)
    with store.read() as tx:
        stored = tx.load(seat.code)
        rows = tx.players(seat.code)
    assert stored is not None
    state = parse_state(stored.state_json)
    assert state.settings.one_device and state.host_id == seat.member_id
    assert [m.name for m in state.members] == [name for name, _ in TABLE]
    game = game_of(store, seat.code)
    assert game.one_device and game.captains[Team.RED] == state.members[2].id
    assert game.captains[Team.BLUE] == state.members[1].id
    with_token = [r.member_id for r in rows if r.token_hash is not None]
    assert with_token == [seat.member_id]
    view = service.view(seat.code, seat.token)
    assert view.settings.one_device
    assert isinstance(view.game, VersusSpectatorView), "the device gets the table's view"
    assert service.rejoin(seat.code, seat.token).member_id == seat.member_id


def test_O1_a_bad_table_is_refused_and_stores_nothing(service: RoomService, store: Store) -> None:
    with pytest.raises(Refusal) as refused:
        service.create_one_device_room(TABLE[:3], {Team.RED: 0, Team.BLUE: 1})
    assert refused.value.code == "player_count"
    with pytest.raises(Refusal) as small:
        service.create_one_device_room(
            [(n, Team.RED) for n, _ in TABLE[:4]] + [("Ed", Team.BLUE)], {Team.RED: 0}
        )
    assert small.value.code == "team_too_small"
    with store.read() as tx:
        assert tx.conn.execute("SELECT COUNT(*) FROM rooms").fetchone() == (0,)


def test_O2_O3_the_device_plays_a_turn_for_the_captain_and_a_guesser(
    service: RoomService, store: Store
) -> None:
    seat = table(service)
    game = game_of(store, seat.code)
    assert game.turn is not None
    team = game.turn.team
    captain = game.captains[team]
    guesser = next(p.id for p in game.team_players(team) if p.id != captain)

    shown = service.map_view(seat.code, seat.token)
    assert isinstance(shown, VersusCaptainView) and shown.key == game.key
    with pytest.raises(Refusal) as not_captain:
        service.act_as(seat.code, seat.token, guesser, GiveClue(word="qwrtz", number=1))
    assert not_captain.value.code == "not_captain"
    view = service.act_as(seat.code, seat.token, captain, GiveClue(word="qwrtz", number=1))
    assert isinstance(view.game, VersusSpectatorView)
    with pytest.raises(Refusal) as hidden:
        service.map_view(seat.code, seat.token)
    assert hidden.value.code == "map_hidden"

    own = game.key.index(team_colour(team))
    service.act(seat.code, seat.token, StartGuessing())
    service.act_as(seat.code, seat.token, guesser, Open(card=own))
    service.act_as(seat.code, seat.token, guesser, EndTurn())
    after = game_of(store, seat.code)
    assert after.turn is not None and after.turn.team is team.other
    by = [a.action.by for a in service.history(seat.code)][-4:]
    assert by == [captain, seat.member_id, guesser, guesser]


def test_O_the_device_acts_only_for_its_own_table(service: RoomService, store: Store) -> None:
    seat = table(service)
    other = table(service)
    stranger = game_of(store, other.code).players[1].id
    with pytest.raises(Refusal) as elsewhere:
        service.act_as(seat.code, seat.token, stranger, EndTurn())
    assert elsewhere.value.code == "not_at_table"
    member = game_of(store, seat.code).players[1].id
    with pytest.raises(Refusal) as leave:
        service.act_as(seat.code, seat.token, member, Leave())
    assert leave.value.code == "table_action"
    with pytest.raises(Refusal) as no_token:
        service.act_as(seat.code, "not-a-token", member, EndTurn())
    assert no_token.value.code == "bad_token"
    with pytest.raises(Refusal) as no_map:
        service.map_view(seat.code, None)
    assert no_map.value.code == "no_token"
    with pytest.raises(Refusal) as join:
        service.join(seat.code, "Zed")
    assert join.value.code == "one_device_room"


def test_O_act_as_is_refused_in_rooms_with_a_device_each(service: RoomService) -> None:
    seats = start_versus(service, 4)
    host = seats[0]
    with pytest.raises(Refusal) as refused:
        service.act_as(host.code, host.token, seats[1].member_id, EndTurn())
    assert refused.value.code == "not_one_device"
    with pytest.raises(Refusal) as no_map:
        service.map_view(host.code, host.token)
    assert no_map.value.code == "not_one_device"


def test_O_names_without_a_device_are_never_marked_away(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seat = table(service)
    version = service.poll(seat.code, seat.token)
    for _ in range(int(PRESENCE_TIMEOUT) * 4):
        clock.tick(1)
        assert service.poll(seat.code, seat.token) == version
    with store.read() as tx:
        silent_before = clock.now - PRESENCE_TIMEOUT
        players = tx.players(seat.code)
        assert not [p for p in players if p.sends_heartbeats and p.last_seen < silent_before]
        polled = tx.poll_room(seat.code)
    assert polled is not None
    host_seen = polled.players[seat.member_id].last_seen
    assert polled.oldest_heartbeat == host_seen, "only the device's seat sends heartbeats"
    view = service.view(seat.code, None)
    assert all(m.connected for m in view.members)
    assert not any(isinstance(a.action, Disconnect) for a in service.history(seat.code))


def test_O_a_device_that_was_away_finds_the_turn_as_it_left_it(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seat = table(service, clue_timer=60)
    before = game_of(store, seat.code).turn
    clock.tick(600)
    service.poll(seat.code, None)  # a watch screen keeps polling meanwhile
    service.poll(seat.code, seat.token)
    after = game_of(store, seat.code).turn
    assert before is not None and after is not None
    assert (after.number, after.team, after.clue) == (before.number, before.team, None)
    assert after.giver_away_deadline is None
    assert all(m.connected for m in service.view(seat.code, seat.token).members)


def test_O5_new_game_same_teams_through_the_service(service: RoomService, store: Store) -> None:
    seat = table(service)
    game = game_of(store, seat.code)
    assert game.turn is not None
    team = game.turn.team
    captain = game.captains[team]
    guesser = next(p.id for p in game.team_players(team) if p.id != captain)
    service.act_as(seat.code, seat.token, captain, GiveClue(word="qwrtz", number=0))
    service.act(seat.code, seat.token, StartGuessing())
    for card, colour in enumerate(game.key):
        if colour is team_colour(team):
            service.act_as(seat.code, seat.token, guesser, Open(card=card))
    assert game_of(store, seat.code).outcome is not None
    view = service.new_game_same_teams(seat.code, seat.token)
    assert view.game is not None and view.game.outcome is None
    ids = [m.id for m in view.members]
    assert game_of(store, seat.code).captains == {Team.RED: ids[4], Team.BLUE: ids[3]}


def test_O1_the_table_picks_a_word_package_and_language(service: RoomService) -> None:
    from oneword.words import load_packages, word_key

    seat = service.create_one_device_room(
        TABLE, {Team.RED: 0, Team.BLUE: 1}, language="de", package="kitchen"
    )
    view = service.view(seat.code, seat.token)
    assert view.settings.package == "kitchen" and view.settings.language == "de"
    kitchen = load_packages().get("kitchen")
    assert kitchen is not None
    assert view.game is not None
    assert sorted(word_key(c.word) for c in view.game.board) == sorted(
        word_key(w) for w in kitchen.words_in("de")
    )

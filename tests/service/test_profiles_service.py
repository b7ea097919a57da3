"""Profiles through the services, on both backends (PR-1 to PR-4, R-3, G-7, G-8)."""

from __future__ import annotations

import logging

import pytest
from profile_helpers import DEVICE, finish_versus, new_profiles, signed_in_room
from service_helpers import FakeClock, state_of, versus_game

from oneword.engine import (
    Action,
    BackToLobby,
    Disconnect,
    GiveClue,
    Join,
    Mode,
    Open,
    Reconnect,
    Refusal,
    ServerResumed,
    SetMode,
    ShowTitle,
    StartGuessing,
    Team,
)
from oneword.engine.justone.actions import Answer, NextCard, PickNumber, ShowClues, WriteClues
from oneword.engine.justone.state import JustOneGame
from oneword.engine.models import Colour
from oneword.profiles import XP_TABLE
from oneword.profiles.keys import TRANSFER_LIFETIME
from oneword.profiles.service import ProfileService
from oneword.service import ProfileError, RoomService
from oneword.service.rate_limits import Client
from oneword.storage.profile_schema import PROFILE_TABLES
from oneword.storage.protocol import RoomStore

pytestmark = pytest.mark.both_backends

RED_BLUE = [Team.RED, Team.BLUE, Team.RED, Team.BLUE]


@pytest.fixture
def profiles(store: RoomStore, clock: FakeClock, service: RoomService) -> ProfileService:
    return ProfileService(store, clock=clock)


def all_rows(store: RoomStore) -> list[str]:
    """Every value of every profile table, as text."""
    found = []
    with store.read() as tx:
        for table in PROFILE_TABLES:
            rows = tx._run(f"SELECT * FROM {table}").fetchall()  # type: ignore[attr-defined]
            found += [str(value) for row in rows for value in row]
    return found


def test_PR_1_a_profile_is_made_in_one_call_and_kept_as_a_hash(
    profiles: ProfileService, store: RoomStore
) -> None:
    key = profiles.create("  Mina  ", DEVICE)
    me = profiles.get(key)
    assert me is not None and me.name == "Mina" and me.level.number == 1
    stored = all_rows(store)
    assert stored and not any(key in value or key[16:] in value for value in stored)
    assert profiles.get(key[:-1] + ("A" if key[-1] != "A" else "B")) is None
    assert profiles.get(None) is None and profiles.get("short") is None


def test_PR_1_a_transfer_code_moves_the_profile_once_and_expires(
    profiles: ProfileService, clock: FakeClock
) -> None:
    key = profiles.create("Mina", DEVICE)
    code = profiles.transfer_code(key)
    assert len(code.code) == 10 and code.expires_at == clock.now + TRANSFER_LIFETIME
    typed = f" {code.code[:5].lower()}-{code.code[5:]} "
    other = profiles.redeem(typed, "another-device-key")
    assert other != key
    assert profiles.get(other) == profiles.get(key)  # both devices are the same player
    with pytest.raises(ProfileError) as used:
        profiles.redeem(code.code, "a-third-device")
    assert used.value.code == "bad_transfer_code"
    late = profiles.transfer_code(key)
    clock.tick(TRANSFER_LIFETIME + 1)
    with pytest.raises(ProfileError):
        profiles.redeem(late.code, "a-third-device")


def test_G_7_hosting_passes_to_a_signed_in_player_before_an_earlier_guest(
    service: RoomService, profiles: ProfileService
) -> None:
    [key] = new_profiles(profiles, 1)
    host = service.create_room("Ana")
    guest = service.join(host.code, "Bo")
    member = service.join(host.code, "Cy", profile=key)
    view = service.leave(host.code, host.token)
    assert view.host_name == "Cy"
    assert state_of(service.store, host.code).host_id == member.member_id != guest.member_id


def test_PR_2_a_finished_game_counts_once_for_profiles_and_never_for_guests(
    service: RoomService, profiles: ProfileService, store: RoomStore
) -> None:
    keys = new_profiles(profiles, 2)
    seats = signed_in_room(service, [keys[0], keys[1], None, None], RED_BLUE)
    service.start_game(seats[0].code, seats[0].token)
    finish_versus(service, seats, winner=Team.RED)
    winner, loser = profiles.get(keys[0]), profiles.get(keys[1])
    assert winner is not None and loser is not None
    assert winner.stats.mode("versus").wins == 1 and winner.stats.mode("versus").streak == 1
    assert loser.stats.mode("versus").games == 1 and loser.stats.mode("versus").wins == 0
    assert loser.stats.xp == XP_TABLE["finished"]
    assert winner.stats.xp >= XP_TABLE["finished"] + XP_TABLE["win"]
    for _ in range(3):  # every page sees the end again: nothing more counts
        for seat in seats:
            service.enter(seat.code, seat.token)
            service.view(seat.code, seat.token)
        service.view(seats[0].code, None)
    assert profiles.get(keys[0]) == winner and profiles.get(keys[1]) == loser
    rewards = profiles.rewards(seats[0].code)
    assert set(rewards) == {seats[0].member_id, seats[1].member_id}
    assert rewards[seats[0].member_id].xp == winner.stats.xp
    assert "newcomer" in rewards[seats[1].member_id].new_titles


def test_PR_2_a_streak_grows_over_games_and_a_loss_breaks_it(
    service: RoomService, profiles: ProfileService, clock: FakeClock
) -> None:
    [key] = new_profiles(profiles, 1)
    seats = signed_in_room(service, [key, None, None, None], RED_BLUE)
    for winner in (Team.RED, Team.RED, Team.BLUE):
        service.start_game(seats[0].code, seats[0].token)
        finish_versus(service, seats, winner)
        service.act(seats[0].code, seats[0].token, BackToLobby())
        clock.tick(60)
    me = profiles.get(key)
    assert me is not None
    versus = me.stats.mode("versus")
    assert (versus.games, versus.wins, versus.streak, versus.best_streak) == (3, 2, 0, 2)
    assert [g.reward.won for g in profiles.recent_games(key)] == [False, True, True]


def test_G_8_a_game_with_no_result_counts_nothing(
    service: RoomService, profiles: ProfileService
) -> None:
    keys = new_profiles(profiles, 2)
    seats = signed_in_room(service, [keys[0], keys[1], None, None], RED_BLUE)
    service.start_game(seats[0].code, seats[0].token)
    service.leave(seats[1].code, seats[1].token)  # Blue drops below 2 players
    game = versus_game(service.store, seats[0].code)
    assert game.outcome is not None and game.outcome.result == "no_result"
    me = profiles.get(keys[0])
    assert me is not None and me.stats.xp == 0 and me.stats.modes == {}
    assert profiles.rewards(seats[0].code) == {}


def test_PR_2_an_abandoned_game_counts_nothing(
    service: RoomService, profiles: ProfileService, clock: FakeClock
) -> None:
    """A game nobody finishes is cleaned up with its room, never counted."""
    [key] = new_profiles(profiles, 1)
    seats = signed_in_room(service, [key, None, None, None], RED_BLUE)
    service.start_game(seats[0].code, seats[0].token)
    clock.tick(3 * 24 * 3600)
    assert service.cleanup(older_than_seconds=3600) == [seats[0].code]
    me = profiles.get(key)
    assert me is not None and me.stats.xp == 0 and profiles.recent_games(key) == []


def test_PR_3_an_earned_title_is_shown_under_the_name_in_rooms_joined_after(
    service: RoomService, profiles: ProfileService
) -> None:
    [key] = new_profiles(profiles, 1)
    with pytest.raises(ProfileError) as early:
        profiles.show_title(key, "newcomer")
    assert early.value.code == "title_not_earned"
    seats = signed_in_room(service, [key, None, None, None], RED_BLUE)
    service.start_game(seats[0].code, seats[0].token)
    finish_versus(service, seats, Team.BLUE)
    me = profiles.show_title(key, "newcomer")
    assert me.title == "newcomer" and "legend" not in me.stats.titles
    other = service.create_room("Zed")
    mine = service.join(other.code, "Mina", profile=key)
    for seen in (service.view(other.code, other.token), service.view(other.code, None)):
        shown = {m.id: m.title for m in seen.members}
        assert shown == {other.member_id: None, mine.member_id: "newcomer"}


def test_PR_3_a_title_picked_later_reaches_the_rooms_the_profile_sits_in(
    service: RoomService, profiles: ProfileService
) -> None:
    """The seat takes the profile's title when its page asks (`sync_title`),
    as a logged action; only for the seat that joined with that profile."""
    keys = new_profiles(profiles, 2)
    seats = signed_in_room(service, [keys[0], keys[1], None, None], RED_BLUE)
    code = seats[0].code
    service.start_game(code, seats[0].token)
    finish_versus(service, seats, Team.BLUE)
    assert service.sync_title(code, seats[0].token, keys[0]) is None  # nothing picked yet
    profiles.show_title(keys[0], "newcomer")
    assert service.sync_title(code, seats[1].token, keys[0]) is None  # someone else's seat
    assert service.sync_title(code, seats[2].token, None) is None  # a guest
    entry = service.sync_title(code, seats[0].token, keys[0])
    assert entry is not None and entry.version == service.poll(code, seats[0].token)
    for seen in (entry.view, service.view(code, seats[2].token), service.view(code, None)):
        shown = {m.id: m.title for m in seen.members}
        assert shown[seats[0].member_id] == "newcomer" and shown[seats[1].member_id] is None
    assert service.sync_title(code, seats[0].token, keys[0]) is None  # already shown
    assert service.history(code)[-1].action == ShowTitle(by=seats[0].member_id, title="newcomer")
    profiles.show_title(keys[0], None)
    assert service.sync_title(code, seats[0].token, keys[0]) is not None
    assert state_of(service.store, code).member(seats[0].member_id).title is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "move",
    [ShowTitle(title="legend"), ServerResumed(gap=60), Disconnect(), Reconnect(), Join(name="Al")],
    ids=lambda move: move.kind,
)
def test_PR_3_the_services_own_moves_cannot_be_sent(service: RoomService, move: Action) -> None:
    """A script cannot give itself a title it never earned, nor make the
    moves the service makes from what it sees (X-4, X-8)."""
    seat = service.create_room("Ana")
    before = state_of(service.store, seat.code)
    with pytest.raises(Refusal) as refused:
        service.act(seat.code, seat.token, move)
    assert refused.value.code == "not_a_move" and "cannot be sent" in refused.value.message
    assert state_of(service.store, seat.code) == before


def test_PR_1_deleting_a_profile_deletes_its_stats_and_its_key_stops_working(
    service: RoomService, profiles: ProfileService, store: RoomStore
) -> None:
    keys = new_profiles(profiles, 2)
    seats = signed_in_room(service, [keys[0], keys[1], None, None], RED_BLUE)
    service.start_game(seats[0].code, seats[0].token)
    finish_versus(service, seats, Team.RED)
    gone = profiles.get(keys[0])
    assert gone is not None
    profiles.delete(keys[0])
    assert profiles.get(keys[0]) is None
    assert not any(gone.profile_id in value for value in all_rows(store))
    assert profiles.get(keys[1]) is not None  # the other profile keeps its own
    assert set(profiles.rewards(seats[0].code)) == {seats[1].member_id}
    with pytest.raises(ProfileError) as refused:
        profiles.transfer_code(keys[0])
    assert refused.value.code == "no_profile"
    guest = service.join(seats[0].code, "Mina", profile=keys[0])  # plays as a guest now
    assert state_of(store, seats[0].code).member(guest.member_id).signed_in is False  # type: ignore[union-attr]


def test_PR_4_a_one_device_table_with_two_profiles_and_two_guests(
    service: RoomService, profiles: ProfileService, store: RoomStore
) -> None:
    keys = new_profiles(profiles, 2)
    ids = [p.profile_id for p in profiles.on_device(DEVICE)]
    assert len(ids) == 2
    table = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Cy", Team.RED), ("Di", Team.BLUE)]
    captains = {Team.RED: 0, Team.BLUE: 1}
    stranger = profiles.create("Stranger", "someone-elses-device")
    outsider = profiles.get(stranger)
    assert outsider is not None
    with pytest.raises(ProfileError) as not_here:
        service.create_one_device_room(
            table, captains, profiles={0: outsider.profile_id}, device_key=DEVICE
        )
    assert not_here.value.code == "not_on_device"
    with pytest.raises(ProfileError) as bot:  # bots earn nothing: no profile for a bot
        service.create_one_device_room(
            table, captains, profiles={1: ids[0]}, device_key=DEVICE, bots={1: "medium"}
        )
    assert bot.value.code == "not_on_device"
    seat = service.create_one_device_room(
        table, captains, profiles={0: ids[0], 3: ids[1]}, device_key=DEVICE
    )
    game = versus_game(store, seat.code)
    assert game.turn is not None
    team = game.turn.team
    captain = game.captains[team]
    service.act_as(seat.code, seat.token, captain, GiveClue(word="qwrtz", number=1))
    service.act(seat.code, seat.token, StartGuessing())
    guesser = next(p.id for p in game.team_players(team) if p.id != captain)
    service.act_as(seat.code, seat.token, guesser, Open(card=game.key.index(Colour.BLACK)))
    assert versus_game(store, seat.code).outcome is not None
    counted = [profiles.get(k) for k in keys]
    assert all(p is not None and p.stats.one_device_games == 1 for p in counted)
    names = {m.id: m.name for m in state_of(store, seat.code).members}
    rewards = profiles.rewards(seat.code)
    assert sorted(names[m] for m in rewards) == ["Ana", "Di"]
    # A code adds the stranger's profile to this device for the next table.
    added = profiles.add_to_device(profiles.transfer_code(stranger).code, DEVICE)
    assert added.profile_id in [p.profile_id for p in profiles.on_device(DEVICE)]
    assert profiles.get(stranger) is not None  # the stranger's own device keeps it


def test_PR_1_profile_keys_never_reach_the_logs(
    service: RoomService, profiles: ProfileService, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    key = profiles.create("Mina", DEVICE)
    seats = signed_in_room(service, [key, None, None, None], RED_BLUE)
    service.start_game(seats[0].code, seats[0].token)
    finish_versus(service, seats, Team.RED)
    code = profiles.transfer_code(key)
    profiles.redeem(code.code, "other-device")
    with pytest.raises(ProfileError):
        profiles.redeem(code.code, "other-device")
    assert key not in caplog.text and key[16:] not in caplog.text


JUST_ONE_CLUES = ["quartz", "canyon", "riddle", "lagoon", "harvest", "whisper"]


def test_PR_2_a_just_one_deck_played_to_its_end_counts_for_its_profiles(
    service: RoomService, profiles: ProfileService, store: RoomStore
) -> None:
    """J-6 ends with "no result" (DECK_PLAYED): unlike G-8's, it counts."""
    keys = new_profiles(profiles, 2)
    host = service.create_room("Ana", profile=keys[0])
    seats = [host, service.join(host.code, "Bo", profile=keys[1]), service.join(host.code, "Cy")]
    service.act(host.code, host.token, SetMode(mode=Mode.JUST_ONE))
    service.start_game(host.code, host.token)
    by_id = {s.member_id: s for s in seats}
    while True:
        game = state_of(store, host.code).game
        assert isinstance(game, JustOneGame)
        if game.over:
            break
        card = game.cards[game.current]
        assert card.guesser_id is not None
        guesser = by_id[card.guesser_id]
        service.act(host.code, guesser.token, PickNumber(number=1))
        givers = [s for s in seats if s is not guesser]
        for k, giver in enumerate(givers):
            words = JUST_ONE_CLUES[2 * k : 2 * k + 2]
            service.act(host.code, giver.token, WriteClues(words=words))
        for giver in givers:
            service.act(host.code, giver.token, ShowClues())
        service.act(host.code, guesser.token, Answer(word=card.words[0]))
        service.act(host.code, guesser.token, NextCard())
    assert game.outcome is not None and game.outcome.result == "no_result"
    counted = [profiles.get(k) for k in keys]
    for me in counted:
        assert me is not None
        just_one = me.stats.mode("just_one")
        assert (just_one.games, just_one.wins, just_one.cards_scored) == (1, 1, 13)
        assert me.stats.xp == XP_TABLE["finished"] + XP_TABLE["win"] + 13 * XP_TABLE["card_scored"]
    assert len(profiles.rewards(host.code)) == 2


def test_PR_2_a_profile_keeps_its_newest_games_and_all_their_stats(
    service: RoomService, profiles: ProfileService, clock: FakeClock, store: RoomStore
) -> None:
    [key] = new_profiles(profiles, 1)
    seats = signed_in_room(service, [key, None, None, None], RED_BLUE)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("oneword.profiles.counting.GAMES_KEPT", 2)
        for winner in (Team.RED, Team.BLUE, Team.BLUE):
            service.start_game(seats[0].code, seats[0].token)
            finish_versus(service, seats, winner)
            service.act(seats[0].code, seats[0].token, BackToLobby())
            clock.tick(60)
    assert [g.reward.won for g in profiles.recent_games(key)] == [False, False]
    me = profiles.get(key)
    assert me is not None and me.stats.mode("versus").games == 3


def test_PR_1_transfer_codes_cannot_be_guessed_in_bulk(profiles: ProfileService) -> None:
    """Wrong codes count against the client like made-up room codes (L-8):
    after a burst, even the right code is refused for a while."""
    key = profiles.create("Mina", DEVICE)
    code = profiles.transfer_code(key)
    guesser = Client(session="s1", address="10.0.0.9")
    refusals = []
    for attempt in range(12):
        try:
            profiles.redeem(f"WRONGCODE{attempt}", "a-device", client=guesser)
        except Refusal as refusal:
            refusals.append(refusal.code)
    assert refusals[0] == "bad_transfer_code" and refusals[-1] == "too_many_tries"
    with pytest.raises(Refusal) as held:
        profiles.redeem(code.code, "a-device", client=guesser)
    assert held.value.code == "too_many_tries"
    assert profiles.redeem(code.code, "a-device", client=Client(session="s2")) != key

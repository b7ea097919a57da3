"""The map cannot be worked out from what is on show (G-1, V-2, T-2).

A room's draws come from a 256-bit secret that only the server holds
(`oneword.engine.randomness`); the board's words come from a stream of
their own. These tests play real rooms through the service and check that
neither a small seed nor the words on the board give the map away.
"""

from __future__ import annotations

import pytest
from service_helpers import start_versus, state_of, versus_game

from oneword.engine import Join, Mode, PickTeam, StartGame, Team, apply, new_room
from oneword.engine.maps import deal_versus_map
from oneword.engine.models import Colour
from oneword.engine.randomness import KeyedRandom, deal_rng, words_rng
from oneword.engine.rules import rng_for
from oneword.engine.versus.state import VersusGame
from oneword.service import RoomService
from oneword.service.codec import logged_action
from oneword.storage.sqlite_store import Store

pytestmark = pytest.mark.both_backends


def test_G1_a_service_room_holds_a_secret_of_256_bits(service: RoomService, store: Store) -> None:
    seeds = [state_of(store, start_versus(service)[0].code).seed for _ in range(8)]
    assert len(set(seeds)) == 8
    assert all(seed.bit_length() > 192 for seed in seeds), "a 2**-64 chance of a false alarm"


def test_V2_the_map_is_not_a_function_of_the_board_and_32_bits(
    service: RoomService, store: Store
) -> None:
    """The old attack: search the seed from the board's word order, then
    deal the map. Replaying the room's own log with its low 32 bits as the
    seed deals another map; only the whole secret deals this one."""
    code = start_versus(service)[0].code
    state, game = state_of(store, code), versus_game(store, code)
    with store.read() as tx:
        log = [logged_action(row) for row in tx.actions(code)]

    def replayed(seed: int) -> list[Colour]:
        room = new_room(seed=seed)
        for entry in log:
            room = apply(room, entry.action, entry.at)
        assert isinstance(room.game, VersusGame)
        return room.game.key

    assert replayed(state.seed) == game.key
    assert replayed(state.seed & 0xFFFFFFFF) != game.key


def test_G1_the_words_stream_and_the_deal_stream_are_separate() -> None:
    seed = 2**255 + 12345
    words, deal = words_rng(seed, 3), deal_rng(seed, 3)
    assert [words.getrandbits(64) for _ in range(4)] != [deal.getrandbits(64) for _ in range(4)]


def test_V2_a_seed_passed_in_deals_the_same_game_again() -> None:
    """Tests, notebooks and replays keep their determinism."""
    words = [f"word{i}" for i in range(25)]

    def deal() -> tuple[Team, list[str]]:
        room = new_room(seed=42)
        for member, team in (("a", Team.RED), ("b", Team.RED), ("c", Team.BLUE), ("d", Team.BLUE)):
            room = apply(room, _join(member), 1.0)
            room = apply(room, _pick(member, team), 1.0)
        room = apply(room, StartGame(by="a", words=words), 2.0)
        game = room.game
        assert game is not None and room.settings.mode is Mode.VERSUS
        return game.starting_team, [c.value for c in game.key]  # type: ignore[union-attr]

    assert deal() == deal()


def test_V2_keyed_draws_are_fair_enough() -> None:
    """Half the games start with Red, and shuffles reach every place."""
    starts = [deal_versus_map(KeyedRandom(7, f"deal:{i}"))[0] for i in range(2000)]
    assert 900 < starts.count(Team.RED) < 1100
    black = {
        deal_versus_map(KeyedRandom(9, f"deal:{i}"))[1].index(Colour.BLACK) for i in range(600)
    }
    assert black == set(range(25))


def test_a_rooms_rng_follows_its_step() -> None:
    room = new_room(seed=5)
    first = rng_for(room).getrandbits(64)
    room.step += 1
    assert rng_for(room).getrandbits(64) != first


def _join(member: str) -> Join:
    return Join(by=member, name=member.upper())


def _pick(member: str, team: Team) -> PickTeam:
    return PickTeam(by=member, team=team)

"""Together (T-1, T-2, T-3, T-4, T-5, T-6, T-7, T-8, T-9, T-10): one test per
rule, played through `apply` on a fake clock, reading the secret maps only to
pick moves and check results."""

from __future__ import annotations

from collections import Counter

import pytest
from together_helpers import (
    CLUE,
    T0,
    WORDS,
    cards,
    clue,
    clue_side,
    end_turn,
    giver,
    giver_card,
    guesser,
    lobby,
    neutral_turn,
    open_card,
    pair,
    side_ids,
    together,
    together_room,
    together_room_starting,
    view_json,
)

from oneword.engine import (
    GiveClue,
    Join,
    LobbyError,
    Mode,
    MovePlayer,
    Open,
    StartGame,
    Team,
    TurnError,
    advance,
    apply,
)
from oneword.engine.models import Colour, Ending

G, B, N = Colour.GREEN, Colour.BLACK, Colour.NEUTRAL


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_T1_two_to_six_players_on_two_even_sides_without_captains(players: int) -> None:
    room = together_room(players)
    game = together(room)
    sizes = Counter(p.team for p in game.players)
    assert sum(sizes.values()) == players
    assert min(sizes[Team.RED], sizes[Team.BLUE]) >= 1
    assert abs(sizes[Team.RED] - sizes[Team.BLUE]) <= 1
    assert not hasattr(game, "captains")
    roles = {p["role"] for p in view_json(room, "p0")["game"]["players"]}
    assert roles <= {"clue giver", "player"}
    assert "captain" not in roles


def test_T1_uneven_or_missing_sides_are_refused() -> None:
    room = lobby(4)
    room = apply(room, MovePlayer(by="p0", player="p1", team=Team.RED), T0)  # Red 3, Blue 1
    with pytest.raises(LobbyError) as refused:
        apply(room, StartGame(by="p0", words=WORDS), T0)
    assert refused.value.code == "sides_uneven"
    alone = lobby(1)
    with pytest.raises(LobbyError):
        apply(alone, StartGame(by="p0", words=WORDS), T0)
    seven = lobby(6)
    seven = apply(seven, Join(by="p6", name="Seventh"), T0)
    assert seven.settings.mode is Mode.VERSUS  # G-5: Together holds at most 6


@pytest.mark.parametrize("seed", range(8))
def test_T2_two_maps_nine_green_three_black_fifteen_greens_three_shared(seed: int) -> None:
    room = together_room(4, seed=seed)
    game = together(room)
    for side in Team:
        counts = Counter(game.keys[side])
        assert counts == {G: 9, B: 3, N: 13}
    assert len(game.green_indices()) == 15
    pairs = Counter(pair(game, i) for i in range(25))
    assert pairs[(G, G)] == 3
    for side in Team:
        other_of_black = Counter(
            game.keys[side.other][i] for i in range(25) if game.keys[side][i] is B
        )
        assert other_of_black == {B: 1, G: 1, N: 1}
    for member in side_ids(room, Team.RED) + side_ids(room, Team.BLUE):
        view = view_json(room, member)["game"]
        player = game.player(member)
        assert player is not None
        assert view["key"] == [c.value for c in game.keys[player.team]]
        assert "keys" not in view


def test_T2_maps_differ_from_game_to_game() -> None:
    maps = {tuple(together(together_room(4, seed=s)).keys[Team.RED]) for s in range(5)}
    assert len(maps) > 1


def test_T3_sides_alternate_and_the_giver_rotates_within_a_side() -> None:
    room = together_room_starting(Team.RED, players=6)
    now = T0
    seen: list[tuple[Team, str]] = []
    for _ in range(6):
        seen.append((clue_side(room), giver(room)))
        room = neutral_turn(room, now)
        now += 10
    assert [side for side, _ in seen] == [Team.RED, Team.BLUE] * 3
    assert [g for s, g in seen if s is Team.RED] == ["p0", "p2", "p4"]
    assert [g for s, g in seen if s is Team.BLUE] == ["p1", "p3", "p5"]


def test_T3_the_first_side_is_random() -> None:
    firsts = {clue_side(together_room(4, seed=s)) for s in range(20)}
    assert firsts == {Team.RED, Team.BLUE}


def test_T4_only_the_giver_clues_and_the_other_side_opens_with_unlimited_guesses() -> None:
    room = together_room(4)
    side = clue_side(room)
    teammate = next(p for p in side_ids(room, side) if p != giver(room))
    with pytest.raises(TurnError) as refused:
        apply(room, GiveClue(by=teammate, word=CLUE, number=1), T0)
    assert refused.value.code == "not_clue_giver"
    with pytest.raises(TurnError):
        apply(room, GiveClue(by=guesser(room), word=CLUE, number=1), T0)
    with pytest.raises(TurnError) as early:
        open_card(room, giver_card(room, G), T0)
    assert early.value.code == "no_clue_yet"
    room = clue(room, T0, number=1)
    with pytest.raises(TurnError) as own:
        apply(room, Open(by=giver(room), card=giver_card(room, G)), T0)
    assert own.value.code == "own_clue"
    for _ in range(5):  # the number only says how many are meant
        room = open_card(room, giver_card(room, G), T0)
    game = together(room)
    assert game.turn is not None and game.turn.opened == 5
    assert clue_side(room) is side
    assert sum(game.found) == 5


def test_T5_each_card_is_checked_against_the_clue_givers_map() -> None:
    room = clue(together_room(4), T0)
    side = clue_side(room)
    # Green on the giver's map, neutral on the guessers' own map: found.
    card = giver_card(room, G, other=N)
    room = open_card(room, card, T0)
    game = together(room)
    assert game.found[card]
    for member in [*side_ids(room, Team.RED), *side_ids(room, Team.BLUE), None]:
        board = view_json(room, member)["game"]["board"]
        assert board[card]["colour"] == "green"  # found for everyone
    assert clue_side(room) is side  # and the guessers keep going


def test_T5_neutral_ends_the_turn_stays_closed_and_is_marked_for_that_side() -> None:
    room = clue(together_room(4), T0)
    side = clue_side(room)
    card = giver_card(room, N, other=G)  # neutral here, green on the other map
    room = open_card(room, card, T0)
    game = together(room)
    assert not game.found[card]
    assert game.neutral_for[card] == [side]
    assert game.turns_used == 1 and clue_side(room) is side.other
    assert view_json(room, None)["game"]["board"][card]["neutral_for"] == [side.value]
    assert view_json(room, None)["game"]["board"][card]["colour"] is None
    # The other side clues now: the card is checked against its map (green).
    room = clue(room, T0 + 1)
    room = open_card(room, card, T0 + 1)
    assert together(room).found[card]


def test_T5_a_card_neutral_for_the_givers_map_is_not_tried_again() -> None:
    room = together_room(4)
    side = clue_side(room)
    card = giver_card(room, N, other=N)
    room = open_card(clue(room, T0), card, T0)
    room = neutral_turn(room, T0 + 1)  # the other side's turn
    assert clue_side(room) is side
    room = clue(room, T0 + 2)
    with pytest.raises(TurnError) as refused:
        open_card(room, card, T0 + 2)
    assert refused.value.code == "known_neutral"


def test_T5_black_on_the_givers_map_loses_for_everyone() -> None:
    room = clue(together_room(4), T0)
    card = giver_card(room, B, other=G)  # green on the guessers' own map
    room = open_card(room, card, T0)
    outcome = together(room).outcome
    assert outcome is not None and outcome.result == "loss"
    assert outcome.ending is Ending.BLACK_CARD


def test_T6_end_turn_only_after_one_opened_card() -> None:
    room = clue(together_room(4), T0)
    side = clue_side(room)
    with pytest.raises(TurnError) as refused:
        end_turn(room, T0)
    assert refused.value.code == "open_one_first"
    with pytest.raises(TurnError):
        end_turn(room, T0, by=giver(room))  # the clue side does not end it
    room = open_card(room, giver_card(room, G), T0)
    room = end_turn(room, T0 + 1)
    game = together(room)
    assert game.turns_used == 1
    assert clue_side(room) is side.other
    assert game.turn is not None and game.turn.clue is None


def test_T7_same_side_clues_again_when_next_side_is_done() -> None:
    room = together_room(4)
    first = clue_side(room)
    room = neutral_turn(room, T0)  # turn 1: `first` clues
    assert clue_side(room) is first.other
    room = clue(room, T0 + 1)  # turn 2: `first` guesses every green of the other map
    while not together(room).side_done(first.other):
        room = open_card(room, giver_card(room, G), T0 + 1)
    room = end_turn(room, T0 + 1)
    assert clue_side(room) is first
    giver_turn_3 = giver(room)
    room = neutral_turn(room, T0 + 2)  # turn 3: `first` clues; next due is done
    game = together(room)
    assert game.turns_used == 3 and not game.over
    assert clue_side(room) is first  # T-7: `first` clues again
    assert giver(room) != giver_turn_3  # and its giver rotates (T-3)


@pytest.mark.parametrize(("turns", "limit"), [(None, 9), (9, 9), (11, 11)])
def test_T8_turn_limit_nine_or_eleven_and_every_turn_counts(turns: int | None, limit: int) -> None:
    room = together_room(4) if turns is None else together_room(4, turns=turns)
    game = together(room)
    assert game.turn_limit == limit
    now = T0
    for n in range(limit):
        turn = together(room).turn
        assert turn is not None and turn.number == n + 1
        if n % 3 == 0:
            room = neutral_turn(room, now)  # ended by a neutral card
        elif n % 3 == 1:
            room = clue(room, now)
            room = open_card(room, giver_card(room, G), now)
            room = end_turn(room, now)  # ended with End Turn
        else:
            now += 120  # skipped by the clue timer
            room = advance(room, now)
        now += 1
        assert together(room).turns_used == n + 1
    game = together(room)
    assert game.final_round and game.turns_used == limit and game.turn is None


def test_T9_everyone_wins_when_all_fifteen_greens_are_found() -> None:
    room = together_room(4)
    first = clue_side(room)
    room = clue(room, T0)
    while cards(together(room), first, G):
        room = open_card(room, giver_card(room, G), T0)
    room = end_turn(room, T0)
    assert clue_side(room) is first.other
    room = clue(room, T0 + 1)
    while not together(room).over:
        room = open_card(room, giver_card(room, G), T0 + 1)
    game = together(room)
    assert all(game.found[i] for i in game.green_indices())
    assert game.outcome is not None
    assert game.outcome.result == "win" and game.outcome.ending is Ending.ALL_GREENS_FOUND
    assert game.turns_used == 1  # won during the second turn


def test_T10_black_card_everyone_loses_and_the_game_stops() -> None:
    room = clue(together_room(4), T0)
    card = giver_card(room, B, other=B)
    room = open_card(room, card, T0)
    game = together(room)
    assert game.outcome is not None and game.outcome.result == "loss"
    assert game.outcome.ending is Ending.BLACK_CARD
    assert game.turn is None and game.fatal_card == card
    assert view_json(room, None)["game"]["board"][card]["colour"] == "black"
    with pytest.raises(TurnError) as refused:
        apply(room, Open(by="p0", card=(card + 1) % 25), T0 + 5)
    assert refused.value.code == "game_over"

"""Whole Together games, start to finish, on a fake clock: won in the regular
turns, won and lost in the Final Round, lost to a black card, and run down
to the Final Round by the clue timer alone.

Every step goes through `apply`/`advance` on a room that is saved to JSON
and loaded again, as the service does between requests.
"""

from __future__ import annotations

from together_helpers import (
    T0,
    assert_no_other_map,
    clue,
    clue_side,
    end_turn,
    final_round_card,
    giver,
    giver_card,
    neutral_turn,
    open_card,
    side_ids,
    together,
    together_room,
    view_json,
)

from oneword.engine import (
    Disconnect,
    Leave,
    Open,
    Reconnect,
    RoomState,
    advance,
    apply,
    next_deadline,
)
from oneword.engine.actions import Action
from oneword.engine.models import Colour, Ending, SkipReason, Team

G, B, N = Colour.GREEN, Colour.BLACK, Colour.NEUTRAL


def saved(room: RoomState) -> RoomState:
    """The room as the store gives it back."""
    return RoomState.model_validate_json(room.model_dump_json())


def act(room: RoomState, action: Action, now: float) -> RoomState:
    room = saved(apply(saved(room), action, now))
    assert_no_other_map(room)
    return room


def assert_revealed_to_everyone(room: RoomState) -> None:
    """R-1: when the game ends every seat gets the full maps."""
    game = together(room)
    for member in [*[m.id for m in room.members], None]:
        view = view_json(room, member)["game"]
        assert view["view"] == "together_finished"
        assert view["keys"] == {t.value: [c.value for c in k] for t, k in game.keys.items()}
        assert view["turn"] is None


def test_together_won_in_the_regular_turns() -> None:
    room = together_room(5, clue_timer=60)
    first = clue_side(room)
    now = T0
    givers: list[str] = []
    while not together(room).over:
        side = clue_side(room)
        givers.append(giver(room))
        room = saved(clue(room, now + 20, number=3))
        for _ in range(3):  # up to three greens of the giver's map a turn
            if together(room).over or together(room).side_done(side):
                break
            room = act(
                room, Open(by=side_ids(room, side.other)[0], card=giver_card(room, G)), now + 30
            )
        if together(room).over:
            break
        room = saved(end_turn(room, now + 40))
        now += 50
    game = together(room)
    assert game.outcome is not None
    assert game.outcome.result == "win" and game.outcome.ending is Ending.ALL_GREENS_FOUND
    assert game.turns_used < game.turn_limit and not game.final_round
    assert game.greens_left() == 0 and sum(game.found) == 15
    assert givers[0] in side_ids(room, first)
    for side in Team:  # T-3: within a side, the clue giver rotates
        players = side_ids(room, side)
        mine = [g for g in givers if g in players]
        start = players.index(mine[0])
        assert mine == [players[(start + i) % len(players)] for i in range(len(mine))]
    assert_revealed_to_everyone(room)
    best = view_json(room, None)["game"]["best_clue"]
    assert best is not None and len(best["openings"]) == 3


def play_to_final_round(room: RoomState) -> RoomState:
    now = T0
    while not together(room).final_round:
        room = saved(neutral_turn(room, now + 10, greens=1))
        now += 20
    return room


def test_together_reaches_the_final_round_and_wins() -> None:
    room = play_to_final_round(together_room(4, turns=9))
    game = together(room)
    assert game.turns_used == 9 and game.greens_left() == 6
    assert next_deadline(room) is None
    now = T0 + 1000
    opener_turn = 0
    while not together(room).over:
        game = together(room)
        remaining = [i for i in sorted(game.green_indices()) if not game.found[i]]
        card = remaining[0]
        opener = next(
            p.id
            for p in game.players[opener_turn:] + game.players[:opener_turn]
            if game.keys[p.team.other][card] is G
        )
        room = act(room, Open(by=opener, card=card), now)
        opener_turn = (opener_turn + 1) % 4
        now += 30
    game = together(room)
    assert game.outcome is not None and game.outcome.result == "win"
    assert game.outcome.ending is Ending.FINAL_ROUND_WON
    final = game.log[-1]
    assert final.final_round and len(final.openings) == 6
    assert_revealed_to_everyone(room)


def test_together_reaches_the_final_round_and_loses_on_a_wrong_card() -> None:
    room = play_to_final_round(together_room(6, turns=11))
    assert together(room).turns_used == 11
    room = act(room, Open(by="p2", card=final_round_card(room, "p2", G)), T0 + 1000)
    room = act(room, Open(by="p5", card=final_round_card(room, "p5", G)), T0 + 1010)
    wrong = final_round_card(room, "p4", N)
    room = act(room, Open(by="p4", card=wrong), T0 + 1020)
    game = together(room)
    assert game.outcome is not None and game.outcome.result == "loss"
    assert game.outcome.ending is Ending.FINAL_ROUND_WRONG_CARD
    assert game.outcome.card == wrong
    assert game.fatal_card == wrong and not game.found[wrong]
    assert view_json(room, "p0")["game"]["board"][wrong]["colour"] == "neutral"
    assert_revealed_to_everyone(room)


def test_together_lost_to_a_black_card() -> None:
    room = together_room(3)
    room = saved(neutral_turn(room, T0 + 10, greens=2))
    room = saved(neutral_turn(room, T0 + 20, greens=1))
    room = saved(clue(room, T0 + 30))
    room = act(
        room, Open(by=side_ids(room, clue_side(room).other)[0], card=giver_card(room, G)), T0 + 31
    )
    black = giver_card(room, B)
    room = saved(open_card(room, black, T0 + 32))
    game = together(room)
    assert game.outcome is not None and game.outcome.result == "loss"
    assert game.outcome.ending is Ending.BLACK_CARD
    assert game.turns_used == 2 and sum(game.found) == 4
    assert game.fatal_card == black and game.fatal_colour is B
    assert next_deadline(room) is None
    assert_revealed_to_everyone(room)


def test_together_clue_timer_skips_every_turn_to_the_final_round() -> None:
    room = together_room(4, clue_timer=60)
    first = clue_side(room)
    for minute in range(1, 10):
        room = saved(advance(room, T0 + 60 * minute - 0.5))
        assert together(room).turns_used == minute - 1
        room = saved(advance(room, T0 + 60 * minute))
        assert together(room).turns_used == minute
        assert_no_other_map(room)
    game = together(room)
    assert game.final_round and game.turn is None and game.outcome is None
    skips = [e for e in game.log if e.skip is SkipReason.TIME_RAN_OUT]
    assert [e.turn for e in skips] == list(range(1, 10))
    assert [e.team for e in skips] == [first, first.other] * 4 + [first]
    assert next_deadline(room) is None
    assert advance(room, T0 + 10**6) == room  # F-2: no timer in the Final Round
    card = final_round_card(room, "p1", G)
    room = act(room, Open(by="p1", card=card), T0 + 10**6)
    assert together(room).found[card]


def test_together_survives_lost_connections_and_the_host_leaving() -> None:
    room = together_room(4, clue_timer=120)
    side = clue_side(room)
    first_giver = giver(room)
    room = act(room, Disconnect(by=first_giver), T0 + 5)  # a teammate takes over
    assert giver(room) != first_giver
    room = saved(clue(room, T0 + 10))
    room = act(room, Open(by=side_ids(room, side.other)[0], card=giver_card(room, G)), T0 + 11)
    room = saved(end_turn(room, T0 + 12))
    for member in side_ids(room, side.other):  # the next clue side is all away
        room = act(room, Disconnect(by=member), T0 + 13)
    room = saved(advance(room, T0 + 73))  # skipped after 60 s
    assert together(room).turns_used == 2 and clue_side(room) is side
    room = act(room, Reconnect(by=first_giver), T0 + 80)
    for member in side_ids(room, side.other):
        room = act(room, Reconnect(by=member), T0 + 81)
    room = act(room, Leave(by="p0"), T0 + 82)  # G-7: the host leaves mid-game
    assert room.host_id == "p1" and not together(room).over
    while not together(room).over:
        current = clue_side(room)
        room = saved(clue(room, T0 + 90, number="infinity"))
        while not together(room).over and not together(room).side_done(current):
            room = act(
                room, Open(by=side_ids(room, current.other)[0], card=giver_card(room, G)), T0 + 91
            )
        if not together(room).over:
            room = saved(end_turn(room, T0 + 92))
    outcome = together(room).outcome
    assert outcome is not None and outcome.ending is Ending.ALL_GREENS_FOUND

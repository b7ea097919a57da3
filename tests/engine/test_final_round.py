"""The Final Round (F-1, F-2, F-3, F-4) and how a Together game's ending reads (R-1).

The page asks each opener to confirm (F-2); the engine sees only the
confirmed `Open`.
"""

from __future__ import annotations

import pytest
from together_helpers import (
    CLUE,
    T0,
    cards,
    final_round_card,
    reach_final_round,
    side_ids,
    together,
    together_room,
    view_json,
)

from oneword.engine import (
    EndTurn,
    GiveClue,
    Join,
    Leave,
    Open,
    RoomState,
    Team,
    TurnError,
    advance,
    apply,
    next_deadline,
)
from oneword.engine.models import Colour, Ending

G, B, N = Colour.GREEN, Colour.BLACK, Colour.NEUTRAL


@pytest.fixture(scope="module")
def final_room() -> RoomState:
    """A 4-player game (p0, p2 Red; p1, p3 Blue) in its Final Round, with
    9 greens found in the 9 regular turns."""
    return reach_final_round(together_room(4), T0)


def test_F1_turn_limit_reached_with_greens_left_starts_the_final_round(
    final_room: RoomState,
) -> None:
    game = together(final_room)
    assert game.final_round and game.outcome is None
    assert game.turns_used == game.turn_limit == 9
    assert game.greens_left() == 15 - 9
    assert game.turn is None
    assert game.log[-1].final_round
    view = view_json(final_room, "p0")["game"]
    assert view["final_round"] is True and view["turn"] is None
    assert view["turns_used"] == view["turn_limit"] == 9


def test_F1_an_eleven_turn_game_reaches_it_after_eleven_turns() -> None:
    room = reach_final_round(together_room(4, turns=11), T0)
    assert together(room).turns_used == 11 and together(room).final_round


def test_F2_no_clues_no_timer_and_no_end_turn(final_room: RoomState) -> None:
    for member in ("p0", "p1"):
        with pytest.raises(TurnError) as refused:
            apply(final_room, GiveClue(by=member, word=CLUE, number=1), T0 + 100)
        assert refused.value.code == "final_round"
        with pytest.raises(TurnError):
            apply(final_room, EndTurn(by=member), T0 + 100)
    assert next_deadline(final_room) is None
    assert advance(final_room, T0 + 10**6) == final_room


def test_F2_anyone_may_open_any_closed_card(final_room: RoomState) -> None:
    game = together(final_room)
    for member in ("p0", "p1", "p2", "p3"):
        card = final_round_card(final_room, member, G)
        room = apply(final_room, Open(by=member, card=card), T0 + 100)
        assert together(room).found[card]
    # A card marked neutral for one side's map is still closed: it may be opened.
    marked = next(i for i in range(25) if game.neutral_for[i] and not game.found[i])
    opener = side_ids(final_room, game.neutral_for[marked][0])[0]
    room = apply(final_room, Open(by=opener, card=marked), T0 + 100)
    assert together(room).found[marked] or together(room).over


def test_F2_a_watcher_or_a_found_card_cannot_be_opened(final_room: RoomState) -> None:
    room = apply(final_room, Join(by="late", name="Late"), T0 + 100)
    with pytest.raises(TurnError) as watcher:
        apply(room, Open(by="late", card=0), T0 + 100)
    assert watcher.value.code == "not_in_game"
    found = together(final_room).found.index(True)
    with pytest.raises(TurnError) as closed:
        apply(final_room, Open(by="p0", card=found), T0 + 100)
    assert closed.value.code == "card_open"


@pytest.mark.parametrize("opener_side", list(Team))
def test_F3_checked_against_the_map_of_the_openers_other_side(
    final_room: RoomState, opener_side: Team
) -> None:
    game = together(final_room)
    opener = side_ids(final_room, opener_side)[0]
    # Green on the opener's own map, neutral on the other side's: a wrong card.
    own_green = cards(game, opener_side, G, other=N)[0]
    lost = apply(final_room, Open(by=opener, card=own_green), T0 + 100)
    outcome = together(lost).outcome
    assert outcome is not None and outcome.result == "loss"
    assert outcome.ending is Ending.FINAL_ROUND_WRONG_CARD
    # Neutral on the opener's own map, green on the other side's: found.
    other_green = cards(game, opener_side, N, other=G)[0]
    room = apply(final_room, Open(by=opener, card=other_green), T0 + 100)
    assert together(room).found[other_green] and not together(room).over


def test_F3_black_on_the_other_sides_map_loses(final_room: RoomState) -> None:
    card = final_round_card(final_room, "p0", B)  # black on Blue's map
    room = apply(final_room, Open(by="p0", card=card), T0 + 100)  # p0 is Red
    outcome = together(room).outcome
    assert outcome is not None and outcome.result == "loss"
    assert together(room).fatal_card == card and together(room).fatal_colour is B


def test_F4_finding_all_remaining_greens_wins(final_room: RoomState) -> None:
    room = final_room
    now = T0 + 100
    while not together(room).over:
        game = together(room)
        card = next(i for i in game.green_indices() if not game.found[i])
        opener = next(
            p.id for p in game.players if not p.left and game.keys[p.team.other][card] is G
        )
        room = apply(room, Open(by=opener, card=card), now)
        now += 1
    outcome = together(room).outcome
    assert outcome is not None and outcome.result == "win"
    assert outcome.ending is Ending.FINAL_ROUND_WON
    assert together(room).greens_left() == 0


def test_R1_a_wrong_card_in_the_final_round_says_turns_ran_out(final_room: RoomState) -> None:
    card = final_round_card(final_room, "p1", N)
    room = apply(final_room, Open(by="p1", card=card), T0 + 100)
    outcome = together(room).outcome
    assert outcome is not None
    assert outcome.ending is Ending.FINAL_ROUND_WRONG_CARD
    assert outcome.ending is Ending.FINAL_ROUND_WRONG_CARD and outcome.card is not None
    assert outcome.decided_by is Team.BLUE
    for member in ("p0", "p1", None):  # the map is revealed to everyone
        view = view_json(room, member)["game"]
        assert view["view"] == "together_finished"
        assert view["outcome"]["ending"] == "final_round_wrong_card"
        assert set(view["keys"]) == {"red", "blue"}
        assert view["board"][card]["colour"] == "neutral"


def test_R1_a_side_that_leaves_in_the_final_round_ends_it_with_no_result(
    final_room: RoomState,
) -> None:
    room = apply(final_room, Leave(by="p0"), T0 + 100)
    assert not together(room).over  # p2 is still on Red
    room = apply(room, Leave(by="p2"), T0 + 101)
    outcome = together(room).outcome
    assert outcome is not None and outcome.result == "no_result"
    assert outcome.ending is Ending.TEAM_LEFT

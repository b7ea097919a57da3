"""The Versus rules V-2, V-5, V-6, V-7, V-8, V-9, V-10, V-11, V-12, V-13, V-14
and G-9, one or more tests per rule."""

from __future__ import annotations

from collections import Counter

import pytest
from versus_helpers import LATE, START, Table, assert_refused, join_late, started

from oneword.engine import (
    INFINITY,
    BackToLobby,
    Disconnect,
    Ending,
    EndTurn,
    GiveClue,
    Leave,
    Mark,
    Open,
    Reconnect,
    RuleError,
    Team,
    apply,
    new_room,
)
from oneword.engine.models import Colour, team_colour
from oneword.engine.versus.state import VersusGame

# V-2: random starting team; 9 / 8 / 7 / 1


def test_V2_map_has_9_8_7_1_with_9_for_the_starting_team() -> None:
    for seed in range(20):
        game = started(seed).game
        assert isinstance(game, VersusGame)
        first = game.starting_team
        assert Counter(game.key) == {
            team_colour(first): 9,
            team_colour(first.other): 8,
            Colour.NEUTRAL: 7,
            Colour.BLACK: 1,
        }
        assert game.turn is not None and game.turn.team is first


def test_V2_starting_team_and_map_vary_across_seeds() -> None:
    games = [started(seed).game for seed in range(20)]
    assert {g.starting_team for g in games if isinstance(g, VersusGame)} == {Team.RED, Team.BLUE}
    assert len({tuple(g.key) for g in games if isinstance(g, VersusGame)}) == 20


def test_V2_same_seed_deals_the_same_game() -> None:
    for seed in (0, 7, 12345):
        assert started(seed) == started(seed)


# V-5: the captain clues once; guessers mark (own team only) and open


def test_V5_only_the_playing_captain_gives_the_clue() -> None:
    table = Table.versus(Team.RED)
    table.refused(GiveClue(by="r2", word="zebra", number=1), "not_captain")
    table.refused(GiveClue(by="b1", word="zebra", number=1), "not_your_turn")
    table.clue("zebra", 2)
    clue = table.turn.clue
    assert clue is not None and (clue.word, clue.number) == ("zebra", 2)
    assert table.turn.clue_deadline is None


def test_V5_no_further_clue_during_the_turn() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    table.refused(GiveClue(by="r1", word="zulu", number=1), "clue_given")


def test_V5_guessers_wait_for_the_clue() -> None:
    table = Table.versus(Team.RED)
    table.refused(Open(by="r2", card=0), "no_clue_yet")
    table.refused(Mark(by="r2", card=0), "no_clue_yet")


def test_V5_marks_are_toggled_by_each_guesser() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    table.act(Mark(by="r2", card=4))
    table.act(Mark(by="r3", card=4))
    assert table.turn.marks == {4: ["r2", "r3"]}
    table.act(Mark(by="r2", card=4))
    assert table.turn.marks == {4: ["r3"]}
    table.act(Mark(by="r3", card=4))
    assert table.turn.marks == {}


def test_V5_a_guesser_who_leaves_marks_no_card_any_more() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    table.act(Mark(by="r2", card=4))
    table.act(Mark(by="r3", card=4))
    table.act(Mark(by="r2", card=5))
    table.act(Leave(by="r2"))
    assert table.turn.marks == {4: ["r3"]}


def test_V5_marks_are_visible_to_the_marking_team_only() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    table.act(Mark(by="r2", card=4))
    table.room = join_late(table.room, table.now)
    for member in ("r1", "r2", "r3"):
        board = table.seen(member).board
        assert board[4].marked_by == ["R2"]
    for member in ("b1", "b2", "b3", LATE, None):
        board = table.seen(member).board
        assert all(card.marked_by == [] for card in board)


def test_V5_only_playing_guessers_mark_closed_cards() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    table.refused(Mark(by="r1", card=4), "captain_cannot_guess")
    table.refused(Mark(by="b2", card=4), "not_your_turn")
    card = table.open_colour(Colour.RED)
    table.refused(Mark(by="r2", card=card), "card_open")


def test_V5_opening_a_marked_card_clears_its_marks_and_a_new_turn_has_none() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    red, neutral = table.closed(Colour.RED)[0], table.closed(Colour.NEUTRAL)[0]
    table.act(Mark(by="r2", card=red))
    table.act(Mark(by="r2", card=neutral))
    table.open(red)
    assert table.turn.marks == {neutral: ["r2"]}
    table.end_turn()
    assert table.turn.marks == {}


# V-6: number + 1 guesses; 0 and infinity are unlimited


def test_V6_number_plus_one_guesses() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    for left in (3, 2, 1):
        assert table.seen("r2").turn.guesses_left == left
        assert table.team is Team.RED
        table.open_colour(Colour.RED)
    assert table.team is Team.BLUE
    assert table.turn.number == 2
    assert table.game.cards_left(Team.RED) == 6


@pytest.mark.parametrize("number", [0, INFINITY])
def test_V6_zero_and_infinity_allow_unlimited_guesses(number: int | str) -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", number)
    for _ in range(8):  # more than any numbered clue allows, one short of winning
        assert table.seen("r2").turn.guesses_left is None
        table.open_colour(Colour.RED)
    assert table.team is Team.RED and table.turn.opened == 8
    assert table.game.outcome is None


# V-7, V-8, V-9, V-10: what an opened card does


def test_V7_own_card_lets_the_team_go_on() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(Colour.RED)
    assert table.team is Team.RED and table.turn.number == 1
    assert table.turn.opened == 1


def test_V8_neutral_card_ends_the_turn() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 3)
    card = table.open_colour(Colour.NEUTRAL)
    assert table.game.opened[card]
    assert table.team is Team.BLUE and table.turn.number == 2
    assert table.turn.clue is None and table.turn.giver_id == "b1"
    assert table.game.outcome is None


def test_V9_rival_card_ends_the_turn() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 3)
    table.open_colour(Colour.BLUE)
    assert table.team is Team.BLUE
    assert table.game.cards_left(Team.BLUE) == 7
    assert table.game.outcome is None


def test_V9_rival_last_card_wins() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(Colour.NEUTRAL)
    table.clue("zebra", INFINITY)  # Blue opens 7 of its 8 cards
    for _ in range(7):
        table.open_colour(Colour.BLUE)
    table.end_turn()
    table.clue("zebra", 1)  # Red
    table.open_colour(Colour.BLUE)
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.winner is Team.BLUE and outcome.ending is Ending.RIVAL_OPENED_LAST
    assert outcome.decided_by is Team.RED
    assert table.game.turn is None


def test_V10_black_card_loses() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    table.open_colour(Colour.RED)
    table.open_colour(Colour.BLACK)
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.result == "win" and outcome.winner is Team.BLUE
    assert outcome.ending is Ending.BLACK_CARD and outcome.decided_by is Team.RED


def test_V10_black_card_loses_even_as_the_first_card_of_the_second_team() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(Colour.NEUTRAL)
    table.clue("zebra", 1)
    table.open_colour(Colour.BLACK)
    outcome = table.game.outcome
    assert outcome is not None and outcome.winner is Team.RED


# V-11: End Turn after one open card


def test_V11_end_turn_only_after_one_open_card() -> None:
    table = Table.versus(Team.RED)
    table.refused(EndTurn(by="r2"), "no_clue_yet")
    table.clue("zebra", 3)
    table.refused(EndTurn(by="r2"), "open_one_first")
    table.open_colour(Colour.RED)
    table.refused(EndTurn(by="r1"), "captain_cannot_guess")
    table.refused(EndTurn(by="b2"), "not_your_turn")
    table.end_turn(by="r3")
    assert table.team is Team.BLUE and table.turn.number == 2
    assert table.turn.opened == 0 and table.turn.clue is None


# V-12: a team wins as soon as all its cards are open


def test_V12_all_own_cards_open_wins_at_once() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", INFINITY)
    for _ in range(8):
        table.open_colour(Colour.RED)
    assert table.game.outcome is None
    table.open_colour(Colour.RED)
    outcome = table.game.outcome
    assert outcome is not None
    assert outcome.winner is Team.RED and outcome.ending is Ending.ALL_FOUND
    assert table.game.turn is None


def test_V12_win_counts_cards_the_rival_opened() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", INFINITY)
    for _ in range(8):
        table.open_colour(Colour.RED)
    table.end_turn()
    table.clue("zebra", 1)  # Blue opens Red's 9th card: Red has all its cards
    table.open_colour(Colour.RED)
    outcome = table.game.outcome
    assert outcome is not None and outcome.winner is Team.RED
    assert table.game.cards_left(Team.RED) == 0


def test_V12_second_team_can_win_with_eight() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(Colour.NEUTRAL)
    table.clue("zebra", 0)
    for _ in range(8):
        table.open_colour(Colour.BLUE)
    outcome = table.game.outcome
    assert outcome is not None and outcome.winner is Team.BLUE
    assert outcome.ending is Ending.ALL_FOUND


def test_V12_game_over_refuses_every_game_action() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(Colour.BLACK)
    closed = table.closed(Colour.RED)[0]
    table.refused(Open(by="r2", card=closed), "game_over")
    table.refused(Open(by="b2", card=closed), "game_over")
    table.refused(GiveClue(by="b1", word="zebra", number=1), "game_over")
    table.refused(EndTurn(by="r2"), "game_over")
    table.refused(Mark(by="b2", card=closed), "game_over")
    game = table.game.model_dump()
    table.wait(10_000)
    assert table.game.model_dump() == game


# V-13: a card opens once


def test_V13_second_open_of_the_same_card_is_refused() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    card = table.closed(Colour.RED)[0]
    table.open(card, by="r2")
    error = table.refused(Open(by="r3", card=card), "card_open")
    assert error.message == f"{table.game.words[card].upper()} is already open."
    assert table.turn.opened == 1 and table.team is Team.RED


# V-14: a former captain may not guess while a teammate can


def _red_captain_replaced_after_disconnect(red: int = 3) -> Table:
    """X-4: Red's captain r1 drops during the clue; after 60 s r2 takes over;
    r1 comes back as a guesser who has seen the map."""
    table = Table.versus(Team.RED, red=red)
    table.act(Disconnect(by="r1"))
    table.wait(59)
    assert table.captain(Team.RED) == "r1"
    table.wait(1)
    assert table.captain(Team.RED) == "r2"
    assert table.game.former_captains == ["r1"]
    table.act(Reconnect(by="r1"))
    return table


def test_V14_X4_former_captain_may_not_guess_while_a_teammate_can() -> None:
    table = _red_captain_replaced_after_disconnect()
    table.clue("zebra", INFINITY, by="r2")
    card = table.closed(Colour.RED)[0]
    error = table.refused(Open(by="r1", card=card), "former_captain")
    assert "seen the map" in error.message
    table.refused(Mark(by="r1", card=card), "former_captain")
    assert table.seen("r1").may_guess is False
    assert table.seen("r3").may_guess is True
    table.open(card, by="r3")
    table.refused(EndTurn(by="r1"), "former_captain")


def test_V14_X4_former_captain_guesses_when_no_teammate_can() -> None:
    table = _red_captain_replaced_after_disconnect()
    table.clue("zebra", INFINITY, by="r2")
    table.act(Disconnect(by="r3"))
    assert table.seen("r1").may_guess is True
    card = table.open_colour(Colour.RED, by="r1")
    assert table.game.opened[card]
    table.act(Reconnect(by="r3"))
    table.refused(EndTurn(by="r1"), "former_captain")


def test_V14_X5_new_captain_after_a_leave_is_a_teammate_who_has_not_seen_the_map() -> None:
    table = _red_captain_replaced_after_disconnect(red=4)
    table.act(Leave(by="r2"))  # the captain leaves: a new one at once
    assert table.captain(Team.RED) == "r3"
    assert set(table.game.former_captains) == {"r1", "r2"}
    assert table.turn.giver_id == "r3"
    table.clue("zebra", INFINITY, by="r3")
    table.refused(Open(by="r1", card=table.closed(Colour.RED)[0]), "former_captain")
    table.open_colour(Colour.RED, by="r4")


def test_V14_X5_former_captain_is_the_last_guesser_left() -> None:
    table = _red_captain_replaced_after_disconnect(red=3)
    table.act(Leave(by="r2"))
    assert table.captain(Team.RED) == "r3"
    table.clue("zebra", 1, by="r3")
    card = table.open_colour(Colour.RED, by="r1")
    assert table.game.opened[card]


def test_X5_captain_leaving_hands_the_clue_to_the_new_captain() -> None:
    table = Table.versus(Team.RED)
    table.act(Leave(by="r1"))
    assert table.captain(Team.RED) == "r2" and table.turn.giver_id == "r2"
    table.refused(GiveClue(by="r3", word="zebra", number=1), "not_captain")
    table.clue("zebra", 1, by="r2")
    assert table.turn.clue is not None


# G-9: every refusal has a stable code and readable message; nothing changes


def test_G9_refusals_have_codes_and_change_nothing() -> None:
    table = Table.versus(Team.RED)
    table.room = join_late(table.room, table.now)
    refusals = [
        (GiveClue(by="r2", word="zebra", number=1), "not_captain"),
        (GiveClue(by="b1", word="zebra", number=1), "not_your_turn"),
        (GiveClue(by="r1", word="horse", number=1), "clue_on_board"),
        (GiveClue(by="r1", word="ice cream", number=1), "clue_not_one_word"),
        (GiveClue(by="nobody", word="zebra", number=1), "not_in_room"),
        (GiveClue(by=LATE, word="zebra", number=1), "not_in_game"),
        (Open(by="r2", card=0), "no_clue_yet"),
        (Open(by=LATE, card=0), "not_in_game"),
        (EndTurn(by="r2"), "no_clue_yet"),
        (BackToLobby(by="r1"), "game_running"),
    ]
    for action, code in refusals:
        table.refused(action, code)
    table.clue("zebra", 1)
    table.refused(Open(by="r1", card=0), "captain_cannot_guess")
    table.refused(Open(by="b2", card=0), "not_your_turn")


def test_G9_refusal_after_a_deadline_passed_still_changes_nothing() -> None:
    table = Table.versus(Team.RED)
    before = table.room.model_dump()
    later = START + 500  # the clue timer (120 s) has run out by now
    assert_refused(table.room, GiveClue(by="r2", word="zebra", number=1), later, "not_captain")
    assert table.room.model_dump() == before


def test_G9_refusals_are_value_errors_with_a_code() -> None:
    with pytest.raises(ValueError) as info:
        apply(new_room(), Open(by="ghost", card=3), START)
    assert isinstance(info.value, RuleError)
    assert info.value.code == "no_game"
    assert repr(info.value) == f"TurnError('no_game', {info.value.message!r})"

"""K-2: the Codewords preset, one test per rule of it, played through `apply`."""

from __future__ import annotations

import random

import pytest
from codewords_helpers import codewords_lobby, codewords_started, codewords_table
from versus_helpers import HOST, START, WORDS, assert_refused, started

from oneword.engine import (
    EndTurn,
    GiveClue,
    Leave,
    Mark,
    Open,
    PickColour,
    Preset,
    StartGame,
    Team,
    Volunteer,
    apply,
    view_for,
)
from oneword.engine.codewords.clues import make_clue
from oneword.engine.codewords.colours import PALETTE, difference, too_close
from oneword.engine.codewords.rules import draw_handlers
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.codewords.views import CodewordsCaptainView, CodewordsGuesserView
from oneword.engine.errors import ClueError, Reason
from oneword.engine.models import Colour, RoomState, team_colour


def test_K_1_in_one_word_is_the_default_preset() -> None:
    room = codewords_lobby()
    assert view_for(room, HOST).settings.preset is Preset.CODEWORDS
    assert started().settings.preset is Preset.IN_ONE_WORD
    assert type(started().game).__name__ == "VersusGame"


def test_K_2_the_preset_deals_a_codewords_game_saved_with_the_room() -> None:
    room = codewords_started()
    assert isinstance(room.game, CodewordsGame)
    again = type(room).model_validate_json(room.model_dump_json())
    assert again == room and isinstance(again.game, CodewordsGame)
    view = view_for(room, room.game.captains[Team.RED])
    assert view.settings.preset is Preset.CODEWORDS
    assert isinstance(view.game, CodewordsCaptainView)
    assert view.game.seat == "captain" and view.game.key == room.game.key
    assert view.game.preset == "codewords"


@pytest.mark.parametrize(
    ("word", "code"),
    [
        ("zebra7", Reason.CLUE_BAD_CHARACTER),
        ("rock-n-roll", Reason.CLUE_BAD_JOINER),
        ("don't-go", Reason.CLUE_BAD_JOINER),
        ("-zebra", Reason.CLUE_BAD_JOINER),
        ("a" * 25, Reason.CLUE_TOO_LONG),
        ("two words", Reason.CLUE_NOT_ONE_WORD),
    ],
)
def test_K_2_clue_is_letters_with_one_hyphen_or_apostrophe_inside(word: str, code: str) -> None:
    table = codewords_table()
    error = table.refused(GiveClue(by=table.captain(), word=word, number=1), code)
    assert "Codewords" in error.message or code != Reason.CLUE_BAD_CHARACTER


def test_K_2_clue_of_24_letters_and_one_hyphen_is_fine() -> None:
    table = codewords_table()
    table.clue("a" * 12 + "-" + "b" * 12, 1)
    assert table.turn.clue is not None


@pytest.mark.parametrize(
    ("board", "clue"),
    [("mouse", "mice"), ("hammer", "hammers"), ("rocket", "rocketed"), ("garden", "gardening")],
)
def test_K_2_clue_is_not_a_board_word_or_its_everyday_form(board: str, clue: str) -> None:
    words = [w if w != "horse" else "mouse" for w in WORDS]
    room = apply(codewords_lobby(), StartGame(by=HOST, words=words), START)
    assert isinstance(room.game, CodewordsGame)
    captain = room.game.captains[room.game.starting_team]
    error = assert_refused(
        room, GiveClue(by=captain, word=clue, number=1), START + 1, Reason.CLUE_BOARD_FORM
    )
    assert board.upper() in error.message
    assert_refused(
        room, GiveClue(by=captain, word=board, number=1), START + 1, Reason.CLUE_ON_BOARD
    )


def test_K_2_clue_ran_is_refused_for_run_and_runner() -> None:
    from oneword.engine.codewords.forms import same_family

    assert same_family("ran", "run", "en") and same_family("runner", "run", "en")
    assert same_family("baker", "bake", "en") and not same_family("horse", "house", "en")


@pytest.mark.parametrize("number", [0, "infinity"])
def test_K_2_number_is_at_least_1(number: object) -> None:
    table = codewords_table(Team.RED)
    error = table.refused(
        GiveClue(by=table.captain(), word="zebra", number=number),  # type: ignore[arg-type]
        Reason.CLUE_BAD_NUMBER,
    )
    assert "1-9" in error.message


def test_K_2_number_is_at_most_the_cards_the_team_has_left() -> None:
    table = codewords_table(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(table.own())
    table.end_turn()
    table.clue("zebra", 1)
    table.open_colour(Colour.NEUTRAL)
    error = table.refused(
        GiveClue(by=table.captain(), word="zebra", number=9), Reason.CLUE_BAD_NUMBER
    )
    assert "8 cards left" in error.message
    table.clue("zebra", 8)


def test_K_2_bonus_guess_after_as_many_cards_as_the_number() -> None:
    table = codewords_table(Team.RED)
    guesser = table.guesser()
    table.clue("zebra", 2)
    table.refused(EndTurn(by=guesser), Reason.BONUS_ONLY)
    assert not table.seen(guesser).you_may.end_turn
    table.open_colour(table.own())
    table.open_colour(table.own())
    seen = table.seen(guesser)
    assert seen.turn is not None and seen.turn.bonus_guess and seen.you_may.end_turn
    table.open_colour(table.own())
    assert table.team is Team.BLUE, "the bonus guess is the last of the turn"


def test_K_2_bonus_guess_may_be_refused_by_ending_the_turn() -> None:
    table = codewords_table(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(table.own())
    table.end_turn()
    assert table.team is Team.BLUE


def test_K_2_a_miss_on_the_bonus_guess_ends_the_turn() -> None:
    table = codewords_table(Team.RED)
    table.clue("zebra", 1)
    table.open_colour(table.own())
    table.open_colour(Colour.NEUTRAL)
    assert table.team is Team.BLUE


def test_K_2_first_tap_opens_no_marks() -> None:
    table = codewords_table(Team.RED)
    guesser = table.guesser()
    table.clue("zebra", 2)
    may = table.seen(guesser).you_may
    assert may.open and may.open_on_tap and not may.mark
    table.refused(Mark(by=guesser, card=table.closed(table.own())[0]), Reason.NO_MARKS)


def test_K_2_two_taps_at_once_open_one_card() -> None:
    table = codewords_table(Team.RED)
    table.clue("zebra", 2)
    seen = table.seen(table.guesser()).openings_so_far
    first, second = table.closed(table.own())[:2]
    table.act(Open(by=table.guessers()[0], card=first, seen_openings=seen))
    table.refused(
        Open(by=table.guessers()[1], card=second, seen_openings=seen), Reason.BOARD_CHANGED
    )


def _volunteer(room: RoomState, member: str) -> RoomState:
    return apply(room, Volunteer(by=member), START)


def test_K_2_handler_draw_prefers_volunteers_not_yet_handler() -> None:
    room = codewords_lobby(red=3, blue=3)
    room = _volunteer(_volunteer(room, "r2"), "r3")
    room.past_handlers.append("r2")
    for seed in range(20):
        handlers = draw_handlers(room, random.Random(seed))
        assert handlers[Team.RED] == "r3"
        assert handlers[Team.BLUE] in {"b1", "b2", "b3"}


def test_K_2_handler_draw_falls_back_group_by_group() -> None:
    room = codewords_lobby(red=3, blue=3)
    room = _volunteer(room, "r2")
    room.past_handlers.extend(["r2", "b1", "b2"])
    for seed in range(20):
        handlers = draw_handlers(room, random.Random(seed))
        assert handlers[Team.RED] == "r2", "any volunteer before non-volunteers"
        assert handlers[Team.BLUE] == "b3", "anyone not yet handler"
    room.past_handlers.append("b3")
    assert {draw_handlers(room, random.Random(s))[Team.BLUE] for s in range(40)} == {
        "b1",
        "b2",
        "b3",
    }


def test_K_2_handlers_are_drawn_when_the_board_is_dealt() -> None:
    room = _volunteer(codewords_lobby(), "r3")
    room = apply(room, StartGame(by=HOST, words=list(WORDS)), START)
    assert isinstance(room.game, CodewordsGame)
    assert room.game.captains[Team.RED] == "r3", "a chosen captain does not count in Codewords"
    assert "r3" in room.past_handlers


def test_K_2_a_leaving_handler_is_replaced_by_the_first_other_player_still_here() -> None:
    table = codewords_table(Team.RED, red=4)
    handler = table.captain(Team.RED)
    others = [p.id for p in table.game.team_players(Team.RED) if p.id != handler]
    table.act(Leave(by=others[0]))
    table.act(Leave(by=handler))
    assert table.captain(Team.RED) == others[1]
    assert table.turn.giver_id == others[1]


def test_K_2_sides_are_named_and_drawn_in_the_handlers_colours() -> None:
    room = codewords_lobby()
    for member in ("r1", "r2", "r3"):
        room = apply(room, PickColour(by=member, colour="orange"), START)
    for member in ("b1", "b2", "b3"):
        room = apply(room, PickColour(by=member, colour="teal"), START)
    room = apply(room, StartGame(by=HOST, words=list(WORDS)), START)
    view = view_for(room, None).game
    assert view is not None
    assert {t: s.name for t, s in view.sides.items()} == {Team.RED: "Orange", Team.BLUE: "Teal"}
    assert view.sides[Team.RED].hex == PALETTE["orange"].hex


def test_K_2_colours_too_close_make_the_second_side_take_another() -> None:
    assert too_close("red", "crimson") and too_close("blue", "navy")
    assert not too_close("red", "blue")
    room = codewords_lobby()
    for member in ("r1", "r2", "r3", "b1", "b2", "b3"):
        room = apply(room, PickColour(by=member, colour="navy"), START)
    room = apply(room, StartGame(by=HOST, words=list(WORDS)), START)
    game = room.game
    assert isinstance(game, CodewordsGame)
    first, second = game.starting_team, game.starting_team.other
    assert game.side_colours[first] == "navy"
    assert difference(game.side_colours[second], "navy") >= 21


def test_K_2_a_colour_must_be_from_the_palette() -> None:
    room = codewords_lobby()
    assert_refused(room, PickColour(by="r2", colour="beige"), START, Reason.UNKNOWN_COLOUR)


def test_K_2_guesser_view_looks_like_versus_and_hides_the_map() -> None:
    table = codewords_table(Team.RED)
    view = table.view(table.guesser())
    assert isinstance(view.game, CodewordsGuesserView)
    assert view.game.seat == "guesser" and not hasattr(view.game, "key")
    assert all(c.colour is None for c in view.game.board)
    assert table.own() is team_colour(Team.RED)


def test_K_2_the_length_refusal_names_the_codewords_rule() -> None:
    """Codewords refuses digits, so its length message counts letters only."""
    table = codewords_table(Team.RED)
    error = table.refused(
        GiveClue(by=table.captain(), word="a" * 25, number=1), Reason.CLUE_TOO_LONG
    )
    assert error.message.endswith("has 25 letters: a Codewords clue has at most 24.")
    assert "digits" not in error.message
    error = table.refused(
        GiveClue(by=table.captain(), word="b" * 30 + "7", number=1), Reason.CLUE_BAD_CHARACTER
    )
    assert "letters only" in error.message


def test_K_2_each_word_of_a_closed_two_word_card_is_a_board_word() -> None:
    """STATION with SPACE STATION, CAN with WATERING CAN: for every card of
    the English packages with several words, each word and its plural are
    refused; an open card's words are free again (C-4)."""
    from oneword import words

    cards = sorted(
        {w for p in words.load_packages().packages for w in p.words_in("en") if " " in w}
    )
    assert cards, "the English packages have cards of several words"
    for card in cards:
        for part in card.split():
            for clue in (part, f"{part}s"):
                with pytest.raises(ClueError):
                    make_clue(clue, 1, [card], 9, "en")
    make_clue("station", 1, ["moon"], 9, "en")

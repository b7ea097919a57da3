"""The clue rules C-1..C-6, on their own and through `apply`."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from versus_helpers import Table, words_placing

from oneword.engine import INFINITY, ClueError, GiveClue, Team
from oneword.engine.clues import check_against_board, check_clue_word, check_number, make_clue
from oneword.engine.models import Colour


def refusal(word: str, board: list[str]) -> ClueError:
    with pytest.raises(ClueError) as info:
        make_clue(word, 1, board)
    return info.value


# C-1: one word, 1-20 letters, not only digits


@pytest.mark.parametrize("word", ["ice cream", "ice\tcream", "ice\u00a0cream", "a b"])
def test_C1_whitespace_inside_is_refused(word: str) -> None:
    assert refusal(word, []).code == "clue_not_one_word"


def test_C1_surrounding_spaces_are_trimmed() -> None:
    assert check_clue_word("  zebra \n") == "zebra"


@pytest.mark.parametrize("word", ["", "   ", "-"])
def test_C1_a_clue_has_at_least_one_letter(word: str) -> None:
    assert refusal(word, []).code == "clue_empty"


def test_C1_twenty_letters_is_the_most() -> None:
    assert make_clue("a" * 20, 1, []).word == "a" * 20
    error = refusal("a" * 21, [])
    assert error.code == "clue_too_long"
    assert "21 letters" in error.message


def test_C1_letters_are_counted_after_NFC() -> None:
    decomposed = "e\u0301" * 20  # 20 letters é, 40 code points
    assert len(make_clue(decomposed, 1, []).word) == 20


@pytest.mark.parametrize("word", ["42", "007", "1-2"])
def test_C1_only_digits_is_refused(word: str) -> None:
    assert refusal(word, []).code == "clue_only_digits"


@pytest.mark.parametrize("word", ["R2D2", "x-ray", "Straße", "über", "日本", "a"])
def test_C1_one_word_of_letters_is_accepted(word: str) -> None:
    assert make_clue(word, 1, []).word == word


@pytest.mark.parametrize("word", ["zebra!", "a+b", "<b>", "hi.there"])
def test_C1_signs_that_are_not_letters_are_refused(word: str) -> None:
    assert refusal(word, []).code == "clue_bad_character"


# C-2: not a closed board word (NFC + casefold)


@pytest.mark.parametrize("word", ["horse", "HORSE", "Horse", "hOrSe"])
def test_C2_board_word_in_any_case_is_refused(word: str) -> None:
    assert refusal(word, ["horse"]).code == "clue_on_board"


def test_C2_decomposed_accent_matches_composed_board_word() -> None:
    assert refusal("cafe\u0301", ["café"]).code == "clue_on_board"
    assert refusal("CAFÉ", ["cafe\u0301"]).code == "clue_on_board"


def test_C2_accent_makes_a_different_word() -> None:
    assert make_clue("cafe", 1, ["café"]).word == "cafe"


@pytest.mark.parametrize(
    ("word", "board_word"),
    [("STRASSE", "Straße"), ("strasse", "Straße"), ("Straße", "STRASSE"), ("STRAẞE", "straße")],
)
def test_C2_german_sharp_s_matches_ss_and_capitals(word: str, board_word: str) -> None:
    assert refusal(word, [board_word]).code == "clue_on_board"


# C-3: a 4+ letter board word also bans itself plus 1-3 letters at its end


@pytest.mark.parametrize("word", ["horses", "horsey", "Horsey", "HORSEMAN", "horse-y"])
def test_C3_horse_bans_horses_and_horsey(word: str) -> None:
    assert refusal(word, ["horse"]).code == "clue_too_close"


@pytest.mark.parametrize("word", ["horsewhip", "seahorse", "hors", "horsy"])
def test_C3_horse_allows_longer_or_different_words(word: str) -> None:
    assert make_clue(word, 1, ["horse"]).word == word


def test_C3_cat_bans_only_cat() -> None:
    assert refusal("cat", ["cat"]).code == "clue_on_board"
    for word in ["cats", "catty", "CATS"]:
        assert make_clue(word, 1, ["cat"]).word == word


def test_C3_four_letters_is_the_shortest_stem() -> None:
    assert refusal("lamps", ["lamp"]).code == "clue_too_close"
    assert make_clue("owls", 1, ["owl"]).word == "owls"


def test_C3_stem_with_sharp_s_and_capitals() -> None:
    assert refusal("Straßen", ["STRASSE"]).code == "clue_too_close"
    assert refusal("STRASSEN", ["Straße"]).code == "clue_too_close"


def test_C3_counts_the_letters_of_the_board_word_not_of_its_casefold() -> None:
    # "Maß" has 3 letters (its casefold "mass" has 4): like "cat", it bans only itself.
    assert refusal("MASS", ["Maß"]).code == "clue_on_board"
    assert make_clue("Maße", 1, ["Maß"]).word == "Maße"


# C-4: words of open cards are allowed


def test_C4_open_card_word_is_allowed() -> None:
    red_card = Table.versus(Team.RED).closed(Colour.RED)[0]
    table = Table.versus(Team.RED, words=words_placing("horse", red_card))
    table.refused(GiveClue(by="r1", word="horse", number=1), "clue_on_board")
    table.clue("zebra", 2)
    table.open(red_card)
    table.end_turn()
    table.clue("zebra", 1)  # Blue
    table.open_colour(Colour.NEUTRAL)
    assert table.game.opened[red_card] and table.team is Team.RED
    table.clue("HORSE", 1)
    assert table.turn.clue is not None and table.turn.clue.word == "HORSE"


def test_C4_only_closed_words_are_checked() -> None:
    check_against_board("horses", ["cat", "apple"])  # "horse" is open: not passed in
    assert refusal("horses", ["cat", "horse"]).code == "clue_too_close"


# C-5: the number is 1-9, 0 or infinity


@pytest.mark.parametrize("number", [0, 1, 5, 9, INFINITY])
def test_C5_numbers_allowed(number: int | str) -> None:
    assert check_number(number) == number
    assert make_clue("zebra", number, []).number == number


@pytest.mark.parametrize("number", [-1, 10, 99, True, "3", 2.5, None, "infinite"])
def test_C5_other_numbers_are_refused(number: object) -> None:
    with pytest.raises(ClueError) as info:
        check_number(number)
    assert info.value.code == "clue_bad_number"


@pytest.mark.parametrize("number", [-1, 10, "many"])
def test_C5_a_clue_action_cannot_carry_a_bad_number(number: object) -> None:
    with pytest.raises(ValidationError):
        GiveClue(by="r1", word="zebra", number=number)  # type: ignore[arg-type]


def test_C5_engine_refuses_a_bad_number_that_bypassed_validation() -> None:
    table = Table.versus(Team.RED)
    action = GiveClue.model_construct(by="r1", kind="give_clue", word="zebra", number=10)
    table.refused(action, "clue_bad_number")


def test_C5_zero_and_infinity_are_given_through_apply() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 0)
    assert table.turn.clue is not None and table.turn.clue.number == 0
    table.open_colour(Colour.RED)
    table.end_turn()
    table.clue("zebra", INFINITY)
    assert table.turn.clue is not None and table.turn.clue.number == INFINITY
    assert table.turn.clue.number_text == "∞"


# C-6: a refused clue names the rule it broke


def test_C6_too_close_names_the_board_word() -> None:
    assert refusal("horses", ["HORSE"]).message == "'horses' is too close to HORSE on the board."


def test_C6_each_refusal_says_which_rule() -> None:
    assert "on the board" in refusal("Horse", ["horse"]).message
    assert "one word" in refusal("ice cream", []).message
    assert "at most 20" in refusal("a" * 21, []).message
    assert "only digits" in refusal("42", []).message


def test_C6_refused_clue_through_apply_changes_nothing() -> None:
    table = Table.versus(Team.RED)
    error = table.refused(GiveClue(by="r1", word="Horses", number=2), "clue_too_close")
    assert isinstance(error, ClueError)
    assert error.message == "'Horses' is too close to HORSE on the board."
    table.refused(GiveClue(by="r1", word="CAFE\u0301", number=2), "clue_on_board")
    table.refused(GiveClue(by="r1", word="strasse", number=2), "clue_on_board")
    assert table.turn.clue is None

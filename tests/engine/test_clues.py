"""The clue rules C-1, C-2, C-3, C-4, C-5, C-6, on their own and through `apply`."""

from __future__ import annotations

import time

import pytest
from pydantic import ValidationError
from versus_helpers import Table, words_placing

from oneword.engine import INFINITY, ClueError, GiveClue, Team
from oneword.engine.clues import (
    check_against_board,
    check_clue_word,
    check_number,
    letter_count,
    make_clue,
    normalise,
)
from oneword.engine.models import Colour


def refusal(word: str, board: list[str]) -> ClueError:
    with pytest.raises(ClueError) as info:
        make_clue(word, 1, board)
    return info.value


def accepted(word: str, board: list[str]) -> str:
    return make_clue(word, 1, board).word


# C-1: one word of letters and digits, 1-20 of them, not only digits


@pytest.mark.parametrize("word", ["ice cream", "ice\tcream", "ice\u00a0cream", "a b", "a\u3000b"])
def test_C1_whitespace_inside_is_more_than_one_word(word: str) -> None:
    error = refusal(word, [])
    assert error.code == "clue_not_one_word"
    assert "more than one word" in error.message


def test_C1_surrounding_spaces_are_trimmed() -> None:
    assert check_clue_word("  zebra \n") == "zebra"


@pytest.mark.parametrize("word", ["", "   ", "-", "'", "’", "\u2011"])
def test_C1_a_clue_has_at_least_one_letter(word: str) -> None:
    assert refusal(word, []).code == "clue_empty"


def test_C1_twenty_letters_is_the_most() -> None:
    assert accepted("a" * 20, []) == "a" * 20
    error = refusal("a" * 21, [])
    assert error.code == "clue_too_long"
    assert "21 letters" in error.message
    assert "at most 20" in error.message


def test_C1_digits_count_toward_the_twenty() -> None:
    assert accepted("abc" + "1" * 17, []) == "abc" + "1" * 17
    assert refusal("abc" + "1" * 18, []).code == "clue_too_long"


def test_C1_hyphens_and_apostrophes_are_not_counted() -> None:
    twenty = "-".join("abcdefghijklmnopqrst")  # 20 letters, 39 code points
    assert accepted(twenty, []) == twenty
    assert letter_count("aujourd’hui") == 10


def test_C1_letters_are_counted_after_NFC() -> None:
    decomposed = "e\u0301" * 20  # 20 letters é, 40 code points
    assert len(accepted(decomposed, [])) == 20


def test_C1_a_combining_mark_left_after_NFC_is_not_a_letter() -> None:
    q_acute = "q\u0301"  # no composed form: stays two code points
    assert accepted(q_acute * 20, []) == q_acute * 20
    error = refusal(q_acute * 21, [])
    assert error.code == "clue_too_long"
    assert "21 letters" in error.message


def test_C1_fullwidth_and_compatibility_letters_are_read_after_NFKC() -> None:
    assert accepted("ＺＥＢＲＡ", []) == "ZEBRA"
    assert accepted("ﬁsh", []) == "fish"
    assert accepted("x\u2011ray", []) == "x\u2010ray"  # the non-breaking hyphen is a hyphen


@pytest.mark.parametrize("word", ["42", "007", "1-2", "４２", "١٢٣", "2²"])
def test_C1_only_digits_is_refused(word: str) -> None:
    assert refusal(word, []).code == "clue_only_digits"


@pytest.mark.parametrize(
    "word",
    [
        "R2D2",
        "x-ray",
        "Straße",
        "über",
        "日本",
        "a",
        "COVID19",
        "aujourd'hui",  # French, straight apostrophe
        "aujourd’hui",  # French, typographic apostrophe
        "geht's",  # German
        "Ku’damm",
        "auto's",  # Dutch
        "zo'n",
        "mʼyaso",  # modifier letter apostrophe (U+02BC)
        "h-o-r-s-e",
        "Schrödinger-Katze",
        "Москва",
        "ελληνικά",
    ],
)
def test_C1_one_word_of_letters_digits_hyphens_and_apostrophes_is_accepted(word: str) -> None:
    assert accepted(word, []) == word


@pytest.mark.parametrize(
    ("word", "named"),
    [
        ("a+b", "'+'"),
        ("a.b", "'.'"),
        ("zebra!", "'!'"),
        ("hi.there", "'.'"),
        ("cat😀", "'😀'"),
        ("ＡＢ＋", "'＋'"),  # named as typed, not as NFKC reads it
        ("x–ray", "'–'"),  # an en dash is not a hyphen
        ("geht´s", "'´'"),  # an acute accent is not an apostrophe
        ("‘tis", "'‘'"),
        ("½cake", "'½'"),
        ("x\u200bray", "U+200B (zero width space)"),
        ("cat\ufe0f", "U+FE0F (variation selector-16)"),
        ("a\u00adb", "U+00AD (soft hyphen)"),
        ("\u0301ab", "U+0301 (combining acute accent)"),  # an accent on nothing
        ("ab-\u0301cd", "U+0301 (combining acute accent)"),  # an accent on a hyphen
    ],
)
def test_C1_other_signs_are_refused_and_named(word: str, named: str) -> None:
    error = refusal(word, [])
    assert error.code == "clue_bad_character"
    assert f"has the sign {named}: " in error.message


def test_C1_a_sign_refusal_names_every_sign() -> None:
    error = refusal("<b>", [])
    assert error.message == (
        "'<b>' has the signs '<', '>': use letters and digits "
        "(a hyphen or apostrophe may join them)."
    )
    assert refusal("a+b", []).message == (
        "'a+b' has the sign '+': use letters and digits (a hyphen or apostrophe may join them)."
    )


@pytest.mark.parametrize(
    ("word", "says"),
    [
        ("-ab", "starts with '-'"),
        ("'ab", 'starts with "\'"'),
        ("ab-", "ends with '-'"),
        ("ab’", "ends with '’'"),
        ("ＡＢ－", "ends with '-'"),
        ("a--b", "has '--' in a row"),
        ("a-'b", 'has "-\'" in a row'),
        ("rock-'n'-roll", 'has "-\'" in a row'),
        ("x\u2011\u2011ray", "has '\u2010\u2010' in a row"),
    ],
)
def test_C1_a_hyphen_or_apostrophe_stands_only_between_letters(word: str, says: str) -> None:
    error = refusal(word, [])
    assert error.code == "clue_bad_joiner"
    assert says in error.message


def test_C1_a_million_code_points_are_refused_quickly() -> None:
    huge = "a" * 1_000_000
    started = time.perf_counter()
    error = refusal(huge, ["horse"])
    assert time.perf_counter() - started < 0.05
    assert error.code == "clue_too_long"
    assert len(error.message) < 100


def test_C1_spaces_around_a_clue_do_not_count_toward_the_cap() -> None:
    padded = " " * 500_000 + "zebra" + " " * 500_000
    assert accepted(padded, []) == "zebra"


@pytest.mark.parametrize("word", ["a\ud800b", "\udfff", "horse\udc00"])
def test_C1_a_lone_surrogate_is_a_clue_error_with_a_printable_message(word: str) -> None:
    error = refusal(word, ["horse"])
    assert error.code == "clue_bad_character"
    assert "U+D" in error.message
    error.message.encode("utf-8")  # no UnicodeEncodeError


@pytest.mark.parametrize("word", ["a\x00b", "a\x1b[31mb", "a\u202eb", "\U000e0041bc"])
def test_C1_control_and_format_characters_are_named_not_shown(word: str) -> None:
    error = refusal(word, [])
    assert error.code == "clue_bad_character"
    assert "U+" in error.message
    assert error.message.isprintable()


def test_C1_a_clue_that_is_not_text_is_refused() -> None:
    with pytest.raises(ClueError) as info:
        check_clue_word(None)  # type: ignore[arg-type]
    assert info.value.code == "clue_empty"


# C-2: not a closed board word, compared by key (NFKC, casefold, no joiners)


@pytest.mark.parametrize("word", ["horse", "HORSE", "Horse", "hOrSe"])
def test_C2_board_word_in_any_case_is_refused(word: str) -> None:
    assert refusal(word, ["horse"]).code == "clue_on_board"


@pytest.mark.parametrize("word", ["ＨＯＲＳＥ", "ｈｏｒｓｅ", "Ｈorse"])
def test_C2_fullwidth_letters_are_the_board_word(word: str) -> None:
    assert refusal(word, ["horse"]).code == "clue_on_board"


@pytest.mark.parametrize(
    ("word", "board_word"),
    [
        ("h-o-r-s-e", "HORSE"),
        ("hor'se", "horse"),
        ("hor’se", "horse"),
        ("ho-r'se", "horse"),
        ("xray", "X-RAY"),
        ("x-ray", "XRAY"),
        ("x\u2011ray", "X-RAY"),
        ("aujourdhui", "aujourd'hui"),
        ("aujourd'hui", "aujourd’hui"),
        ("autos", "auto's"),  # Dutch
        ("gehts", "geht’s"),  # German
        ("U-Boot", "UBoot"),
    ],
)
def test_C2_hyphens_and_apostrophes_do_not_hide_a_board_word(word: str, board_word: str) -> None:
    assert refusal(word, [board_word]).code == "clue_on_board"


def test_C2_a_card_of_two_words_is_hit_by_the_two_written_together() -> None:
    assert refusal("bigwheel", ["big wheel"]).code == "clue_on_board"
    assert refusal("big-wheel", ["big wheel"]).code == "clue_on_board"
    assert accepted("wheel", ["big wheel"]) == "wheel"


def test_C2_decomposed_accent_matches_composed_board_word() -> None:
    assert refusal("cafe\u0301", ["café"]).code == "clue_on_board"
    assert refusal("CAFÉ", ["cafe\u0301"]).code == "clue_on_board"


@pytest.mark.parametrize(
    ("word", "board_word"), [("cafe", "café"), ("Bar", "Bär"), ("Bär", "Bar"), ("bar", "BÄR")]
)
def test_C2_accent_makes_a_different_word(word: str, board_word: str) -> None:
    assert accepted(word, [board_word]) == word


@pytest.mark.parametrize(
    ("word", "board_word"),
    [("STRASSE", "Straße"), ("strasse", "Straße"), ("Straße", "STRASSE"), ("STRAẞE", "straße")],
)
def test_C2_german_sharp_s_matches_ss_and_capitals(word: str, board_word: str) -> None:
    assert refusal(word, [board_word]).code == "clue_on_board"


def test_C2_compatibility_letters_are_the_board_word() -> None:
    assert refusal("ﬁsh", ["fish"]).code == "clue_on_board"
    assert refusal("fish", ["ﬁsh"]).code == "clue_on_board"


def test_C2_the_key_keeps_accents_and_drops_joiners() -> None:
    assert normalise("Ｘ‑Ｒａｙ") == "xray"
    assert normalise("aujourd’hui") == normalise("AUJOURD'HUI") == "aujourdhui"
    assert normalise("Bär") == "bär"
    assert normalise("STRASSE") == normalise("Straße") == "strasse"


# C-3: a board word whose key has 4+ characters also bans itself plus 1-3 at its end


@pytest.mark.parametrize(
    "word",
    [
        "horses",
        "horsey",
        "Horsey",
        "HORSEMAN",
        "horse-y",
        "horse-abc",
        "horse1",
        "horse12",
        "hors-es",
        "ＨＯＲＳＥＳ",
        "horse’s",
    ],
)
def test_C3_horse_bans_horse_with_one_to_three_characters_added(word: str) -> None:
    assert refusal(word, ["horse"]).code == "clue_too_close"


@pytest.mark.parametrize(
    "word", ["horsewhip", "horse1234", "horse-abcd", "seahorse", "hors", "horsy", "horsés"]
)
def test_C3_horse_allows_longer_or_different_words(word: str) -> None:
    assert accepted(word, ["horse"]) == word


def test_C3_cat_bans_only_cat() -> None:
    assert refusal("cat", ["cat"]).code == "clue_on_board"
    for word in ["cats", "catty", "CATS", "cat1", "c-a-t-s"]:
        assert accepted(word, ["cat"]) == word


def test_C3_four_characters_is_the_shortest_stem() -> None:
    assert refusal("lamps", ["lamp"]).code == "clue_too_close"
    assert accepted("owls", ["owl"]) == "owls"


def test_C3_counts_the_characters_of_the_key() -> None:
    # "X-RAY" is 5 signs on the card but its key "xray" has 4 characters.
    assert refusal("xrays", ["X-RAY"]).code == "clue_too_close"
    # "O'Neil" has key "oneil": 5 characters.
    assert refusal("O'Neils", ["O'Neil"]).code == "clue_too_close"
    # "Maß" has 3 letters but its key "mass" has 4: it bans "Masse" too.
    assert refusal("MASS", ["Maß"]).code == "clue_on_board"
    assert refusal("Maße", ["Maß"]).code == "clue_too_close"
    # "Ö-l" has key "öl": 2 characters.
    assert accepted("Öle", ["Ö-l"]) == "Öle"


def test_C3_a_letter_with_its_accent_is_one_added_character() -> None:
    three = "q\u0301" * 3  # 3 characters, 6 code points
    assert refusal("horse" + three, ["horse"]).code == "clue_too_close"
    assert accepted("horse" + three + "q", ["horse"]) == "horse" + three + "q"


def test_C3_an_accent_on_the_last_letter_makes_a_different_stem() -> None:
    assert accepted("horse\u0301s", ["horse"]) == "horsés"


def test_C3_stem_with_sharp_s_and_capitals() -> None:
    assert refusal("Straßen", ["STRASSE"]).code == "clue_too_close"
    assert refusal("STRASSEN", ["Straße"]).code == "clue_too_close"


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


def test_C6_on_the_board_names_the_board_word() -> None:
    assert refusal("xray", ["cat", "X-RAY"]).message == (
        "'xray' is the word X-RAY on the board: pick another clue."
    )


def test_C6_each_refusal_says_which_rule() -> None:
    assert "on the board" in refusal("Horse", ["horse"]).message
    assert "one word" in refusal("ice cream", []).message
    assert "at most 20" in refusal("a" * 21, []).message
    assert "only digits" in refusal("42", []).message
    assert "inside a word" in refusal("ab-", []).message
    assert "has the sign '+'" in refusal("a+b", []).message


def test_C6_every_refusal_is_a_clue_error_with_a_known_code() -> None:
    codes = {
        "clue_empty",
        "clue_not_one_word",
        "clue_bad_character",
        "clue_bad_joiner",
        "clue_too_long",
        "clue_only_digits",
        "clue_on_board",
        "clue_too_close",
    }
    for word in ["", "a b", "a+b", "a--b", "a" * 21, "42", "horse", "horses", "\ud800"]:
        assert refusal(word, ["horse"]).code in codes


def test_C6_a_long_clue_is_quoted_short() -> None:
    error = refusal("a" * 99, [])
    assert "'" + "a" * 30 + "…'" in error.message


def test_C6_refused_clue_through_apply_changes_nothing() -> None:
    table = Table.versus(Team.RED)
    error = table.refused(GiveClue(by="r1", word="Horses", number=2), "clue_too_close")
    assert isinstance(error, ClueError)
    assert error.message == "'Horses' is too close to HORSE on the board."
    table.refused(GiveClue(by="r1", word="CAFE\u0301", number=2), "clue_on_board")
    table.refused(GiveClue(by="r1", word="strasse", number=2), "clue_on_board")
    table.refused(GiveClue(by="r1", word="h-o-r-s-e", number=2), "clue_on_board")
    table.refused(GiveClue(by="r1", word="a\ud800", number=2), "clue_bad_character")
    table.refused(GiveClue(by="r1", word="x" * 1_000_000, number=2), "clue_too_long")
    assert table.turn.clue is None


def test_C6_a_clue_given_through_apply_is_kept_as_checked() -> None:
    table = Table.versus(Team.RED)
    table.clue("ＺＥＢＲＡ", 1)
    assert table.turn.clue is not None and table.turn.clue.word == "ZEBRA"

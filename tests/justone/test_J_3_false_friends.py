"""J-3 and J-4: a word of another language that only looks like the
mystery word, or shares a beginning with it, is a good clue; the mystery
word is read in the room's language only."""

from __future__ import annotations

import pytest

from oneword.clue_compare import is_duplicate, is_invalid


@pytest.mark.parametrize(
    ("mystery", "clue", "room"),
    [
        ("chef", "boss", "en"),  # CHEF is an English cook, not the French for boss
        ("Kaution", "caution", "de"),  # a deposit; no loan spelling of caution
        ("carpet", "carpeta", "en"),  # Spanish for a folder, not carpet made up
        ("vleugel", "vlerk", "nl"),  # two words for a wing, not one grown from the other
    ],
)
def test_J_3_a_false_friend_or_synonym_of_the_mystery_word_stays(
    mystery: str, clue: str, room: str
) -> None:
    assert not is_invalid(mystery, clue, room)


@pytest.mark.parametrize(
    ("a", "b", "room"),
    [("product", "produkt", "nl"), ("bikini", "biquini", "es")],
)
def test_J_4_a_loan_spelling_that_means_the_same_is_one_word(a: str, b: str, room: str) -> None:
    assert is_duplicate(a, b, room)
    assert is_invalid(a, b, room)


def test_J_4_a_mystery_word_the_room_does_not_know_is_read_where_it_is_common() -> None:
    assert is_invalid("agua", "Wasser", "en")


def test_J_4_an_everyday_word_of_the_room_is_read_as_the_rooms() -> None:
    assert not is_duplicate("pain", "bread", "en")  # an ache, whatever French makes of it


@pytest.mark.parametrize(
    ("a", "b", "room"),
    [
        ("house", "casa", "en"),
        ("bird", "Vogel", "en"),
        ("agua", "water", "es"),
        ("cão", "dog", "pt"),
    ],
)
def test_J_4_a_clue_in_another_language_is_the_same_as_its_translation(
    a: str, b: str, room: str
) -> None:
    assert is_duplicate(a, b, room)

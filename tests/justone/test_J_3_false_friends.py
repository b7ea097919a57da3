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
        ("capello", "cappello", "it"),  # hair and hat: two words a letter apart
        ("téléphone", "télé", "fr"),  # télé is the television, not a clipped phone
        ("carpet", "carpeta", "en"),  # Spanish for a folder, not carpet made up
        ("vleugel", "vlerk", "nl"),  # two words for a wing, not one grown from the other
        # English words that French and German texts use, but no dictionary of
        # theirs lists: English, not forms of rester (to stay) or Rente (a pension)
        ("rester", "rest", "fr"),
        ("Rente", "rent", "de"),
        ("annoy", "annoiare", "en"),  # Italian (Zipf 2.8 there), not a made-up word
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


def test_J_3_a_look_alike_that_is_the_translation_is_not_a_clue() -> None:
    """French caution is a deposit, which is what Kaution means: the
    mystery word respelled into another of the seven languages (Apertium's
    French, `tools/apertium_lexicon.py`)."""
    assert is_invalid("Kaution", "caution", "de")


@pytest.mark.parametrize(
    ("short", "long", "room"),
    [("télé", "télévision", "fr"), ("bus", "autobus", "it")],
)
def test_J_4_a_clipping_that_means_what_its_word_means_is_the_word(
    short: str, long: str, room: str
) -> None:
    """The clipping's meanings are all the long word's (bus, autobus), even
    where what it leaves out is a word (auto)."""
    assert is_invalid(long, short, room)
    assert is_duplicate(long, short, room)


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

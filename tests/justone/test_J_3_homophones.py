"""J-3: a clue that sounds like the mystery word is the mystery word; two
clues that sound alike are still two clues (J-4). A word of another
language is not a slip for a word of the room's (false friends)."""

from __future__ import annotations

import pytest

from oneword.clue_compare import is_duplicate, is_invalid

SAID_ALIKE = [
    ("en", "sea", "see"),
    ("en", "flower", "flour"),
    ("en", "cereal", "serial"),  # only a secondary stress apart
    ("de", "Meer", "mehr"),
    ("fr", "cou", "coup"),
    ("es", "vaca", "baca"),
    ("nl", "pijl", "peil"),
    ("pt", "concerto", "conserto"),
    ("it", "anno", "hanno"),
    ("fr", "sang", "cent"),  # silent last letters
    ("fr", "vert", "verre"),  # a double letter said once
    ("fr", "chêne", "chaîne"),  # ê and ai, one sound
    ("fr", "mer", "mère"),
    ("nl", "rouw", "rauw"),  # ou and au
    ("pt", "caçar", "cassar"),  # ç and ss
    ("es", "olla", "hoya"),  # ll and y, for most speakers
    ("nl", "lijden", "leiden"),  # ij and ei, one sound
    ("nl", "hij", "hei"),
    ("pt", "acento", "assento"),  # c before e is s, not z between vowels
]

SAID_APART = [
    ("en", "desert", "dessert"),  # the dictionary's first reading of desert
    ("de", "Wal", "Wall"),  # a long a and a short one
    ("es", "casa", "caza"),  # apart in Spain
    ("en", "bear", "beer"),
    ("fr", "port", "porte"),  # the t of porte is said
]


@pytest.mark.parametrize(("language", "mystery", "clue"), SAID_ALIKE)
def test_J_3_a_homophone_of_the_mystery_word_is_refused(
    language: str, mystery: str, clue: str
) -> None:
    assert is_invalid(mystery, clue, language)
    assert is_invalid(clue, mystery, language)


@pytest.mark.parametrize(("language", "a", "b"), [c for c in SAID_ALIKE if c[0] != "de"])
def test_J_4_two_clues_that_sound_alike_are_two_clues(language: str, a: str, b: str) -> None:
    assert not is_duplicate(a, b, language)


@pytest.mark.parametrize(("language", "mystery", "clue"), SAID_APART)
def test_J_3_words_said_apart_stay_clues(language: str, mystery: str, clue: str) -> None:
    assert not is_invalid(mystery, clue, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("es", "carpeta", "carpet"),
        ("en", "embarazada", "embarrassed"),
        ("es", "ropa", "rope"),
        ("en", "éxito", "exit"),
        ("en", "parenti", "parents"),
    ],
)
def test_J_4_a_false_friend_is_another_word(language: str, a: str, b: str) -> None:
    assert not is_duplicate(a, b, language)


@pytest.mark.parametrize(
    ("language", "mystery", "clue"),
    [
        ("en", "water", "Wasser"),
        ("en", "water", "agua"),
        ("de", "Wasser", "water"),
        ("fr", "pain", "bread"),
    ],
)
def test_J_3_the_mystery_word_translated_is_refused(language: str, mystery: str, clue: str) -> None:
    assert is_invalid(mystery, clue, language)


@pytest.mark.parametrize(
    ("language", "mystery", "clue"), [("en", "bear", "beer"), ("en", "hat", "hut")]
)
def test_J_3_a_common_word_of_the_room_is_not_read_as_a_translation(
    language: str, mystery: str, clue: str
) -> None:
    """Beer is Dutch for bear and Hut German for hat, but in an English
    room they are English words."""
    assert not is_invalid(mystery, clue, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [("en", "recieve", "receive"), ("en", "piano", "pianos"), ("es", "Italia", "italiano")],
)
def test_J_4_a_common_word_of_the_room_is_read_as_one(language: str, a: str, b: str) -> None:
    """Misspellings, and words the room's language shares with another
    (piano is Italian too), are still read by the room's rules."""
    assert is_duplicate(a, b, language)


@pytest.mark.parametrize(
    ("language", "mystery", "clue"),
    [("en", "become", "bekommen"), ("pt", "pato", "quá-quá"), ("en", "dog", "wuff-wuff")],
)
def test_J_3_a_foreign_word_or_a_written_sound_is_not_made_up(
    language: str, mystery: str, clue: str
) -> None:
    assert not is_invalid(mystery, clue, language)

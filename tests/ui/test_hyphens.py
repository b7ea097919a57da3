"""Board words carry soft hyphens only where a word may break, in the room's
language, and no piece between two break points is longer than a phone's
card holds at 12 px."""

from __future__ import annotations

import pytest

from oneword.ui.hyphens import MAX_PIECE, SOFT_HYPHEN, hyphenate


def _pieces(word: str, language: str = "en") -> list[str]:
    return hyphenate(word, language).split(SOFT_HYPHEN)


@pytest.mark.parametrize(
    ("word", "language", "shown"),
    [
        ("sunflower", "en", "sun-flower"),
        ("thermometer", "en", "ther-mo-met-er"),
        ("Schmetterling", "de", "Schmet-ter-ling"),
        ("kangaroo", "en", "kan-garoo"),
        ("brouillard", "fr", "brouil-lard"),
    ],
)
def test_words_break_at_syllables(word: str, language: str, shown: str) -> None:
    assert hyphenate(word, language).replace(SOFT_HYPHEN, "-") == shown


@pytest.mark.parametrize("word", ["ice cream", "chauve-souris", "cat", "a", ""])
def test_spaces_hyphens_and_short_words_are_kept(word: str) -> None:
    assert hyphenate(word, "fr").replace(SOFT_HYPHEN, "") == word


def test_no_piece_is_longer_than_a_phone_card_holds() -> None:
    for word in ["strength", "Schiedsrichterin", "abcdefghijklmnopqrst"]:
        assert max(len(p) for p in _pieces(word, "xx")) <= MAX_PIECE, _pieces(word, "xx")

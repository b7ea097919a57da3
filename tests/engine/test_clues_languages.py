"""C-1, C-2, C-3 over every shipped word in every language: each word is itself a
possible clue, and capitals (German nouns), accents typed composed or
decomposed, fullwidth letters, hyphens, apostrophes and suffixes all compare
as a player would expect."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest

from oneword.engine.clues import check_against_board, check_clue_word
from oneword.engine.errors import ClueError
from oneword.words import LANGUAGES, load_packages

FULLWIDTH = {code: code + 0xFEE0 for code in range(0x21, 0x7F)}


def _shipped(language: str) -> list[str]:
    return sorted({w for p in load_packages().packages for w in p.words_in(language)})


def _single_words(language: str) -> list[str]:
    return [w for w in _shipped(language) if " " not in w]


def _letters(word: str) -> list[str]:
    return [ch for ch in unicodedata.normalize("NFC", word) if ch.isalpha()]


def _key_length(word: str) -> int:
    """Characters in the key, counted here without the engine's help."""
    return len([ch for ch in unicodedata.normalize("NFKC", word).casefold() if ch.isalnum()])


TYPINGS: dict[str, Callable[[str], str]] = {
    "lower": str.lower,
    "upper": str.upper,
    "decomposed": lambda w: unicodedata.normalize("NFD", w),
    "fullwidth": lambda w: w.translate(FULLWIDTH),
    "together": lambda w: "".join(w.replace("-", " ").split()),
    "hyphen between letters": lambda w: "-".join(_letters(w)),
    "apostrophe between letters": lambda w: "’".join(_letters(w)),
}


def _refused(typed: str, board_word: str) -> str:
    with pytest.raises(ClueError) as refused:
        check_against_board(typed, [board_word])
    return refused.value.code


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_C1_every_shipped_word_is_a_possible_clue(language: str) -> None:
    for word in _single_words(language):
        assert check_clue_word(word) == word


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("typing", list(TYPINGS))
def test_C2_every_board_word_is_refused_however_it_is_typed(language: str, typing: str) -> None:
    for word in _shipped(language):
        typed = TYPINGS[typing](word)
        assert _refused(typed, word) == "clue_on_board", (word, typed)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_C3_a_long_board_word_with_characters_added_is_refused(language: str) -> None:
    for word in _shipped(language):
        if _key_length(word) < 4:
            continue
        together = "".join(word.split())
        for added in ("s", "en", "ées", "-abc", "1", "’s"):
            code = _refused(together.lower() + added, word)
            assert code == "clue_too_close", (word, added)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_C3_a_short_board_word_bans_only_itself(language: str) -> None:
    for word in _shipped(language):
        if _key_length(word) < 4:
            check_against_board(word + "s", [word])


def test_C3_examples_with_accents_and_capitals() -> None:
    with pytest.raises(ClueError):
        check_against_board("äpfeln", ["Äpfel"])
    with pytest.raises(ClueError):
        check_against_board("CAFÉS", ["café"])
    check_against_board("café", ["caf"])  # a 3-letter word bans only itself (C-3)

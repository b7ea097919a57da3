"""C-2 and C-3 over every shipped word in every language: capitals (German
nouns), accents typed composed or decomposed, and suffixes all compare as a
player would expect."""

from __future__ import annotations

import unicodedata

import pytest

from oneword.engine.clues import check_against_board
from oneword.engine.errors import ClueError
from oneword.words import LANGUAGES, load_packages


def _single_words(language: str) -> list[str]:
    words = {w for p in load_packages().packages for w in p.words_in(language)}
    return sorted(w for w in words if " " not in w)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_C2_every_board_word_is_refused_in_any_case_and_unicode_form(language: str) -> None:
    for word in _single_words(language):
        for typed in {word.lower(), word.upper(), unicodedata.normalize("NFD", word)}:
            with pytest.raises(ClueError) as refused:
                check_against_board(typed, [word])
            assert refused.value.code in {"clue_on_board", "clue_too_close"}, (word, typed)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_C3_a_long_board_word_with_letters_added_is_refused(language: str) -> None:
    for word in _single_words(language):
        if len(unicodedata.normalize("NFC", word)) < 4:
            continue
        for added in ("s", "en", "ées"):
            with pytest.raises(ClueError) as refused:
                check_against_board(word.lower() + added, [word])
            assert refused.value.code == "clue_too_close", (word, added)


def test_C3_examples_with_accents_and_capitals() -> None:
    with pytest.raises(ClueError):
        check_against_board("äpfeln", ["Äpfel"])
    with pytest.raises(ClueError):
        check_against_board("CAFÉS", ["café"])
    check_against_board("café", ["caf"])  # a 3-letter word bans only itself (C-3)

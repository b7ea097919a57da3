"""What a word is, for packages, custom lists and boards alike.

The languages, the sizes, and the two measures every word rule uses: when
two words count as the same (the clue key of C-2: NFKC and casefold,
without hyphens, apostrophes or spaces, shared with the clue rules) and how
many letters a word has (the clue rules' one counter). Kept apart so the package check,
the custom-list check and the board drawing all use one definition.
"""

from __future__ import annotations

from oneword.engine.clues import MAX_CLUE_LETTERS, letter_count, normalise
from oneword.engine.models import BOARD_SIZE

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
    "nl": "Nederlands",
}
"""Every shipped language (W-3), code -> the name its speakers use.

Native names, because the person picking a language may not read English.
Every package must cover every language listed here.
"""

MAX_LETTERS = MAX_CLUE_LETTERS
"""Longest word, counted in letters: the same limit as a clue (C-1)."""

SEPARATORS = frozenset({" ", "-", "'", "’"})
"""What may join the letters of a word: space, hyphen, straight or curly apostrophe."""


def word_key(word: str) -> str:
    """The form in which two words count as the same: the clue key (C-2).

    Shared with the clue rules on purpose, so "the same word" means one
    thing everywhere in the app.
    """
    return normalise(word)


__all__ = ["BOARD_SIZE", "LANGUAGES", "MAX_LETTERS", "letter_count", "word_key"]


def quote(word: str) -> str:
    """A word as messages show it: in straight single quotes."""
    return f"'{word}'"


def times(count: int) -> str:
    """'twice', '3 times': how often a repeated word appears."""
    return "twice" if count == 2 else f"{count} times"


def unknown_language(language: str) -> str:
    """The message for a language code no package covers."""
    return f"Unknown language {quote(language)}: use one of {', '.join(LANGUAGES)}."

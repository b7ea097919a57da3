"""What a word is, for packages, custom lists and boards alike.

The languages, the sizes, and the two measures every word rule uses: when
two words count as the same (C-2: NFC, then casefold, shared with the clue
rules) and how many letters a word has. Kept apart so the package check,
the custom-list check and the board drawing all use one definition.
"""

from __future__ import annotations

import unicodedata

from oneword.engine.clues import normalise

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

BOARD_SIZE = 25
"""Cards on a board (G-1), and so words in a package and in a custom list."""

MAX_LETTERS = 20
"""Longest word, counted in letters: the same limit as a clue (C-1)."""

SEPARATORS = frozenset({" ", "-", "'", "’"})
"""What may join the letters of a word: space, hyphen, straight or curly apostrophe."""


def word_key(word: str) -> str:
    """The form in which two words count as the same (C-2): NFC + casefold.

    Shared with the clue rules on purpose, so "the same word" means one
    thing everywhere in the app.
    """
    return normalise(word)


def letter_count(word: str) -> int:
    """Letters in `word`, not counting spaces, hyphens or apostrophes.

    Limits are in letters (W-4, W-5, C-1), because "ice cream" is no longer
    to read on a card than "icecream".
    """
    return sum(1 for ch in unicodedata.normalize("NFC", word) if ch.isalpha())


def quote(word: str) -> str:
    """A word as messages show it: in straight single quotes."""
    return f"'{word}'"


def times(count: int) -> str:
    """'twice', '3 times': how often a repeated word appears."""
    return "twice" if count == 2 else f"{count} times"


def unknown_language(language: str) -> str:
    """The message for a language code no package covers."""
    return f"Unknown language {quote(language)}: use one of {', '.join(LANGUAGES)}."

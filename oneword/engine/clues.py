"""The clue rules C-1..C-6, the same for every language.

Words compare after NFC normalisation and casefolding, so "Straße",
"STRASSE" and a decomposed "é" all match what a player would call the same
word. Each refusal names the rule it broke in words a captain can act on.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .errors import ClueError
from .models import INFINITY, Clue, ClueNumber

MAX_CLUE_LETTERS = 20
STEM_MIN_LETTERS = 4
MAX_ADDED_LETTERS = 3
_JOINERS = {"-", "'", "’"}


def normalise(word: str) -> str:
    """The form two words are compared in (C-2): NFC, then casefold."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", word).casefold())


def _letter_count(word: str) -> int:
    return sum(1 for ch in word if ch.isalnum())


def check_clue_word(word: str) -> str:
    """C-1: one word of 1-20 letters, not only digits. Returns it trimmed."""
    word = unicodedata.normalize("NFC", word.strip())
    if not word:
        raise ClueError("clue_empty", "Type a clue first.")
    if any(ch.isspace() for ch in word):
        raise ClueError("clue_not_one_word", f"'{word}' is more than one word: a clue is one word.")
    if any(
        not (ch.isalnum() or unicodedata.category(ch).startswith("M") or ch in _JOINERS)
        for ch in word
    ):
        raise ClueError(
            "clue_bad_character",
            f"'{word}' has a sign that is not a letter: use letters only (a hyphen is fine).",
        )
    letters = _letter_count(word)
    if letters > MAX_CLUE_LETTERS:
        raise ClueError("clue_too_long", f"'{word}' has {letters} letters: a clue has at most 20.")
    if letters == 0:
        raise ClueError("clue_empty", "Type a clue first.")
    if all(ch.isdigit() for ch in word if ch.isalnum()):
        raise ClueError("clue_only_digits", f"'{word}' is only digits: a clue must be a word.")
    return word


def check_against_board(word: str, closed_words: Iterable[str]) -> None:
    """C-2..C-4: not a closed board word, nor one with 1-3 letters added.

    Open cards are not passed in, so their words are allowed (C-4).
    """
    clue = normalise(word)
    for board_word in closed_words:
        target = normalise(board_word)
        if clue == target:
            raise ClueError("clue_on_board", f"'{word}' is a word on the board: pick another clue.")
        if (
            _letter_count(unicodedata.normalize("NFC", board_word)) >= STEM_MIN_LETTERS
            and clue.startswith(target)
            and 1 <= len(clue) - len(target) <= MAX_ADDED_LETTERS
        ):
            raise ClueError(
                "clue_too_close",
                f"'{word}' is too close to {board_word.upper()} on the board.",
            )


def check_number(number: object) -> ClueNumber:
    """C-5: 1-9, 0 or infinity."""
    if number == INFINITY:
        return INFINITY
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 9:
        raise ClueError("clue_bad_number", "The number must be 0-9 or infinity.")
    return number


def make_clue(word: str, number: object, closed_words: Iterable[str]) -> Clue:
    """A valid clue for this board, or a `ClueError` that says why not (C-6)."""
    checked = check_clue_word(word)
    check_against_board(checked, closed_words)
    return Clue(word=checked, number=check_number(number))

"""K-2: the Codewords clue rules, in place of C-1, C-3 and C-5.

- The word: letters only (accents typed as separate marks belong to their
  letter), with at most one hyphen or apostrophe, which must stand inside
  the word; at most `MAX_LETTERS` letters. Read in NFKC like every clue.
- Not a closed board word (the clue key of C-2) nor one of its everyday
  forms (`forms.same_family`); open cards' words are allowed.
- The number: 1 up to the cards the team still has to find.

Every refusal names the rule and, for the board, the word it hit.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from oneword.i18n import N_, NP_

from ..clues import APOSTROPHES, HYPHENS, _shown, check_clue_word, normalise
from ..errors import ClueError, Reason
from ..models import Clue
from .forms import same_family

MAX_LETTERS = 24
_JOINERS = HYPHENS | APOSTROPHES


def check_word(word: str) -> str:
    """Letters, one hyphen or apostrophe inside, at most 24 letters. Digits
    are looked for first and the length is refused in this rule's words, so
    no message speaks of digits a Codewords clue cannot have."""
    shown = unicodedata.normalize("NFKC", word.strip())
    digits = [ch for ch in shown if unicodedata.category(ch)[0] == "N"]
    if digits:
        raise ClueError(
            Reason.CLUE_BAD_CHARACTER,
            N_("{clue} has the digit '{digit}': a Codewords clue is letters only."),
            clue=_shown(shown),
            digit=digits[0],
        )
    too_long = N_("{clue} has {letters} letters: a Codewords clue has at most {count}.")
    form = check_clue_word(word, max_letters=MAX_LETTERS, too_long=too_long)
    if sum(1 for ch in form if ch in _JOINERS) > 1:
        raise ClueError(
            Reason.CLUE_BAD_JOINER,
            N_("{clue} has more than one hyphen or apostrophe: a Codewords clue may have one."),
            clue=_shown(form),
        )
    return form


def check_board(word: str, closed_words: Iterable[str], language: str) -> None:
    """Not a closed board word nor one of its everyday forms; each word of a
    closed card of two or more words counts as a board word."""
    for card in closed_words:
        for board_word in _board_words(card):
            _check_one(word, board_word, card, language)


def _board_words(card: str) -> list[str]:
    """The card and, when it has several words, each of them."""
    parts = card.split()
    return [card, *parts] if len(parts) > 1 else [card]


def _check_one(word: str, board_word: str, card: str, language: str) -> None:
    if normalise(word) == normalise(board_word):
        raise ClueError(
            Reason.CLUE_ON_BOARD,
            N_("{clue} is the word {word} on the board: pick another clue.")
            if board_word == card
            else N_("{clue} is a word of {word} on the board: pick another clue."),
            clue=_shown(word),
            word=card.upper(),
        )
    if same_family(word, board_word, language):
        raise ClueError(
            Reason.CLUE_BOARD_FORM,
            N_(
                "{clue} is a form of {word} on the board "
                "(plural, -ed, -ing or -er): pick another clue."
            ),
            clue=_shown(word),
            word=card.upper(),
        )


def check_number(number: object, cards_left: int) -> int:
    """At least 1, at most the cards the team still has to find."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= cards_left:
        raise ClueError(
            Reason.CLUE_BAD_NUMBER,
            NP_(
                "The number must be 1-{count}: your team has {count} card left to find.",
                "The number must be 1-{count}: your team has {count} cards left to find.",
            ),
            count=cards_left,
        )
    return number


def make_clue(
    word: str, number: object, closed_words: Iterable[str], cards_left: int, language: str
) -> Clue:
    """A valid Codewords clue, or a `ClueError` that says which rule it broke."""
    checked = check_word(word)
    check_board(checked, closed_words, language)
    return Clue(word=checked, number=check_number(number, cards_left))

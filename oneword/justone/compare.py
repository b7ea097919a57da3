"""J-4 and J-5: which clues are the same word, which are not allowed, and
whether an answer names the mystery word.

This module is the one place that compares words for Just One; the game's
rules call it and nothing else does the comparing. Its API:

- `is_duplicate(a, b, language)`: two clues count as the same (J-4).
- `is_invalid(mystery, clue, language)`: the clue is not allowed for that
  mystery word (J-4).
- `check_clues(mystery, clues, language)`: every clue with whether it is
  kept and, if not, why.
- `is_right_answer(mystery, answer, language)`: the guesser's answer names
  the mystery word (J-5).

The costly mistake is removing a good clue, so every test here leans to
keeping a clue it cannot decide: the clue givers can still remove it by
vote.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum


class Removal(StrEnum):
    """Why a clue was taken out before the guesser saw it."""

    DUPLICATE = "duplicate"  # another clue is the same word (J-4)
    MYSTERY_WORD = "mystery_word"  # the mystery word, respelled or of its family
    NOT_A_WORD = "not_a_word"  # empty, more than one word, or made up


@dataclass(frozen=True)
class ClueCheck:
    """One clue as written, whether it reaches the guesser and why not."""

    clue: str
    kept: bool
    reason: Removal | None = None


def fold(text: str) -> str:
    """Case and accents as typed do not matter: 'Éclair' and 'eclair' fold alike."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def is_duplicate(a: str, b: str, language: str) -> bool:
    """True if two clues count as the same word (J-4)."""
    return bool(fold(a)) and fold(a) == fold(b)


def is_invalid(mystery: str, clue: str, language: str) -> bool:
    """True if `clue` may not be given for `mystery` (J-4)."""
    folded = fold(clue)
    return not folded or len(folded.split()) > 1 or folded == fold(mystery)


def is_right_answer(mystery: str, answer: str, language: str) -> bool:
    """True if the guesser's answer names the mystery word (J-5)."""
    return bool(fold(answer)) and fold(answer) == fold(mystery)


def check_clues(mystery: str, clues: list[str], language: str) -> list[ClueCheck]:
    """Every clue in order, kept or removed with the reason (J-4).

    Invalid clues go first; every copy of a duplicate goes, none survives.
    """
    checks: list[ClueCheck] = []
    for index, clue in enumerate(clues):
        if is_invalid(mystery, clue, language):
            reason: Removal | None = (
                Removal.NOT_A_WORD if _not_one_word(clue) else Removal.MYSTERY_WORD
            )
        elif any(
            is_duplicate(clue, other, language)
            for j, other in enumerate(clues)
            if j != index and not is_invalid(mystery, other, language)
        ):
            reason = Removal.DUPLICATE
        else:
            reason = None
        checks.append(ClueCheck(clue=clue, kept=reason is None, reason=reason))
    return checks


def _not_one_word(clue: str) -> bool:
    folded = fold(clue)
    return not folded or len(folded.split()) > 1

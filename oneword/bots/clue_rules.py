"""Which clue rules a bot captain obeys: those of the game's preset.

The engine is the judge in both cases; a bot only asks it before it
speaks, so a bot's clue is never refused. In One Word: the C rules.
Codewords (K-2): letters only, not a closed board word nor one of its
everyday forms (the number, 1 up to the cards left, is at most the bot's
own closed cards by construction).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine.clues import check_against_board, check_clue_word
from ..engine.codewords import clues as codewords
from ..engine.errors import Refusal
from ..engine.models import Preset

ClueCheck = Callable[[str, Sequence[str]], None]
"""Raises a `Refusal` when the word may not be a clue on a board whose
closed cards are the given words."""


def clue_check(preset: Preset | str = Preset.IN_ONE_WORD, language: str = "en") -> ClueCheck:
    """The engine's check of a clue word for this preset."""
    if Preset(preset) is Preset.CODEWORDS:
        return lambda word, closed: codewords.check_board(
            codewords.check_word(word), closed, language
        )
    return lambda word, closed: check_against_board(check_clue_word(word), list(closed))


def is_legal(check: ClueCheck, word: str, closed: Sequence[str]) -> bool:
    try:
        check(word, closed)
    except Refusal:
        return False
    return True

"""Bots that captain and guess (B-1, B-2, B-3, B-4, B-5, B-6), and a plain API for notebooks.

`rank_cards` and `suggest_clue` are what the in-game bots use too
(`play.py`). Everything runs on a small shipped table of word vectors
(`vectors.py`), with numpy only: no network, no ML framework at run time.
English words are read by the models themselves; the other six word
languages through their English translations (`vectors.has_table`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.models import Preset
from .brain import LEVELS, Board, Level, rank, suggest
from .clue_rules import clue_check
from .vectors import association, has_table

LANGUAGES = tuple(lang for lang in ("en", "de", "fr", "es", "it", "pt", "nl") if has_table(lang))
"""The word languages bots play (B-6): those with a shipped table."""

__all__ = ["LANGUAGES", "LEVELS", "Level", "rank_cards", "speaks", "suggest_clue"]


def speaks(language: str) -> bool:
    return language in LANGUAGES


def _require(language: str) -> None:
    if not speaks(language):
        raise ValueError(f"Bots do not play in {language!r}; they play {', '.join(LANGUAGES)}.")


def rank_cards(clue: str, words: list[str], language: str = "en") -> list[float]:
    """How strongly `clue` points at each word, in the order given (higher
    is more likely; about 0 for an unrelated word, 3 and up for a strong
    link; -3 for a word the bots do not know)."""
    _require(language)
    return rank(association(language), clue, words)


def suggest_clue(
    words: list[str],
    own: list[int],
    rival: list[int],
    neutral: list[int],
    black: list[int],
    opened: list[int],
    language: str = "en",
    difficulty: str = "hard",
    avoid: Sequence[str] = (),
    rules: str = "in_one_word",
) -> tuple[str, int]:
    """A legal clue and its number for the closed cards in `own`, keeping
    clear of `black` first, `rival` next, `neutral` least. Indices are
    positions in `words`; `avoid` are clues given before. `rules` is the
    preset whose clue rules the clue obeys: "in_one_word" (every C rule) or
    "codewords" (K-2: letters only, no board word nor any of its forms)."""
    _require(language)
    if difficulty not in LEVELS:
        raise ValueError(f"difficulty is one of {', '.join(LEVELS)}")
    if rules not in {p.value for p in Preset}:
        raise ValueError(f"rules is one of {', '.join(p.value for p in Preset)}")
    board = Board(words, own, rival, neutral, black, frozenset(opened))
    level = next(lv for lv in LEVELS if lv == difficulty)
    return suggest(association(language), board, level, avoid, clue_check(rules, language))

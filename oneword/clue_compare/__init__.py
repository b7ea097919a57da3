"""Just One's clue check (J-3, J-4, J-5): whether two clues are the same
word, whether a clue may be given for a mystery word, and whether an
answer names it, in each of the app's languages.

The rules of Just One (`oneword.engine.justone`) ask these questions and
nothing else compares words; `compare` answers them from the word forms
(`forms`), spellings (`spelling`), word lists (`lexicon`) and the check
for made-up words (`made_up`).
"""

from oneword.clue_compare.compare import (
    ClueCheck,
    Kind,
    Removal,
    check_clues,
    is_duplicate,
    is_invalid,
    is_right_answer,
    prepare,
    warm_up,
)

__all__ = [
    "ClueCheck",
    "Kind",
    "Removal",
    "check_clues",
    "is_duplicate",
    "is_invalid",
    "is_right_answer",
    "prepare",
    "warm_up",
]

"""Words that sound alike and are spelled apart (J-3: a clue that sounds
like the mystery word is the mystery word: knight for NIGHT, Rat for RAD).

The groups are built offline by `tools/build_homophones.py` from each
language's commonest words: English as the CMU Pronouncing Dictionary says
them, the other six through epitran's rules. Two clues that sound alike
are still two clues (J-4 compares words, not sounds): only the mystery
word's homophones are refused.
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from functools import cache
from importlib import resources

from oneword.clue_compare.translations import fold


@cache
def _groups(language: str) -> dict[str, frozenset[int]]:
    """Each word of `language` (folded) with the groups it sounds like."""
    found: dict[str, set[int]] = defaultdict(set)
    data = resources.files("oneword.clue_compare").joinpath("data/homophones.tsv.gz")
    with data.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            lang, _, words = line.rstrip("\n").partition("\t")
            if lang == language:
                for word in words.split():
                    found[fold(word)].add(number)
    return {word: frozenset(groups) for word, groups in found.items()}


def sound_alike(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are spelled apart and said alike in `language`."""
    first, second = fold(a), fold(b)
    if first == second:
        return False
    groups = _groups(language)
    return bool(groups.get(first, frozenset()) & groups.get(second, frozenset()))

"""Build `oneword/clue_compare/data/kin.tsv.gz`: pairs of words of one
family found by their shape and their meaning together, per language.

A pair is kept when both hold:

- shape: the two words share a start of at least four letters, and what
  is left of each after it is one of the language's everyday endings
  (`kin.ENDINGS`: inflections and derivations, boulanger/boulangerie,
  Prinz/Prinzessin, cozinha/cozinheiro). A compound's other part (Lawn,
  Lawnmower) is no ending, so parts stay apart;
- meaning: the bots' MPNet vectors of the two words (in English the
  words' own, elsewhere those of their English meanings) are closer than
  `CLOSE`, so a shared start that is chance (Post, Poster; Kamm, Kammer)
  stays apart.

Only words that are real words of the language and not more common in
another of the seven are paired, so a French room's table holds French
words. The bots' tables must be built first (tools/build_bot_vectors.py).

    python tools/build_word_kin.py
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from pathlib import Path

import numpy as np

from oneword.bots.vectors import association
from oneword.clue_compare.kin import BASE, LANGUAGES, fits_endings, shape_key
from oneword.clue_compare.lexicon import is_real
from oneword.clue_compare.translations import is_foreign

OUT = Path(__file__).resolve().parent.parent / "oneword/clue_compare/data/kin.tsv.gz"
CLOSE = 0.45
"""Cosine of the two words' MPNet vectors from which a pair of the right
shape is one family."""


def _words(language: str, vocabulary: list[str]) -> list[str]:
    return [
        word
        for word in vocabulary
        if word.isalpha()
        and len(word) >= BASE
        and is_real(word, language)
        and not is_foreign(word, language)
    ]


def pairs(language: str) -> list[tuple[str, str]]:
    """The language's pairs of one family, folded, each in sorted order."""
    table = association(language)
    groups: dict[str, list[str]] = defaultdict(list)
    for word in _words(language, table.words):
        groups[shape_key(word, language)[:BASE]].append(word)
    vectors = table.blocks["mpnet"]
    found: set[tuple[str, str]] = set()
    for group in groups.values():
        if len(group) < 2:
            continue
        folded = [shape_key(word, language) for word in group]
        matrix = vectors.rows([table.index[word.casefold()] for word in group]).astype(np.float32)
        matrix /= np.linalg.norm(matrix, axis=1, keepdims=True) + 1e-9
        close = matrix @ matrix.T
        for i, a in enumerate(folded):
            for j in range(i + 1, len(folded)):
                b = folded[j]
                if a != b and close[i, j] >= CLOSE and fits_endings(a, b, language):
                    found.add((min(a, b), max(a, b)))
    return sorted(found)


def main() -> None:
    lines = []
    for language in LANGUAGES:
        found = pairs(language)
        lines += [f"{language}\t{a}\t{b}" for a, b in found]
        print(language, len(found), "pairs")
    OUT.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), 9, mtime=0))
    print(OUT, OUT.stat().st_size // 1024, "KB")


if __name__ == "__main__":
    main()

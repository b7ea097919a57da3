"""English words of one family (J-4: teach and teacher, bake and baker,
gold and golden are one word for Just One, and the mystery word's family
is not a clue).

The pairs come from WordNet's derivational links and pertainyms, kept
where both spellings begin alike (`tools/build_word_families.py`): WordNet
also links meanings (cat and feline), which are other words for a clue.
Two words are one family when they are linked, or both linked to a third
(photographer and photography through photograph). The other six
languages find their families by their own forms and stems (`forms.py`).
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from functools import cache
from importlib import resources

from oneword.clue_compare.lexicon import lemmas
from oneword.clue_compare.translations import fold


@cache
def _links() -> dict[str, frozenset[str]]:
    """Each English word with the words of its family."""
    found: dict[str, set[str]] = defaultdict(set)
    data = resources.files("oneword.clue_compare").joinpath("data/families-en.tsv.gz")
    with data.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as lines:
        for line in lines:
            a, _, b = line.rstrip("\n").partition("\t")
            found[a].add(b)
            found[b].add(a)
    return {word: frozenset(family) for word, family in found.items()}


def _words(word: str) -> set[str]:
    """The word and its dictionary forms (bakers -> baker), folded."""
    return {fold(word)} | {fold(lemma) for lemma in lemmas(word, "en")}


def one_family(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are two English words of one family."""
    if language != "en":
        return False
    links = _links()
    first, second = _words(a), _words(b)
    if first & second:
        return False  # one word: the forms' rules judge it
    near_first = set().union(*(links.get(w, frozenset()) for w in first))
    if near_first & second:
        return True
    near_second = set().union(*(links.get(w, frozenset()) for w in second))
    return bool(near_first & near_second)

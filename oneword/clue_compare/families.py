"""Words of one family (J-4: teach and teacher, bake and baker, jardin
and jardinier are one word for Just One, and the mystery word's family is
not a clue).

The pairs come from WordNet's derivational links and pertainyms, kept
where both spellings begin alike (`tools/build_word_families.py`): WordNet
also links meanings (cat and feline), which are other words for a clue.
Two words are one family when they are linked, or both linked to a third
(photographer and photography through photograph).

In the other six languages two words are one family when they begin
alike and the translations table gives them English meanings that are
one family, or the same, for most of the meanings of each: jardin means garden and
jardinier gardener; nadar swim and nadador swimmer; neve and nevicare
both snow. Eis (ice) and Eisen (iron) begin alike and stay apart.
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from oneword.clue_compare.definitions import one_defines_other
from oneword.clue_compare.derivations import derived
from oneword.clue_compare.lexicon import lemmas
from oneword.clue_compare.translations import fold, meanings_in

SAME_START = 3
"""Letters two words of a family share at their start (jardin, jardinier)."""
MOSTLY = 0.5
"""Share of each word's meanings that must meet the other's, or its family."""


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
    """True if `a` and `b` are two words of one family in `language`."""
    if language != "en":
        return _meanings_of_one_family(a, b, language) or derived(a, b, language, _meet)
    links = _links()
    first, second = _words(a), _words(b)
    if first & second:
        return False  # one word: the forms' rules judge it
    near_first = set().union(*(links.get(w, frozenset()) for w in first))
    if near_first & second:
        return True
    near_second = set().union(*(links.get(w, frozenset()) for w in second))
    return bool(near_first & near_second)


@cache
def _concept_links() -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]:
    """The English families as links between the translations table's
    meanings (each English word is one meaning there), as English reads
    them: linked, or both linked to a third (bakery and baker through
    bake, painting and painter through paint). Built offline by
    `tools/build_word_families.py`: each meaning's links are
    `links[offsets[m]:offsets[m + 1]]`, sorted."""
    data = resources.files("oneword.clue_compare").joinpath("data/family-meanings.npz")
    with data.open("rb") as file, np.load(file) as arrays:
        return np.asarray(arrays["offsets"]), np.asarray(arrays["links"])


def linked_meanings(meaning: int) -> frozenset[int]:
    """The meanings of one English family with `meaning`."""
    offsets, links = _concept_links()
    if meaning + 1 >= len(offsets):
        return frozenset()
    return frozenset(links[offsets[meaning] : offsets[meaning + 1]].tolist())


def _meanings_of_one_family(a: str, b: str, language: str) -> bool:
    first, second = fold(a), fold(b)
    if first == second or first[:SAME_START] != second[:SAME_START]:
        return False
    meant_a, meant_b = meanings_in(a, language), meanings_in(b, language)
    if not meant_a or not meant_b:
        return False
    met_a, linked = _met(meant_a, meant_b)
    met_b, _ = _met(meant_b, meant_a)
    if met_a < MOSTLY * len(meant_a) or met_b < MOSTLY * len(meant_b):
        return False  # Post (mail, post, ...) and Poster (a poster) meet in one sense
    return linked or _grown_from(first, second)


def _meet(meant_a: frozenset[int], meant_b: frozenset[int]) -> bool:
    """Some meaning of one is a meaning of the other, or of its English
    family, or one is defined with the other (florist, flower)."""
    return _met(meant_a, meant_b)[0] > 0 or one_defines_other(meant_a, meant_b)


def _met(meant: frozenset[int], other: frozenset[int]) -> tuple[int, bool]:
    """How many of `meant` are in `other` or of one family with one of
    them, and whether any is by family rather than the same word."""
    linked = [m for m in meant if linked_meanings(m) & other]
    return len(set(linked) | (meant & other)), bool(linked)


def _grown_from(a: str, b: str) -> bool:
    """The longer word begins with the shorter one, less at most its last
    two letters (neve, nevicare): with the same meanings, one word grown
    from the other, where two synonyms that only begin alike (vleugel,
    vlerk) are two words."""
    short, long = sorted((a, b), key=len)
    return len(short) >= GROWN_FROM and any(
        long.startswith(short[: len(short) - cut]) and _an_ending(short[len(short) - cut :])
        for cut in (0, 1, 2)
    )


def _an_ending(letters: str) -> bool:
    """What a word drops as it grows into another is an ending, which in
    these languages holds a vowel (neve, nev-icare; zwemmen, zwemm-er);
    two consonants are part of the word (vlerk is no vle-rk)."""
    return not letters or any(c in "aeiouy" for c in letters)


GROWN_FROM = 4
"""Shortest word another grows from by its meanings alone (not gif, gift)."""

"""Words of one family found by shape and meaning together (J-4: bake and
baker, Prinz and Prinzessin, boulanger and boulangerie, cozinha and
cozinheiro are one word; the mystery word's family is not a clue).

WordNet's links (`families`) miss many everyday derivations, and the other
six languages have no such data. `tools/build_word_kin.py` pairs words
offline that share a start of four letters or more followed by one of the
language's everyday endings (`ENDINGS`), and whose meanings the bots'
vectors put close together. The shape keeps compounds apart (Lawn,
Lawnmower: mower is no ending); the meaning keeps chance starts apart
(Post, Poster). The table holds about 50,000 pairs in 1 MB.
"""

from __future__ import annotations

import gzip
from collections import defaultdict
from functools import cache
from importlib import resources

from oneword.clue_compare.lexicon import lemmas
from oneword.clue_compare.translations import LANGUAGES, fold

__all__ = ["BASE", "ENDINGS", "LANGUAGES", "are_kin", "fits_endings", "shape_key"]

BASE = 4
"""Letters two words of one family share at their start, at least."""

_ENDINGS = {
    "en": "s es ed ing er ers or ist ian an ese ish ness ment ful less ly y ie en ery ry ary "
    "al ic ical ity ation ion tion ence ance ent ant ive able ible ism ess ette let ling hood "
    "ship dom ize ise ous e",
    "de": "e en er n s es in innen isch ei erei ung heit keit lich ig chen lein ler ner "
    "schaft tum bar sam nis ie ien ier ierin essin iker ik",
    "fr": "e s es x eur euse rice ier iere erie ie ien ienne ais aise ois oise iste isme "
    "ette et age ment tion ure eux al ale el elle on onne ain aine ee er ir re esse",
    "es": "a o e as os es ero era eria ista ismo ador adora edor edora idor dor dora ano ana "
    "ense esa eno ena ito ita illo illa on ona cion miento al oso osa ia io ario aria ar er ir",
    "it": "a o e i aio aia iere iera eria ista ismo atore atrice tore trice ano ana ese ino "
    "ina etto etta one ona zione mento ale oso osa ia io ificio are ere ire essa",
    "pt": "a o e as os es eiro eira aria ista ismo ador adora dor dora ano ana esa inho inha "
    "ao ona cao mento al oso osa ia io ar er ir",
    "nl": "e en s er ers es in ster aar ares isch ig lijk heid ing je tje etje erij ij schap "
    "dom se",
}
ENDINGS = {language: frozenset(["", *text.split()]) for language, text in _ENDINGS.items()}
"""Each language's everyday endings, accent-free: inflections (plural,
gender, verb endings) and derivations (the doer, the place, the female,
the adjective, the diminutive). None is a word of its own."""


def shape_key(word: str, language: str) -> str:
    """The spelling a pair is kept and found by: accent-free, but German
    keeps its umlauts, which make other words (Küche, kitchen; Kuchen,
    cake)."""
    return word.strip().casefold() if language == "de" else fold(word)


def fits_endings(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` (as `shape_key` spells them) share a start of `BASE` letters or
    more after which each goes on with one of the language's endings."""
    shared = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        shared += 1
    endings = ENDINGS[language]
    return any(a[cut:] in endings and b[cut:] in endings for cut in range(shared, BASE - 1, -1))


@cache
def _pairs() -> dict[str, frozenset[tuple[str, str]]]:
    data = resources.files("oneword.clue_compare").joinpath("data/kin.tsv.gz").read_bytes()
    found: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for line in gzip.decompress(data).decode().splitlines():
        language, a, b = line.split("\t")
        found[language].add((a, b))
    return {language: frozenset(pairs) for language, pairs in found.items()}


def are_kin(a: str, b: str, language: str) -> bool:
    """True if `a` and `b`, or forms of them, are a pair of the table."""
    pairs = _pairs().get(language)
    if not pairs:
        return False
    firsts = {shape_key(w, language) for w in (a, *lemmas(a, language))}
    seconds = {shape_key(w, language) for w in (b, *lemmas(b, language))}
    return any((min(x, y), max(x, y)) in pairs for x in firsts for y in seconds if x != y)

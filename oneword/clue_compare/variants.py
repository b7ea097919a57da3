"""Two spellings of one word (J-4: the same word, written another way).

Three sources, each leaning to keeping a clue it cannot decide:

- British and American English spellings, from the `breame` package's
  list (colour and color, tyre and tire, pyjamas and pajamas).
- The spelling reforms and loan spellings of the other languages, as
  rewrites that bring both spellings to one form (`REWRITES`): Portugal's
  silent c and p (acção, ação), Dutch's old -sch (visch, vis), k for
  qu and c in loans (quiosco, kiosco; product, produkt), f for ph.
- In any of the seven languages, two spellings a letter or two apart,
  or one the beginning or end of the other (a clipping: Mikro, Mikrofon),
  that the translations table (`translations.py`) gives the same
  meanings (pannekoek and pannenkoek both mean pancake). A clipping's
  meanings may also be all of the full word's, or the full word's all of
  its (bici, bicicleta), and where the room's table parts them, another
  language's that knows both spellings may join them (foto, fotografia).

Close spellings that are two words keep apart, because their meanings
differ: pacto (pact) and pato (duck), cour (courtyard) and court (short).
"""

from __future__ import annotations

import re
from functools import cache

from breame.data.spelling_constants import BRITISH_ENGLISH_SPELLINGS

from oneword.clue_compare.lexicon import lemmas, zipf
from oneword.clue_compare.spelling import key, letter_changes
from oneword.clue_compare.translations import fold, is_foreign, meanings_in, meanings_side_by_side

SHORTEST = 5
"""Shortest spelling the meanings test reads: below it, one letter makes
another word too often for shared meanings to tell (suco and sumo both
mean juice, in Brazil and in Portugal, and are two words)."""

CLIPPED = 3
"""Shortest clipping read (Uni, Abi)."""

MOST_CHANGES = 2
"""Letters two spellings of one word may differ by (setiembre, septiembre)."""


REWRITES: dict[str, tuple[tuple[str, str], ...]] = {
    "pt": ((r"c(?=[ct])", ""), (r"p(?=[ct])", "")),
    "es": ((r"qu(?=[ei])", "k"), (r"ph", "f")),
    "nl": ((r"sch$", "s"), (r"c(?=t)", "k"), (r"ph", "f")),
    "fr": ((r"ph", "f"), (r"y", "i")),
    "it": ((r"ph", "f"),),
    "de": ((r"ph", "f"), (r"c(?=[aoukr])", "k")),
}
"""Per language, rewrites (regular expressions on the accent-free,
lower-case word) that bring a word's older or borrowed spelling and its
current one to one form."""

SHARED = 0.5
"""Share of the fewer meanings two spellings must have in common to be
one word: acção and ação share most; cour and court one of three."""


@cache
def _british_american() -> frozenset[frozenset[str]]:
    """Each British spelling with its American one, as unordered pairs."""
    return frozenset(
        frozenset((fold(british), fold(american)))
        for british, american in BRITISH_ENGLISH_SPELLINGS.items()
        if fold(british) != fold(american)
    )


def are_variants(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are two spellings of one word in `language`."""
    first, second = fold(a), fold(b)
    if first == second or not first or not second:
        return False
    if language == "en" and frozenset((first, second)) in _british_american():
        return True
    meant_a, meant_b = meanings_in(a, language), meanings_in(b, language)
    if meant_a and meant_b and not _share_meanings(meant_a, meant_b):
        return _clipped(first, second, language) and _clipped_elsewhere(a, b)
    if _rewritten(first, language) == _rewritten(second, language):
        return True
    if not (meant_a and meant_b):
        return _one_letter_more(a, b, language) or _clipped_unknown(
            first if meant_b else second, second if meant_b else first, language
        )
    if _clipped(first, second, language) and _clipping_means_alike(meant_a, meant_b):
        return True
    if _cut_to_one_meaning(first, second, meant_a, meant_b):
        return True
    return (
        min(len(key(a)), len(key(b))) >= SHORTEST and letter_changes(a, b, language) <= MOST_CHANGES
    )


def _clipped(a: str, b: str, language: str) -> bool:
    """One spelling begins or ends the other, with a few letters more that
    are no word of their own (Uni, Universität; Mikro, Mikrofon): with the
    same meanings, most of them, a clipping of it. (Mäher and Rasenmäher:
    a part of a compound, another word; dulce and agridulce share one
    meaning of several.)"""
    rest = _clipped_off(a, b)
    return rest is not None and zipf(rest, language) < A_WORD


def _clipping_means_alike(meant_a: frozenset[int], meant_b: frozenset[int]) -> bool:
    """Most meanings of either are both's, or one's meanings are all the
    other's (bici, bike, of bicicleta, bicycle and bike; Kriminalroman,
    whodunit, of Krimi)."""
    if not meant_a or not meant_b:
        return False
    shared = len(meant_a & meant_b) >= SHARED * len(meant_a | meant_b)
    return shared or meant_a <= meant_b or meant_b <= meant_a


def _clipped_elsewhere(a: str, b: str) -> bool:
    """The room's table parts the meanings of a clipping's two spellings,
    and another language's that knows both spellings joins them: one table
    lacks a sense (Portuguese fotografia, a snapshot, beside foto; Spanish
    fotografia is a photograph)."""
    return any(_clipping_means_alike(x, y) for x, y in meanings_side_by_side(a, b))


def _cut_to_one_meaning(a: str, b: str, meant_a: frozenset[int], meant_b: frozenset[int]) -> bool:
    """One spelling begins or ends the other and means nothing the longer
    does not (bus, autobus): a clipping, even where what it leaves out is
    a word. A compound's part means another thing than the compound
    (Mäher, mower, and Rasenmäher, lawnmower; dulce and agridulce)."""
    meant_short, meant_long = (meant_a, meant_b) if len(a) < len(b) else (meant_b, meant_a)
    return _clipped_off(a, b) is not None and meant_short <= meant_long


def _clipped_off(a: str, b: str) -> str | None:
    """What the longer spelling has beyond the shorter where it begins or
    ends with it, both long enough to be read as a clipping; else None."""
    short, long = sorted((a, b), key=len)
    if len(short) < CLIPPED or len(long) - len(short) < CLIPPED:
        return None
    return left_out(short, long)


def _clipped_unknown(short: str, long: str, language: str) -> bool:
    """`short`, which the translations table does not know, begins `long`,
    which it does, and is itself written often: a clipping of everyday
    speech (profe, profesor; bici, bicicletta; info, informatie), as
    dictionaries list few of them. Three letters fit too many words by
    chance, and what is left out must be no word (a compound's part)."""
    if not long.startswith(short) or len(short) <= CLIPPED or len(long) - len(short) < CLIPPED:
        return False
    if meanings_in(short, language) or not meanings_in(long, language):
        return False
    if not long[len(short)].isalpha():
        return False  # a compound written with a hyphen (tire-bouchon)
    cut_at_vowel = short.endswith(VOWELS) and not _form_of_another(short, language)
    return zipf(short, language) >= WRITTEN_OFTEN and (
        cut_at_vowel or zipf(long[len(short) :], language) < A_WORD
    )


def _form_of_another(word: str, language: str) -> bool:
    """The dictionary reads `word` as a form of another word (Spanish
    cumple, of cumplir): a word of its own, not a clipping."""
    return any(not fold(lemma).startswith(word) for lemma in lemmas(word, language))


VOWELS = tuple("aeiouy")
"""A clipping of everyday speech most often ends on a vowel (tele, profe,
peli, frigo), and then what it leaves out may be a word as well (tele,
visión): a compound's first part the dictionary does not know is rare."""


def _one_letter_more(a: str, b: str, language: str) -> bool:
    """A long word written with one letter more or less, where the
    translations table knows one spelling at most: an older or regional
    spelling in use beside the current one (obbiettivo, obiettivo;
    pannekoek, pannenkoek; setiembre, septiembre). Two long words a
    letter apart that both have meanings are read by their meanings
    instead (pleasant, peasant), and a word of another of the seven
    languages is a false friend (oficina, Italian officina)."""
    short, long = sorted((fold(a), fold(b)), key=len)
    if len(short) < LONG_WORD or len(long) != len(short) + 1:
        return False
    if is_foreign(a, language) or is_foreign(b, language):
        return False
    return letter_changes(a, b, language) == 1


LONG_WORD = 7
"""Letters from which one letter more or less keeps a word recognisably
itself (a shorter word changes: caro, carro)."""


WRITTEN_OFTEN = 3.0
"""Zipf from which a clipping the dictionaries miss is a word people write."""


def left_out(short: str, long: str) -> str | None:
    """What `long` has beyond `short` when it begins or ends with it
    (tele for phone, telephone); None when it does neither."""
    if long.startswith(short):
        return long[len(short) :]
    if long.endswith(short):
        return long[: -len(short)]
    return None


A_WORD = 3.5
"""Zipf from which what a clipping leaves out is a word, and the longer
spelling a compound of it."""


def _share_meanings(a: frozenset[int], b: frozenset[int]) -> bool:
    return len(a & b) >= SHARED * min(len(a), len(b))


def _rewritten(folded: str, language: str) -> str:
    for pattern, replacement in REWRITES.get(language, ()):
        folded = re.sub(pattern, replacement, folded)
    return folded

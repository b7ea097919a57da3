"""Spelling: when two ways of writing differ only in accents, and when one
is a slip of the keyboard for the other.

Accents are kept apart from other differences because in most of the
app's languages they can tell two words apart (German Bär and Bar, French
mer and mère, Spanish papa and papá), while a player who simply left them
out (ecole for école) wrote the same word. English words are never told
apart by an accent, so there the accents never matter.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import jellyfish
from rapidfuzz.distance import OSA

from oneword.clue_compare.lexicon import (
    is_listed,
    is_only_verb_form,
    is_real,
    lemmas,
    typed_lemmas,
    zipf,
)

JOINERS = str.maketrans("", "", " -'’.")
"""Marks that do not make a different word: 'tire-bouchon' is 'tirebouchon'."""

GERMAN_LETTERS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue"})
"""How German is written without umlauts: Baer for Bär."""

ACCENTED_FORM_SEEN = 3.0
"""A Zipf value from which an accented spelling that no dictionary lists
(où, papà) is still a word of its own."""


@lru_cache(maxsize=65536)
def key(text: str) -> str:
    """The word as typed, without case, width differences, joining marks,
    invisible characters or the punctuation around it: 'Cat!', «chat»
    and "(cat)" are the word itself."""
    plain = "".join(
        c for c in unicodedata.normalize("NFKC", text) if unicodedata.category(c) != "Cf"
    )
    parts = _DECIMAL_MARK.split(_unwrapped(plain.casefold().strip()))
    return "".join(part.translate(JOINERS) if i % 2 == 0 else part for i, part in enumerate(parts))


_DECIMAL_MARK = re.compile(r"(?<=\d)([.,])(?=\d)")
"""A point or comma between digits, which is part of a number, not a joining
mark: 1.5 is not 15 (1.000 and 1000 are one number by `same_number`)."""


def _unwrapped(text: str) -> str:
    """`text` without punctuation at its ends ('cat?', '*cat*', '¡hola!')."""
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start]).startswith("P"):
        start += 1
    while end > start and unicodedata.category(text[end - 1]).startswith("P"):
        end -= 1
    return text[start:end].strip()


@lru_cache(maxsize=65536)
def strip_accents(text: str) -> str:
    """`text` without its accents: 'mère' -> 'mere', 'ß' already 'ss' after casefold."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=65536)
def folded(text: str, language: str) -> frozenset[str]:
    """Every accent-free way to write `text`: German umlauts also as ae, oe, ue."""
    base = key(text)
    forms = {strip_accents(base)}
    if language == "de":
        forms.add(strip_accents(base.translate(GERMAN_LETTERS)))
    return frozenset(forms)


def differ_only_in_accents(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are written differently but alike once accents are dropped."""
    return key(a) != key(b) and bool(folded(a, language) & folded(b, language))


ACCENT_VARIANTS: dict[str, dict[str, str]] = {
    "pt": {"éê": r"(?=[mn])|$", "óô": r"(?=[mn])"},
    "fr": {"èé": r"(?=\w\w\w)"},
    "it": {"èé": r"$"},
}
"""Per language, pairs of accents on one vowel (in code-point order) that
spell one word two ways, each with where in the word (a regular
expression that must match right after the vowel). Brazil writes ê and ô
where Portugal writes é and ó before m or n, and ê for é at a word's end
(econômico, económico; bebê, bebé); a final ó or ô tells two words apart
(avó, avô; vovó, vovô). France's spelling reform writes è for é before
a silent syllable (événement, évènement); Italian perché is often typed
perchè."""


def accent_variant(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` carry different accents on the same vowels,
    each a pair the language writes both ways in that place (bebê, bebé)."""
    first, second = key(a), key(b)
    places = ACCENT_VARIANTS.get(language, {})
    if not places or len(first) != len(second) or first == second:
        return False
    for at, (x, y) in enumerate(zip(first, second, strict=True)):
        place = places.get("".join(sorted(x + y))) if x != y else ""
        if place is None or (x != y and not re.match(place, first[at + 1 :])):
            return False
    return True


def _accent_count(text: str) -> int:
    return sum(1 for c in unicodedata.normalize("NFKD", key(text)) if unicodedata.combining(c))


def accents_make_other_word(a: str, b: str, language: str) -> bool:
    """True if two spellings that differ only in accents are two different words.

    Both must be words of their own: the plainer spelling listed in the
    dictionary (typos like 'ecole' are frequent on the web but not listed)
    as more than a verb form (Spanish 'numero' for 'número'), the accented
    one listed or common; and the dictionary must not read them as one word
    (it lemmatises 'chateau' to 'château', and 'Gärten' to 'Garten').
    """
    if language == "en":
        return False
    plain, marked = sorted((a, b), key=_accent_count)
    plain_is_word = (is_listed(plain, language) and not is_only_verb_form(plain, language)) or (
        _accent_count(plain) > 0 and zipf(plain, language) >= ACCENTED_FORM_SEEN
    )
    marked_is_word = is_listed(marked, language) or zipf(marked, language) >= ACCENTED_FORM_SEEN
    if not (plain_is_word and marked_is_word):
        return False
    if typed_lemmas(a, language) & typed_lemmas(b, language):
        return False
    return not (key(a) in lemmas(b, language) or key(b) in lemmas(a, language))


SLIP_GAP = 1.0
"""How much more common (in Zipf steps, tenfold each) the intended word is
than its slip. Misspellings are rare (recieve 2.8 against receive 4.9); a
rare word or name near another (Robben, robber) is about as common."""


def slip_limit(shorter: int) -> int:
    """How many letters a slip may change for a word of `shorter` letters.

    None for short words, where one letter changes the word (cat, cut);
    one from four letters; two from six (Rythem for Rhythm).
    """
    if shorter >= 6:
        return 2
    if shorter >= 4:
        return 1
    return 0


def letter_changes(a: str, b: str, language: str) -> int:
    """The fewest letters to add, drop, change or swap between two accent-free spellings."""
    return min(OSA.distance(x, y) for x in folded(a, language) for y in folded(b, language))


SOUND_CODE = 4
"""Shortest phonetic code that two spellings must share to sound alike:
shorter codes (hat, hut: HT) fit too many words."""


SOUND_CHANGES = 0.4
"""Share of the longer spelling's letters that may change between two
spellings that sound alike: Metaphone keeps only consonants, so without
it glorious and Clarissa would sound alike."""


@lru_cache(maxsize=65536)
def _sound(text: str) -> str:
    return str(jellyfish.metaphone(text))


def sound_alike(a: str, b: str, language: str) -> bool:
    """True if two English spellings sound alike: one Metaphone code of four
    sounds or more, and at most two letters in five changed (fotograf for
    photograph, elefunt for elephant). A spelling that is no word may be
    shorter, spelled by ear with half its letters changed (fone, gud,
    becuz, pleez). Metaphone reads English spelling, so other languages
    rely on letter changes alone."""
    if language != "en":
        return False
    by_ear = not (is_real(a, language) and is_real(b, language))
    shortest, share = (BY_EAR_CODE, BY_EAR_CHANGES) if by_ear else (SOUND_CODE, SOUND_CHANGES)
    longer = max(len(key(a)), len(key(b)))
    if letter_changes(a, b, language) > longer * share:
        return False
    codes = {_sound(x) for x in folded(a, language)} & {_sound(y) for y in folded(b, language)}
    return any(len(code) >= shortest for code in codes)


BY_EAR_CODE = 2
"""Shortest phonetic code a spelling that is no word must share with a
word to be it spelled by ear (gud, good: KT)."""

BY_EAR_CHANGES = 0.5
"""Share of the longer spelling's letters a spelling by ear may change."""


def is_slip(a: str, b: str, language: str) -> bool:
    """True if one of `a`, `b` is a misspelling of the other.

    A slip changes a letter or two, or more if the two sound alike. Close
    spellings that are both words (bear and beer, hat and hut) are
    different words; only a spelling that is not itself a word, and much
    rarer than the other, can be a slip.
    """
    shorter = min(len(key(a)), len(key(b)))
    changes = letter_changes(a, b, language)
    if changes == 0:
        return False
    if changes > slip_limit(shorter) and not sound_alike(a, b, language):
        return False
    if is_real(a, language) and is_real(b, language):
        return False
    return abs(zipf(a, language) - zipf(b, language)) >= SLIP_GAP


_RUN = re.compile(r"(.)\1+")
_DRAWN_OUT = re.compile(r"(.)\1\1")
_REPEATED = re.compile(r"^(.{1,3}?)\1+$")


def drawn_out(a: str, b: str) -> bool:
    """True if `a` and `b` are one sound word drawn out (Brr and Brrr,
    chut and chuuut, haha and hahaha): equal once runs of a letter count
    as one and a repeated syllable as once, where one of them has a
    letter three times running or both are a syllable repeated (papa is
    no drawn-out pa)."""
    first, second = strip_accents(key(a)), strip_accents(key(b))
    if first == second:
        return False
    held = _DRAWN_OUT.search(first) or _DRAWN_OUT.search(second)
    repeated = _REPEATED.match(first) and _REPEATED.match(second)
    return bool(held or repeated) and _squeezed(first) == _squeezed(second)


def doubled_by_slip(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` differ only in letters written twice, and the
    spelling with more letters is no word (Yum and Yumm, Ups and Upps): a
    short word has no room for other slips, but a doubled letter that
    makes no word is one. Two words (caro, carro) stay two; a sound held
    longer (Brr, Brrr) is `drawn_out`."""
    first, second = strip_accents(key(a)), strip_accents(key(b))
    if first == second or runs_as_one(first) != runs_as_one(second) or drawn_out(a, b):
        return False
    longer = a if len(first) > len(second) else b
    return not is_real(longer, language)


def runs_as_one(text: str) -> str:
    """Runs of one letter made one: 'brrrr' -> 'br', 'mooooo' -> 'mo'."""
    return _RUN.sub(r"\1", text)


def _squeezed(word: str) -> str:
    word = runs_as_one(word)
    repeated = _REPEATED.match(word)
    return repeated.group(1) if repeated else word

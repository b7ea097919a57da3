"""Forms of one word: inflections (plural, gender, tense) and the close
family a clue may not share (Japan and Japanese, prince and princess).

Three sources, from the most to the least certain:

1. simplemma's lemma dictionaries: irregular plurals and verb forms
   (mice -> mouse, Häuser -> Haus, chevaux -> cheval, uomini -> uomo).
2. Snowball stemmers: the regular endings the dictionary misses, mostly
   gender (amigo/amiga, gata/gato). The German stemmer drops umlauts, so
   they are put back into its stem: Bären and Bar must not meet.
3. A few derivations per language that neither covers: the country and
   its people or language, and the female form of a person. Each is a
   pair of endings on a common base of at least four letters (three for
   long endings), so a plain shared beginning (car, card, carpet) is never
   enough, and a compound (Nachtisch: Nach+tisch) is not a derivation.
"""

from __future__ import annotations

from functools import lru_cache

import snowballstemmer

from oneword.clue_compare.lexicon import is_listed, is_own_lemma, lemmas
from oneword.clue_compare.spelling import folded, key, strip_accents

STEMMERS = {
    "en": "english",
    "de": "german",
    "fr": "french",
    "es": "spanish",
    "it": "italian",
    "pt": "portuguese",
    "nl": "dutch",
}
"""Snowball's name for each word language."""

DERIVATIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (
        ("", "ese"),
        ("a", "ese"),
        ("y", "ian"),
        ("", "ian"),
        ("a", "an"),
        ("e", "ess"),
        ("", "ess"),
        ("er", "ress"),
        ("or", "ress"),
        ("", "ness"),
        ("y", "iness"),
        ("", "ish"),
        ("ey", "ish"),
    ),
    "de": (
        ("", "in"),
        ("", "isch"),
        ("", "erin"),
        ("ien", "isch"),
        ("en", "isch"),
        ("land", "isch"),
    ),
    "fr": (
        ("eur", "euse"),
        ("eur", "rice"),
        ("n", "nne"),
        ("er", "ere"),
        ("f", "ve"),
        ("x", "se"),
        ("", "ais"),
        ("e", "ois"),
        ("e", "ien"),
        ("ie", "ien"),
        ("e", "ol"),
    ),
    "es": (
        ("or", "ora"),
        ("a", "ano"),
        ("o", "ano"),
        ("", "es"),
        ("or", "riz"),
        ("a", "ol"),
    ),
    "it": (
        ("e", "essa"),
        ("ore", "rice"),
        ("e", "ese"),
        ("a", "ese"),
        ("a", "ano"),
        ("a", "olo"),
        ("ia", "ese"),
    ),
    "pt": (("a", "ano"), ("a", "es"), ("ao", "ones"), ("or", "ora"), ("a", "ol")),
    "nl": (
        ("", "es"),
        ("aar", "ares"),
        ("", "in"),
        ("e", "aans"),
        ("a", "aans"),
        ("a", "ees"),
        ("land", "isch"),
        ("an", "ans"),
    ),
}
"""Pairs of endings that make a word of the same family on the same base,
per language: Japan/Japanese, Prince/Princess, chanteur/chanteuse,
Japón/japonés, principe/principessa, leraar/lerares. Read from the
accent-free spelling."""

SHORTEST_BASE = 4
"""Fewest letters two family words must share before the endings."""

LONG_ENDINGS = 7
"""Letters in two endings together from which a base of three will do."""

THREE_LETTER_BASES = frozenset(
    {("a", "ese"), ("n", "nne"), ("ao", "ones"), ("or", "ress"), ("or", "riz"), ("an", "ans")}
)
"""Pairs whose endings are specific enough for a base of three: Cina/cinese,
lion/lionne, Japão/japonês, actor/actress, actor/actriz, Japan/Japans."""


@lru_cache(maxsize=16)
def _stemmer(language: str) -> snowballstemmer.Stemmer:
    return snowballstemmer.stemmer(STEMMERS[language])


@lru_cache(maxsize=65536)
def stems(word: str, language: str) -> frozenset[str]:
    """Snowball stems of `word`, read without case (German umlauts kept)."""
    stemmer = _stemmer(language)
    text = key(word)
    stem = stemmer.stemWord(text)
    if language == "de" and strip_accents(text).startswith(stem):
        stem = text[: len(stem)]
    return frozenset({stem})


def share_lemma(a: str, b: str, language: str) -> bool:
    """True if the dictionary reads `a` and `b` as forms of one word."""
    return bool(lemmas(a, language) & lemmas(b, language))


def share_stem(a: str, b: str, language: str) -> bool:
    """True if both reduce to one Snowball stem of at least three letters,
    with at most three letters of ending on either side.

    The ending limit keeps off the stemmer's long reaches (organ and
    organization share the stem 'organ'). Two words the dictionary lists
    each as a word of its own share a stem by chance (pesca and pesce, bola
    and bolo, mer and mère), so for them the stem says nothing.
    """
    if is_own_lemma(a, language) and is_own_lemma(b, language):
        return False
    common = stems(a, language) & stems(b, language)
    if not common:
        return False
    stem = min(common, key=len)
    if len(stem) < 3:
        return False
    return all(len(key(w)) - len(stem) <= 3 for w in (a, b))


def _base_ok(base: str, first: str, second: str) -> bool:
    """Long enough a base: four letters, or three between two long endings
    (act-eur/act-rice, ler-aar/ler-ares) or for the few pairs named in
    THREE_LETTER_BASES."""
    long_endings = bool(first) and bool(second) and len(first) + len(second) >= LONG_ENDINGS
    three = long_endings or (first, second) in THREE_LETTER_BASES
    return len(base) >= (3 if three else SHORTEST_BASE)


def _derived(one: str, other: str, pairs: tuple[tuple[str, str], ...]) -> bool:
    for first, second in pairs:
        for x, y in ((one, other), (other, one)):
            if not (x.endswith(first) and y.endswith(second)):
                continue
            base = x[: len(x) - len(first)]
            if _base_ok(base, first, second) and base == y[: len(y) - len(second)]:
                return True
    return False


def is_two_words(word: str, language: str, base: int | None = None) -> bool:
    """True if `word` is a listed word followed by another listed word of four
    letters or more: Nachtisch is Nach+tisch, mattress is mat+tress, so they
    are compounds, not Nacht or matter with an ending. An ending the
    dictionary happens to list (German 'isch') is not a word here. With
    `base`, the letters `word` keeps of the word it is derived from, the
    second word must begin well inside them: dottoressa is dottor with
    -essa, not dotto and ressa (a crowd)."""
    text = key(word)
    endings = {end for pair in DERIVATIONS.get(language, ()) for end in pair}
    last_cut = len(text) - SHORTEST_BASE
    if base is not None:
        last_cut = min(last_cut, base - 2)
    return any(
        text[cut:] not in endings
        and is_listed(text[:cut], language)
        and is_listed(text[cut:], language)
        for cut in range(3, last_cut + 1)
    )


def same_family(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are one of the derivations listed for `language`,
    and the longer is not a compound of two words."""
    pairs = DERIVATIONS.get(language, ())
    if not any(_derived(x, y, pairs) for x in folded(a, language) for y in folded(b, language)):
        return False
    longer = max(a, b, key=lambda w: len(key(w)))
    return not is_two_words(longer, language)


def same_forms(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are forms or close family of one word."""
    return share_lemma(a, b, language) or share_stem(a, b, language) or same_family(a, b, language)

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
   enough.
"""

from __future__ import annotations

from functools import lru_cache

import snowballstemmer

from oneword.justone.lexicon import is_own_lemma, lemmas
from oneword.justone.spelling import folded, key, strip_accents

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
    ),
    "de": (("", "in"), ("", "isch"), ("", "erin")),
    "fr": (
        ("eur", "euse"),
        ("eur", "rice"),
        ("", "ne"),
        ("er", "ere"),
        ("f", "ve"),
        ("x", "se"),
        ("", "ais"),
        ("e", "ois"),
        ("e", "en"),
        ("e", "ien"),
    ),
    "es": (("or", "ora"), ("a", "ano"), ("o", "ano"), ("", "es"), ("or", "riz")),
    "it": (("e", "essa"), ("ore", "rice"), ("e", "ese"), ("a", "ese"), ("a", "ano")),
    "pt": (("a", "ano"), ("a", "es"), ("ao", "ones"), ("or", "ora")),
    "nl": (("", "es"), ("aar", "ares"), ("", "in"), ("e", "aans"), ("", "s")),
}
"""Pairs of endings that make a word of the same family on the same base,
per language: Japan/Japanese, Prince/Princess, chanteur/chanteuse,
Japón/japonés, principe/principessa, leraar/lerares. Read from the
accent-free spelling."""

SHORTEST_BASE = 4
"""Fewest letters two family words must share before the endings."""


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


def _derived(shorter: str, longer: str, pairs: tuple[tuple[str, str], ...]) -> bool:
    for first, second in pairs:
        for one, other in ((shorter, longer), (longer, shorter)):
            if not (one.endswith(first) and other.endswith(second)):
                continue
            base = one[: len(one) - len(first)]
            shortest = SHORTEST_BASE if len(first) + len(second) < 4 else 3
            if len(base) >= shortest and base == other[: len(other) - len(second)]:
                return True
    return False


def same_family(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are one of the derivations listed for `language`."""
    pairs = DERIVATIONS.get(language, ())
    return any(_derived(x, y, pairs) for x in folded(a, language) for y in folded(b, language))


def same_forms(a: str, b: str, language: str) -> bool:
    """True if `a` and `b` are forms or close family of one word."""
    return share_lemma(a, b, language) or share_stem(a, b, language) or same_family(a, b, language)

"""Words made from one another by a derivational ending (J-4: nadar and
nadador, zwemmen and zwemmer, Maler and Malerei are one family).

Each language makes the doer of an action, the place of a trade, a
verb from a noun and a woman's or female animal's name with a few
regular endings on one base: Spanish -ar and -ador, Dutch -en and -er,
German -ei, Italian -aio, the trades' -ista, -iste, -ero, -iere and
-ier, the feminines' -in, -esa, -essa, -rice, -riz (Löwin, condesa,
dottoressa, actrice, emperatriz). These are pairs of
endings read like `forms.DERIVATIONS`, on a base of at least four letters
(three for the verb-and-doer pairs, whose endings say more), and the
longer word must not be a compound of two words. Endings alone also make
unrelated words (sombra, shade, and sombrero, a hat; Part and Partei), so
where the translations table knows both words' meanings, they must meet,
be one English family, or one be defined with the other (a florist
deals in flowers: `definitions.py`); a word it does not know (nadador)
is taken on its endings.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from oneword.clue_compare.forms import is_two_words
from oneword.clue_compare.spelling import folded
from oneword.clue_compare.translations import meanings_in

ENDINGS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": (
        ("ar", "ador"),
        ("er", "edor"),
        ("ir", "idor"),
        ("eria", "ero"),
        ("o", "ar"),
        ("a", "ar"),
        ("o", "ero"),
        ("a", "ero"),
        ("e", "ero"),
        ("o", "ista"),
        ("a", "ista"),
        ("e", "ista"),
        ("", "ista"),
        ("e", "esa"),
        ("or", "riz"),
        ("ador", "atriz"),
        ("", "esa"),
        ("a", "isa"),
    ),
    "pt": (
        ("ar", "ador"),
        ("er", "edor"),
        ("ir", "idor"),
        ("a", "eiro"),
        ("o", "eiro"),
        ("o", "ar"),
        ("a", "ar"),
        ("o", "ista"),
        ("a", "ista"),
        ("e", "ista"),
        ("", "ista"),
        ("e", "essa"),
        ("e", "esa"),
        ("or", "riz"),
        ("ador", "atriz"),
        ("a", "isa"),
    ),
    "it": (
        ("are", "atore"),
        ("ere", "itore"),
        ("ire", "itore"),
        ("o", "aio"),
        ("e", "aio"),
        ("a", "aio"),
        ("o", "are"),
        ("a", "are"),
        ("o", "iere"),
        ("a", "iere"),
        ("e", "iere"),
        ("o", "ista"),
        ("a", "ista"),
        ("e", "ista"),
        ("e", "essa"),
        ("a", "essa"),
        ("tore", "trice"),
    ),
    "fr": (
        ("er", "eur"),
        ("erie", "er"),
        ("e", "esse"),
        ("e", "er"),
        ("e", "ier"),
        ("", "ier"),
        ("e", "iste"),
        ("", "iste"),
        ("o", "iste"),
        ("eur", "rice"),
        ("eur", "euse"),
        ("on", "onne"),
    ),
    "de": (("en", "er"), ("er", "erei"), ("", "essin"), ("ien", "ier"), ("", "in"), ("e", "in")),
    "nl": (
        ("en", "er"),
        ("en", "ster"),
        ("eur", "rice"),
        ("", "in"),
        ("er", "eres"),
        ("aar", "ares"),
    ),
}
"""Per language, pairs of endings that make two words of one family on one
base (the doer of an action, a trade or a person named after a thing:
flor-ista, zapat-ero, giardin-iere, fleur-iste, écol-ier), read on the
accent-free, lower-case word: nad-ar/nad-ador,
panad-eria/panad-ero, forn-o/forn-aio, chant-er/chant-eur,
Mal-er/Mal-erei, zwemm-en/zwemm-er."""

SPECIFIC = frozenset(
    {
        ("ar", "ador"),
        ("er", "edor"),
        ("ir", "idor"),
        ("are", "atore"),
        ("ere", "itore"),
        ("ire", "itore"),
        ("er", "erei"),
        ("eur", "rice"),
        ("or", "riz"),
        ("tore", "trice"),
    }
)
"""Pairs whose endings are specific enough for a base of three letters
(nad-ar, nad-ador; Mal-er, Mal-erei)."""

SHORTEST_BASE = 4


def derived(
    a: str, b: str, language: str, meet: Callable[[frozenset[int], frozenset[int]], bool]
) -> bool:
    """True if `a` and `b` are one base with a pair of the language's
    endings, and their meanings, where known, `meet`."""
    pairs = pairs_of(language)
    bases = [
        base
        for x in folded(a, language)
        for y in folded(b, language)
        if (base := one_base(x, y, pairs)) is not None
    ]
    if not bases:
        return False
    meant_a, meant_b = meanings_in(a, language), meanings_in(b, language)
    if meant_a and meant_b and not meet(meant_a, meant_b):
        return False
    return not is_two_words(max(a, b, key=len), language, base=len(bases[0]))


@cache
def pairs_of(language: str) -> tuple[tuple[str, str], ...]:
    """The language's pairs of endings, and the pairs they make through a
    third word: a noun, the verb made from it and the verb's doer are one
    family, so the noun and the doer are too (trabaj-o, trabaj-ar,
    trabaj-ador; lavor-o, lavor-are, lavor-atore)."""
    pairs = ENDINGS.get(language, ())
    through = tuple(
        (first, last)
        for first, middle in pairs
        for joined, last in pairs
        if joined == middle and first != last
    )
    return tuple(dict.fromkeys(pairs + through))


def one_base(one: str, other: str, pairs: tuple[tuple[str, str], ...]) -> str | None:
    """The base `one` and `other` share, each with an ending of one of
    `pairs`; None if they share none."""
    for first, second in pairs:
        for x, y in ((one, other), (other, one)):
            if not (x.endswith(first) and y.endswith(second)):
                continue
            base = x[: len(x) - len(first)]
            shortest = 3 if (first, second) in SPECIFIC else SHORTEST_BASE
            if len(base) >= shortest and base == y[: len(y) - len(second)]:
                return base
    return None

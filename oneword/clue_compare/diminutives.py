"""A word and its diminutive or augmentative are one word (J-4: gato and
gatito, Katze and Kätzchen, libro and librone).

The endings are the languages' own (Spanish -ito and -illo, Italian -ino,
-etto and -one, Portuguese -inho and -ão, German -chen and -lein, Dutch
-je and -tje, French -ette and -on: chaton); the base drops its last vowel as it does
before them (Katze, Kätz-chen; casa, cas-ita), and accents and umlauts
count as their letters (fold). English is left out here: its endings make
other words too often (tablet, starling, cookie); its diminutives are
in the WordNet families instead, where the small one is a kind of the
other (doggy, dog; kitchenette, kitchen: `tools/build_word_families.py`). Two words whose
meanings the translations table knows and that share none, and neither
of which defines the other (kitten, a young cat), are two words whatever
their endings, and so is a "diminutive" more common than its
base (mattino, morning, is no small matto).
"""

from __future__ import annotations

from oneword.clue_compare.definitions import one_defines_other
from oneword.clue_compare.lexicon import is_real, zipf
from oneword.clue_compare.translations import fold, meanings_in

ENDINGS: dict[str, tuple[str, ...]] = {
    "es": ("ecito", "ecita", "cito", "cita", "ito", "ita", "illo", "illa", "ote", "ota", "azo"),
    "it": ("ellino", "ellina", "ino", "ina", "etto", "etta", "ello", "ella", "one", "ona"),
    "pt": ("zinho", "zinha", "inho", "inha", "ito", "ita", "ao", "ona"),
    "de": ("chen", "lein"),
    "nl": ("etje", "letje", "tje", "pje", "kje", "je"),
    "fr": ("nette", "lette", "ette", "et", "eton", "illon", "on"),
}
PLAIN_ENDINGS = {"de", "nl"}
"""Languages whose endings make nothing but diminutives (-chen, -lein, -je),
so that their different glosses (Katze, cat; Kätzchen, kitten; bal, ball;
balletje, meatball) do not part them."""
SHORTEST_BASE = 3
LEXICALISED = 4.5
"""Zipf from which the longer word is a word of its own: a diminutive is
rarer than its base, and not among the commonest words (perrito beside
perro, ragazzino beside ragazzo; not mattino, which is more common than
matto)."""
VOWELS = "aeiou"


def is_diminutive(a: str, b: str, language: str) -> bool:
    """True if one of `a`, `b` is the other with a diminutive or
    augmentative ending of `language`."""
    endings = ENDINGS.get(language)
    if not endings:
        return False
    short_word, long_word = sorted((a.strip(), b.strip()), key=lambda w: len(fold(w)))
    short, long = fold(short_word), fold(long_word)
    if short == long or not any(_is_base(short, base) for base in _bases(long, endings)):
        return False
    meant_short, meant_long = meanings_in(short, language), meanings_in(long, language)
    parted = bool(meant_short and meant_long and not meant_short & meant_long)
    parted = parted and not one_defines_other(meant_short, meant_long)  # kitten: young cat
    if parted and language not in PLAIN_ENDINGS:
        return False
    if _common(long_word, language) >= min(_common(short_word, language), LEXICALISED):
        return False  # a word of its own (mattino, morning; tacchino, turkey; Mädchen)
    return is_real(short_word, language) or is_real(short, language)


def _common(word: str, language: str) -> float:
    """How common a word is as typed or without its accents, whichever
    is more: Mädchen is common, madchen is not."""
    return max(zipf(word, language), zipf(fold(word), language))


def _bases(word: str, endings: tuple[str, ...]) -> list[str]:
    return [
        word[: -len(ending)]
        for ending in endings
        if word.endswith(ending) and len(word) - len(ending) >= SHORTEST_BASE
    ]


def _is_base(word: str, base: str) -> bool:
    """`base` is `word`; `word` without its last vowel (casa, cas-), and
    with an h that keeps a c or g hard before e and i (fungo, fungh-etto); with
    its last consonant doubled (bal, ball-etje); or, for a word ending in
    a vowel and l or n, without both (Vogel, Vög-lein; Garten, Gärt-chen)."""
    return (
        base == word
        or (word[-1] in VOWELS and base == word[:-1])
        or (word[-1] in VOWELS and word[-2:-1] in ("c", "g") and base == word[:-1] + "h")
        or (word[-1] not in VOWELS and base == word + word[-1])
        or (len(word) > 3 and word[-1] in "ln" and word[-2] in VOWELS and base == word[:-2])
    )

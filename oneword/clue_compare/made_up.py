"""Is a clue a word at all? J-3 counts names, numbers, acronyms, sounds and
compounds as one word; J-4 removes made-up words.

Removing a good clue is the costly mistake, so a clue is made up only when
every way of reading it fails: no frequency list of its language or of
English has ever seen it, no dictionary lists it, no other of the seven
languages both uses and lists it (annoiare), it is not digits, an
acronym typed in capitals, a sound (brrr, pssst), a compound of words
that are not rare (Kolibriflügel, hedgehogspine; not blorp|tang, whose
parts only a dictionary knows), or one slip away from a word.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from oneword.clue_compare.lemma_tables import in_english_wordnet
from oneword.clue_compare.lexicon import common_words_among, is_listed, is_real, zipf
from oneword.clue_compare.spelling import key, runs_as_one, strip_accents
from oneword.clue_compare.translations import LANGUAGES, common_zipf

ACRONYM = re.compile(r"^[A-Z0-9&.]{2,8}$")
"""Typed in capitals, short: NASA, BMW, R2D2."""

HELD = re.compile(r"(.)\1\1")
"""A letter held for three or more: mooo, aaaargh, whooosh (a double letter is plain spelling)."""

LINKS: dict[str, tuple[str, ...]] = {
    "de": ("", "s", "n", "en", "e", "es", "er"),
    "nl": ("", "s", "en", "e"),
}
"""Letters that may join the parts of a compound (German Rasen|mäher,
Arbeit|s|zimmer; Dutch zonne|bloem)."""

SHORTEST_PART = 3
"""Shortest part of a compound read as a word of its own."""

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _vowelless(text: str) -> bool:
    return not any(c in "aeiouy" for c in text)


def is_sound(clue: str) -> bool:
    """A written sound: a few letters without a vowel (brr, pssst, hmm, zzz) or a
    word with a letter held (mooooo)."""
    text = strip_accents(key(clue))
    if not text.isalpha():
        return False
    squeezed = runs_as_one(text)
    if _vowelless(text):
        return len(squeezed) <= 4
    return HELD.search(text) is not None


def _seen(word: str, language: str) -> bool:
    """Some list of the room's language or of English knows `word`:
    a frequency list, the dictionary, or WordNet's rare words."""
    return (
        zipf(word, language) > 0
        or zipf(word, "en") > 0
        or is_listed(word, language)
        or in_english_wordnet(word)
    )


@lru_cache(maxsize=8192)
def is_compound(word: str, language: str) -> bool:
    """True if `word` splits into two or more words of `language` (Haustürschlüssel)."""
    links = LINKS.get(language, ("",))
    for cut in range(SHORTEST_PART, len(word) - SHORTEST_PART + 1):
        head, rest = word[:cut], word[cut:]
        if not _a_part(head, language):
            continue
        for link in links:
            if not rest.startswith(link):
                continue
            tail = rest[len(link) :]
            if len(tail) >= SHORTEST_PART and (
                _a_part(tail, language) or is_compound(tail, language)
            ):
                return True
    return False


COMMON_PART = 2.5
"""Zipf from which a word is one people build compounds of: a dictionary
lists many rare strings (zor, snib, gnar) that would make any made-up word
a compound."""


def _a_part(part: str, language: str) -> bool:
    """A word of the language (`is_real`) that is not rare."""
    return is_real(part, language) and zipf(part, language) >= COMMON_PART


def _edits(word: str) -> set[str]:
    """Every string one letter away: dropped, swapped, changed or added (Norvig's edits)."""
    halves = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {a + b[1:] for a, b in halves if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in halves if len(b) > 1}
    changed = {a + c + b[1:] for a, b in halves if b for c in LETTERS}
    added = {a + c + b for a, b in halves for c in LETTERS}
    return dropped | swapped | changed | added


@lru_cache(maxsize=8192)
def is_near_word(word: str, language: str) -> bool:
    """True if one slip turns `word` into a common word (a misspelt clue is still a clue)."""
    text = strip_accents(key(word))
    return bool(common_words_among({e for e in _edits(text) if len(e) >= 3}, language))


def is_made_up(clue: str, language: str) -> bool:
    """True only if `clue` cannot be read as any kind of word (J-3, J-4)."""
    text = unicodedata.normalize("NFKC", clue).strip()
    if any(c.isdigit() for c in text) or ACRONYM.match(text) or is_sound(text):
        return False
    if not any(c.isalpha() for c in text):
        return True
    word = key(text)
    if _seen(word, language) or _seen(strip_accents(word), language):
        return False
    if _sound_pair(text.casefold()) or _common_elsewhere(word) or _word_elsewhere(word):
        return False
    return not (is_compound(word, language) or is_near_word(word, language))


SOUND_PART = 4
"""Longest part of a hyphened sound (quá-quá, ding-dong, tic-tac)."""


def _sound_pair(word: str) -> bool:
    """Short parts joined by hyphens, as a sound is written twice."""
    parts = word.split("-")
    return len(parts) > 1 and all(0 < len(p) <= SOUND_PART and p.isalpha() for p in parts)


def _common_elsewhere(word: str) -> bool:
    """A common word of another of the seven languages (bekommen in an
    English room): a foreign word, which J-3 allows, not a made-up one."""
    return any(common_zipf(word, language) >= COMMON_ELSEWHERE for language in LANGUAGES)


COMMON_ELSEWHERE = 3.0
"""Zipf from which a word of another of the seven languages is known
well enough to be foreign, not made up, whatever else it is."""

LISTED_ELSEWHERE = 2.0
"""Zipf from which a word that another language's dictionary also lists
is a word of that language: annoiare and addizione are Italian, though
less common than 3 there."""


def _word_elsewhere(word: str) -> bool:
    """A word another of the seven languages both uses and lists in its
    dictionary (annoiare in an English room): a foreign word, not made up.
    Both are asked, as a frequency list alone has seen typos and a
    dictionary alone holds rare forms a made-up word may hit."""
    return any(
        zipf(word, language) >= LISTED_ELSEWHERE and is_listed(word, language)
        for language in LANGUAGES
    )


def _affixes(text: str) -> frozenset[str]:
    return frozenset(text.split())


AFFIXES: dict[str, frozenset[str]] = {
    "en": _affixes(
        "s es ed d ing er ers r ess esses est ly ness ish y ie ies ied ier iest ful less "
        "ment ments al ic ism ist ists ity ous ize ise ized ised ation able ible "
        "un re pre dis mis non over under anti sub super"
    ),
    "de": _affixes(
        "e en er es s n st t te ten chen lein ung ungen heit keit lich isch ig in innen ei "
        "un ge be ver zer ent"
    ),
    "fr": _affixes(
        "s e es x ette ettes et ier iere eur euse eurs ement er ee ees es ais ait ant isme iste "
        "re de in im"
    ),
    "es": _affixes(
        "s es a as o os ito ita itos itas ero era eros illo illa cion dor dora ar er ir ado ada "
        "ando iendo ismo ista re des in"
    ),
    "it": _affixes(
        "i e a o ino ina ini ine etto etta one ona ista ismo are ere ire ato ata ando endo "
        "ri dis in s"
    ),
    "pt": _affixes(
        "s es a as o os inho inha inhos inhas zinho ao oes eiro eira ar er ir ado ada ando endo "
        "ismo ista re des in"
    ),
    "nl": _affixes("s en e je jes tje tjes er ers ig lijk heid ing ster on ge be ver"),
}
"""Endings and beginnings that make forms and family of a word, without
accents: what is left of a clue around the mystery word when the clue was
made from it (gardener|ing, bass|ess, un|garden)."""

SHORTEST_MYSTERY = 3
"""A shorter mystery word is found inside too many words by chance."""


def is_made_up_on(mystery: str, clue: str, language: str) -> bool:
    """True if `clue` is a made-up word built on the mystery word (J-3: its
    family, and a word that is not one): it holds the mystery word, no word
    list knows it, and what is around the mystery word is an ending or a
    beginning, or no word at all. A compound of the mystery word and a
    real word stands (Lawn, Lawnmower), as does any word a list knows
    (the family check judges those)."""
    inner = strip_accents(key(mystery))
    word = strip_accents(key(clue))
    if len(inner) < SHORTEST_MYSTERY or inner not in word or word == inner:
        return False
    if _seen(key(clue), language) or _seen(word, language) or _common_elsewhere(word):
        return False  # carpeta holds carpet, and is Spanish for a folder
    head, _, tail = word.partition(inner)
    return any(part and not _a_word(part, language) for part in (head, tail))


def _a_word(part: str, language: str) -> bool:
    """Is what stands beside the mystery word a word (or a compound of
    words) of its own, rather than an ending or a beginning?"""
    if len(part) < SHORTEST_PART or _affix_chain(part, AFFIXES.get(language, AFFIXES["en"])):
        return False
    return is_real(part, language) or is_compound(part, language)


def _affix_chain(part: str, affixes: frozenset[str], depth: int = 3) -> bool:
    """Is `part` one ending or beginning, or a few in a row (s|es, zinho|s)?"""
    if part in affixes:
        return True
    return depth > 1 and any(
        part[:cut] in affixes and _affix_chain(part[cut:], affixes, depth - 1)
        for cut in range(1, len(part))
    )

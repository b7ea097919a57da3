"""Words that translate each other across the seven languages, and numbers
written as words or digits (J-4: the mystery word translated; two clues
that are one word in two languages or one number in two writings).

The table (`data/translations.npz`, built by `tools/build_translations.py`
from the word packages and the FreeDict dictionaries, with the common
Spanish, Italian and French words those lack from Apertium's language
pairs in `data/translations-apertium.npz`) ties each word to
the English words it means. Two words translate each other when they are
read in different languages and share a meaning. A word is read in the
room's language, and in another language only where it is much more
common there, so a false friend keeps its own meaning ("chat" in an
English room is not a cat) while "agua" in an English room is water.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt
from rapidfuzz.distance import OSA

from oneword.clue_compare.lexicon import is_listed, zipf
from oneword.clue_compare.spelling import strip_accents

LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")
_SHORT_ORDINAL = re.compile(r"^(\d{1,4})(st|nd|rd|th|\.|e|er|re|eme|ème|me|º|ª|°|o|a|de|ste|te)$")
_SCALES = {
    "en": {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9},
    "de": {"hundert": 100, "tausend": 1000, "million": 10**6, "milliarde": 10**9},
    "fr": {"cent": 100, "mille": 1000, "million": 10**6, "milliard": 10**9},
    "es": {"cien": 100, "ciento": 100, "mil": 1000, "millon": 10**6},
    "it": {"cento": 100, "mille": 1000, "milione": 10**6, "miliardo": 10**9},
    "pt": {"cem": 100, "cento": 100, "mil": 1000, "milhao": 10**6},
    "nl": {"honderd": 100, "duizend": 1000, "miljoen": 10**6, "miljard": 10**9},
}
"""The round numbers said alone (a hundred, tausend, mille), which the
number table holds only inside longer numbers."""


@dataclass(frozen=True)
class Meanings:
    """One language's words (as hashes, sorted) and the English meanings of each."""

    keys: npt.NDArray[np.uint64]
    offsets: npt.NDArray[np.uint32]
    meanings: npt.NDArray[np.uint32]
    zipf: npt.NDArray[np.uint8]
    """How common each word is in the language, in tenths of wordfreq's Zipf."""

    def of(self, word: str) -> tuple[frozenset[int], float]:
        """The word's meanings and how common it is (nothing and 0 if unknown)."""
        wanted = np.uint64(word_hash(word))
        at = int(np.searchsorted(self.keys, wanted))
        if at == len(self.keys) or self.keys[at] != wanted:
            return frozenset(), 0.0
        found = self.meanings[self.offsets[at] : self.offsets[at + 1]].tolist()
        return frozenset(found), float(self.zipf[at]) / 10


@lru_cache(maxsize=65536)
def fold(word: str) -> str:
    """Case and accents dropped (the table was built the same way).
    Cached: a card folds the same few words thousands of times."""
    return strip_accents(word.strip().casefold())


def word_hash(word: str) -> int:
    return int.from_bytes(hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest(), "little")


def common_key(folded: str) -> int:
    """The key of a folded word in the common-words table (CRC-32: two
    words sharing one make at worst a rare word look common)."""
    return zlib.crc32(folded.encode("utf-8"))


@cache
def _common() -> dict[str, tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint8]]]:
    """Each language's common words (`tools/build_common_words.py`)."""
    data_file = resources.files("oneword.clue_compare").joinpath("data/common_words.npz")
    with data_file.open("rb") as file, np.load(file) as data:
        return {
            lang: (np.asarray(data[f"{lang}_keys"]), np.asarray(data[f"{lang}_zipf"]))
            for lang in LANGUAGES
        }


def common_zipf(word: str, language: str) -> float:
    """How common `word` is in `language` (Zipf), if 3 or more; else 0."""
    keys, zipf = _common()[language]
    wanted = common_key(fold(word))
    at = int(np.searchsorted(keys, wanted))
    return float(zipf[at]) / 10 if at < len(keys) and keys[at] == wanted else 0.0


@cache
def _tables() -> tuple[dict[str, Meanings], dict[str, str]]:
    data = _arrays("translations.npz")
    filled = _arrays("translations-apertium.npz")
    tables = {lang: _merged(data, filled, lang) for lang in LANGUAGES}
    numbers = dict(zip(data["number_words"].tolist(), data["number_values"].tolist(), strict=True))
    return tables, numbers


def _arrays(name: str) -> dict[str, npt.NDArray[np.generic]]:
    source = resources.files("oneword.clue_compare").joinpath(f"data/{name}")
    with source.open("rb") as file, np.load(file) as data:
        return {key: np.asarray(data[key]) for key in data.files}


def _meanings(data: dict[str, npt.NDArray[np.generic]], lang: str) -> Meanings | None:
    if f"{lang}_keys" not in data:
        return None
    return Meanings(*(data[f"{lang}_{part}"] for part in ("keys", "offsets", "meanings", "zipf")))  # type: ignore[arg-type]


def _merged(
    data: dict[str, npt.NDArray[np.generic]], filled: dict[str, npt.NDArray[np.generic]], lang: str
) -> Meanings:
    """One language's words from both files, as one sorted table. The
    words Apertium fills in are kept apart on disk for their licence
    (`tools/build_translations.py`); no word is in both."""
    main, extra = _meanings(data, lang), _meanings(filled, lang)
    assert main is not None
    if extra is None:
        return main
    keys = np.concatenate([main.keys, extra.keys])
    order = np.argsort(keys, kind="stable")
    lengths = np.concatenate([np.diff(main.offsets), np.diff(extra.offsets)])[order]
    starts = np.concatenate([main.offsets[:-1], extra.offsets[:-1] + len(main.meanings)])[order]
    every = np.concatenate([main.meanings, extra.meanings])
    picked = np.concatenate([every[s : s + n] for s, n in zip(starts, lengths, strict=True)])
    return Meanings(
        keys[order],
        np.concatenate([[0], np.cumsum(lengths)]).astype(np.uint32),
        picked.astype(np.uint32),
        np.concatenate([main.zipf, extra.zipf])[order],
    )


FOREIGN_MARGIN = 1.0
"""How much more common (Zipf) a word must be in another language than in
the room's to be read in that language: "agua" is Spanish in an English
room, "chat" stays English."""


@lru_cache(maxsize=65536)
def readings(word: str, room: str) -> tuple[tuple[str, frozenset[int]], ...]:
    """The languages `word` may be read in, each with its meanings: the
    room's own, and another where the word is much more common; a word
    that is none of the room's (no meaning in its table, not in its
    dictionary) wherever it is a common word (cat in a German room, whose
    texts hold it at Zipf 3.9 for names and abbreviations, is English)."""
    tables, _ = _tables()
    key = fold(word)
    if not key:
        return ()
    at_home = zipf(word, room)
    if not tables[room].of(key)[0] and not is_listed(word, room):
        at_home = min(at_home, AT_HOME - FOREIGN_MARGIN)
    found_all = []
    for language in LANGUAGES:
        meant, common = tables[language].of(key)
        if not meant:
            continue
        # The table's figure is of the accent-free key (brucke, not Brücke).
        common = max(common, common_zipf(word, language))
        if language == room or common >= at_home + FOREIGN_MARGIN:
            found_all.append((language, meant))
    return tuple(found_all)


AT_HOME = 3.0
"""Zipf from which a word is the room's own, whatever it is elsewhere:
piano is English in an English room, though Italian reads it more."""


@lru_cache(maxsize=65536)
def is_foreign(word: str, room: str) -> bool:
    """True if `word` is a common word of another of the seven languages
    and not of the room's: embarazada in an English room is Spanish, not a
    slip for embarrassed."""
    at_home = zipf(word, room)
    if at_home >= AT_HOME:
        return not is_listed(word, room) and any(
            common_zipf(word, language) >= at_home + UNLISTED_MARGIN
            for language in LANGUAGES
            if language != room
        )
    return any(
        common_zipf(word, language) >= max(AT_HOME, at_home + FOREIGN_MARGIN)
        for language in LANGUAGES
        if language != room
    )


UNLISTED_MARGIN = 1.5
"""How much more common elsewhere a word the room's dictionary does not
list must be to be foreign though the room's texts use it: English rest
turns up in French texts (Zipf 3.2) but is no French word, and far more
common in English (5.2)."""


def meanings_in(word: str, language: str) -> frozenset[int]:
    """The English meanings the table gives `word` in `language` (none if unknown)."""
    tables, _ = _tables()
    return tables[language].of(fold(word))[0]


def meanings_side_by_side(a: str, b: str) -> list[tuple[frozenset[int], frozenset[int]]]:
    """The meanings of `a` and of `b` in each other language whose table
    knows both: one spelling mostly means one thing in the languages that
    share it, and one table may lack a sense another has (Portuguese
    fotografia is a snapshot in the table, Spanish fotografia a photograph,
    as foto is in both)."""
    tables, _ = _tables()
    first, second = fold(a), fold(b)
    found = []
    for language in LANGUAGES:
        meant_a, meant_b = tables[language].of(first)[0], tables[language].of(second)[0]
        if meant_a and meant_b:
            found.append((meant_a, meant_b))
    return found


def are_translations(a: str, b: str, room: str) -> bool:
    """True if `a` and `b`, read in two different languages, mean the same
    word: most meanings of the one with fewer are the other's (Wasser and
    water), not one of several (salire, to climb, and salir, to go out,
    meet in one gloss)."""
    if fold(a) == fold(b):
        return False  # the same spelling is for the spelling checks to judge
    for language_a, meant_a in readings(a, room):
        for language_b, meant_b in readings(b, room):
            if language_a != language_b and _mostly_shared(meant_a, meant_b):
                return True
    return False


SHARED = 0.5
"""Share of the fewer meanings two words must have in common to be one
word in two languages."""


def _mostly_shared(a: frozenset[int], b: frozenset[int]) -> bool:
    """Most of the fewer meanings of `a` and `b` are both's."""
    common = len(a & b)
    return common > 0 and common >= SHARED * min(len(a), len(b))


def meanings_part(a: str, b: str, room: str) -> bool:
    """True if the table knows meanings of `a` and of `b`, each read where
    `readings` reads it, and none of them meet."""
    read_a, read_b = readings(a, room), readings(b, room)
    return bool(read_a and read_b) and not any(
        meant_a & meant_b for _, meant_a in read_a for _, meant_b in read_b
    )


def translates(mystery: str, clue: str, room: str) -> bool:
    """True if `clue`, read in another of the seven languages, means the
    mystery word as the room reads it (J-3: the mystery word translated is
    not a clue): agua for WATER, Wasser for AGUA. A clue that is not a
    common word of the room's language is read in every language it is a
    word of, however rare there; a common one where it is common too, as
    players know the everyday words of their neighbours' languages (pain for
    BREAD, Katze for CHAT, Kind for CHILD), unless the room's own reading of
    it already shares the meaning (lata in a Spanish room is the can of
    ABRELATAS, not Portuguese for it) or it is a letter away from the
    mystery word, which makes it a play on the room's word: beer stays
    English beside BEAR, though Dutch says bear with it, unless `readings`
    reads it abroad."""
    if fold(mystery) == fold(clue):
        return False
    tables, _ = _tables()
    meant = tables[room].of(fold(mystery))[0] or _foreign_meanings(mystery, room)
    if not meant:
        return False
    key = fold(clue)
    if zipf(clue, room) >= AT_HOME:
        if OSA.distance(fold(mystery), key) <= 1:
            return any(lang != room and m & meant for lang, m in readings(clue, room))
        if tables[room].of(key)[0] & meant:
            return False
        languages = [lang for lang in LANGUAGES if common_zipf(clue, lang) >= AT_HOME]
    else:
        languages = list(LANGUAGES)
    return any(
        _mostly_shared(tables[language].of(key)[0], meant)
        for language in languages
        if language != room
    )


def _foreign_meanings(word: str, room: str) -> frozenset[int]:
    """What a word the room's table does not know means where `readings`
    reads it (a mystery word borrowed from another language)."""
    return frozenset().union(*(meant for _, meant in readings(word, room)))


def number_value(word: str, room: str) -> str | None:
    """ "2" for 2, two, zwei (in a German room) and "2." for 2nd, second,
    2e; None for a word that is no number. Words count in the room's
    language and English ("elf" is eleven only in a Dutch room)."""
    key = fold(word)
    if _GROUPED_DIGITS.match(key):
        key = re.sub(r"\D", "", key)
    if key.isdigit():
        return str(int(key)) if len(key) <= LONGEST_NUMBER else key
    short = _SHORT_ORDINAL.match(key)
    if short:
        return f"{int(short.group(1))}."
    roman = roman_value(word.strip())
    if roman is not None:
        return str(roman)
    _, numbers = _tables()
    for language in dict.fromkeys((room, "en")):
        for joined in dict.fromkeys((key, key.replace("-", " "), key.replace(" ", "-"))):
            found = numbers.get(f"{language}:{joined}")
            if found is not None:
                return found
        feminine = _masculine_ordinal(key, language, numbers)
        if feminine is not None:
            return feminine
        scale = _SCALES.get(language, {}).get(key)
        if scale is not None:
            return str(scale)
    return None


FEMININE_ORDINALS = ("es", "pt", "it")
"""Languages whose ordinals end in -o, and in -a for a feminine noun
(primera, primeira, terza), which the number table holds only in -o."""


def _masculine_ordinal(key: str, language: str, numbers: dict[str, str]) -> str | None:
    """The value of a feminine ordinal read as its masculine (primera as
    primero: "1."); None if `key` is not one."""
    if language not in FEMININE_ORDINALS or not key.endswith("a"):
        return None
    found = numbers.get(f"{language}:{key[:-1]}o")
    return found if found is not None and found.endswith(".") else None


LONGEST_NUMBER = 100
"""Digits read as a number's value (leading zeros dropped); a longer run
is compared as written (Python refuses to convert thousands of digits)."""

_GROUPED_DIGITS = re.compile(r"^\d{1,3}([,.' \u00a0\u202f]\d{3})+$")
"""Digits in groups of three, as each language separates thousands
(1,000; 1.000; 1 000; 1'000)."""

_ROMAN = re.compile(r"^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_ROMAN_DIGITS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman_value(text: str) -> int | None:
    """The value of a Roman numeral typed in capitals, of two letters or
    more (III, XII, MMXXVI); None for anything else. One letter alone is
    read as a letter (X, I)."""
    if len(text) < 2 or not _ROMAN.match(text):
        return None
    values = [_ROMAN_DIGITS[letter] for letter in text]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def same_number(a: str, b: str, room: str) -> bool:
    value = number_value(a, room)
    return value is not None and value == number_value(b, room)

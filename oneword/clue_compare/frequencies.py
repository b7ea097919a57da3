"""wordfreq's frequency lists, packed to open at once.

wordfreq keeps a loaded list as a Python dict from word to frequency:
about 80 MB for German's 634,000 words, built in half a second, and as
much again per language, on a server where a few rooms may play Just One
in different languages. The list carries nothing but each word's band (a
whole number of centibels below 1), so `tools/build_word_tables.py` packs
it offline into a MARISA trie of the words (memory-mapped: nothing to
build, pages shared by the server's processes) and an array of bands in
the trie's key order (1.3 MB for German). `zipf` gives what wordfreq's
`zipf_frequency` gives, value for value: the same tokens, the same
treatment of digits, the same rounding.
"""

from __future__ import annotations

import math
import threading
from array import array
from importlib.resources import files

import numpy as np
from marisa_trie import Trie
from wordfreq.numbers import digit_freq, smash_numbers
from wordfreq.tokens import lossy_tokenize

from oneword.clue_compare.lemma_tables import storable

_DATA = files("oneword.clue_compare") / "data"


class FrequencyTable:
    """One language's list: each word's band, found by the word's key in the trie."""

    def __init__(self, words: Trie, bands: np.ndarray) -> None:
        self._words = words
        self._bands = array("H", bands.astype(np.uint16).tobytes())

    def __len__(self) -> int:
        return len(self._bands)

    def band(self, word: str) -> int | None:
        """The word's band (its frequency is 10 ** (-band / 100)); None if unlisted."""
        index = self._words.get(word) if storable(word) else None
        return None if index is None else self._bands[index]

    def frequency(self, word: str) -> float:
        """The word's frequency as wordfreq's dict holds it (0 if unlisted)."""
        band = self.band(word)
        return 0.0 if band is None else 10 ** (-band / 100)


_TABLES: dict[str, FrequencyTable] = {}
_LOADING = threading.Lock()


def table(language: str) -> FrequencyTable:
    """The language's list, opened once per process."""
    found = _TABLES.get(language)
    if found is not None:
        return found
    with _LOADING:
        if language not in _TABLES:
            words = Trie().mmap(str(_DATA / f"words-{language}.marisa"))
            with np.load(str(_DATA / "bands.npz")) as bands:
                _TABLES[language] = FrequencyTable(words, bands[language])
        return _TABLES[language]


def zipf(word: str, language: str) -> float:
    """How common `word` is (the Zipf scale, 0 if unseen), as wordfreq's
    `zipf_frequency` says: tokens combined as 1/f = 1/f1 + 1/f2 + ...,
    digits read through wordfreq's digit distribution, three significant
    digits, then the Zipf value to the hundredth."""
    tokens = lossy_tokenize(word, language)
    if not tokens:
        return 0.0
    words = table(language)
    one_over = 0.0
    for token in tokens:
        smashed = smash_numbers(token)
        frequency = words.frequency(smashed)
        if frequency == 0.0:
            return 0.0
        if smashed != token:
            frequency *= digit_freq(token)
        one_over += 1.0 / frequency
    frequency = 1.0 / one_over
    rounded = round(frequency, math.floor(-math.log(frequency, 10)) + 3)
    return round(math.log(rounded, 10) + 9, 2)

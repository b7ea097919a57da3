"""wordfreq's frequency lists, held compactly.

wordfreq keeps a loaded list as a Python dict from word to frequency:
about 80 MB for German's 634,000 words, and as much again per language,
on a server where a few rooms may play Just One in different languages.
The list carries nothing but each word's band (a whole number of
centibels below 1), so it is kept here as the words' UTF-8 bytes, sorted,
in one block, with their offsets and bands in two arrays: about a tenth
of the memory. A word is found by bisection (a small index, then a block);
the look-ups above this module are cached. `zipf` gives what wordfreq's
`zipf_frequency` gives, value for value: the same tokens, the same
treatment of digits, the same rounding.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import sys
import threading
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import overload

from wordfreq import available_languages, read_cBpack
from wordfreq.numbers import digit_freq, smash_numbers
from wordfreq.tokens import lossy_tokenize

BLOCK = 64
"""Words per block of the table's index: the index (every 64th word, as
its own bytes) is bisected at C speed, then six steps within the block."""


class FrequencyTable:
    """One language's list: each word's band, found by bisection."""

    def __init__(self, buckets: list[list[str]]) -> None:
        pairs = sorted(
            (word.encode(), band) for band, words in enumerate(buckets) for word in words
        )
        self._starts = array("I")
        position = 0
        for word, _ in pairs:
            self._starts.append(position)
            position += len(word)
        self._starts.append(position)
        self._blob = b"".join(word for word, _ in pairs)
        self._bands = array("H", (band for _, band in pairs))
        self._words = _Words(self._blob, self._starts)
        self._index = [self._words[i] for i in range(0, len(self._bands), BLOCK)]

    def __len__(self) -> int:
        return len(self._bands)

    def band(self, word: str) -> int | None:
        """The word's band (its frequency is 10 ** (-band / 100)); None if unlisted."""
        wanted = word.encode()
        block = max(0, bisect_right(self._index, wanted) - 1) * BLOCK
        index = bisect_left(self._words, wanted, block, min(block + BLOCK, len(self._bands)))
        if index < len(self._bands) and self._words[index] == wanted:
            return self._bands[index]
        return None

    def frequency(self, word: str) -> float:
        """The word's frequency as wordfreq's dict holds it (0 if unlisted)."""
        band = self.band(word)
        return 0.0 if band is None else 10 ** (-band / 100)


class _Words(Sequence[bytes]):
    """The sorted words of a table, read out of its block as bisection asks."""

    def __init__(self, blob: bytes, starts: array[int]) -> None:
        self._blob = blob
        self._starts = starts

    def __len__(self) -> int:
        return len(self._starts) - 1

    @overload
    def __getitem__(self, index: int) -> bytes: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[bytes]: ...

    def __getitem__(self, index: int | slice) -> bytes | Sequence[bytes]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._blob[self._starts[index] : self._starts[index + 1]]


_TABLES: dict[str, FrequencyTable] = {}
_LOADING = threading.Lock()


def table(language: str) -> FrequencyTable:
    """The language's list, read from wordfreq's file once per process."""
    found = _TABLES.get(language)
    if found is not None:
        return found
    with _LOADING:
        if language not in _TABLES:
            _TABLES[language] = FrequencyTable(read_cBpack(available_languages("best")[language]))
            _give_back_memory()
        return _TABLES[language]


def _give_back_memory() -> None:
    """Hand the memory the build used for a moment back to the system
    (glibc keeps freed memory for later otherwise); elsewhere, nothing."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)


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

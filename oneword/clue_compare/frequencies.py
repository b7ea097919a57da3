"""wordfreq's frequency lists, held compactly.

wordfreq keeps a loaded list as a Python dict from word to frequency:
about 80 MB for German's 634,000 words, and as much again per language,
on a server where a few rooms may play Just One in different languages.
The list carries nothing but each word's band (a whole number of
centibels below 1), so it is kept here as the words' UTF-8 bytes in one
block, with their offsets, bands and 32-bit hashes in arrays: about a
tenth of the memory. The words are ordered by hash, not spelling: a
sort of numbers is done in C in a few milliseconds where a sort of the
words themselves took most of a second for German, and the list is read
on a game's first card. A word is found by bisecting the hashes, then
comparing the few words that share its hash. `zipf` gives what
wordfreq's `zipf_frequency` gives, value for value: the same tokens, the
same treatment of digits, the same rounding.
"""

from __future__ import annotations

import contextlib
import ctypes
import math
import sys
import threading
import zlib
from array import array
from bisect import bisect_left

import numpy as np
from wordfreq import available_languages, read_cBpack
from wordfreq.numbers import digit_freq, smash_numbers
from wordfreq.tokens import lossy_tokenize


def word_key(word: bytes) -> int:
    """The 32-bit key a word is ordered and found by. (CRC-32: the same in
    every process, unlike Python's `hash`, and computed in C.)"""
    return zlib.crc32(word)


class FrequencyTable:
    """One language's list: each word's band, found by its hash."""

    def __init__(self, buckets: list[list[str]]) -> None:
        words = [word.encode() for bucket in buckets for word in bucket]
        keys = np.fromiter(map(zlib.crc32, words), dtype=np.uint32, count=len(words))
        bands = np.repeat(np.arange(len(buckets), dtype=np.uint16), [len(b) for b in buckets])
        lengths = np.fromiter(map(len, words), dtype=np.uint32, count=len(words))
        order = np.argsort(keys, kind="stable")
        self._blob = _reordered(b"".join(words), lengths, order)
        starts = np.zeros(len(words) + 1, dtype=np.uint32)
        np.cumsum(lengths[order], out=starts[1:])
        self._keys = array("I", keys[order].tobytes())
        self._starts = array("I", starts.tobytes())
        self._bands = array("H", bands[order].tobytes())

    def __len__(self) -> int:
        return len(self._bands)

    def band(self, word: str) -> int | None:
        """The word's band (its frequency is 10 ** (-band / 100)); None if unlisted."""
        wanted = word.encode()
        key = word_key(wanted)
        index = bisect_left(self._keys, key)
        while index < len(self._keys) and self._keys[index] == key:
            if self._blob[self._starts[index] : self._starts[index + 1]] == wanted:
                return self._bands[index]
            index += 1
        return None

    def frequency(self, word: str) -> float:
        """The word's frequency as wordfreq's dict holds it (0 if unlisted)."""
        band = self.band(word)
        return 0.0 if band is None else 10 ** (-band / 100)


def _reordered(blob: bytes, lengths: np.ndarray, order: np.ndarray) -> bytes:
    """The words laid end to end in `blob` (of `lengths`), moved into
    `order`: one gather over the bytes, instead of a Python list of the
    words put in order and joined again. (32-bit offsets: a list is a few
    megabytes.)"""
    starts = np.zeros(len(lengths), dtype=np.int32)
    np.cumsum(lengths[:-1], out=starts[1:])
    moved = lengths[order].astype(np.int32)
    targets = np.zeros(len(moved), dtype=np.int32)
    np.cumsum(moved[:-1], out=targets[1:])
    gather = np.repeat(starts[order] - targets, moved)
    gather += np.arange(len(gather), dtype=np.int32)
    moved_bytes: bytes = np.frombuffer(blob, dtype=np.uint8)[gather].tobytes()
    return moved_bytes


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

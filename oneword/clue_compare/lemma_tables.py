"""The lemma dictionaries of the seven word languages, packed to be ready at once.

simplemma's own dictionaries are front-coded streams that must be decoded
record by record before the first look-up: over a second for German, which
a Just One card or a Codewords clue would wait for. The same dictionaries,
packed offline by `tools/build_lemma_tables.py` into MARISA tries, are
memory-mapped instead: opening one takes under a millisecond, its pages are
shared by every process of the server, and simplemma's lemmatizer reads
them through its `DictionaryFactory` protocol, so its rules for forms the
dictionary lacks work exactly as before.

Each trie maps a form to an edit that turns it into its lemma (letters to
drop from the end, then letters to add): the edits repeat, so the trie
shares them. English also keeps lemminflect's noun lemmas (leaves -> leaf,
which simplemma reads as a verb) in a small text table, and WordNet's
words in a trie of their own: the rare words no frequency list has seen
(singultus, sternutation) are words all the same.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator, Mapping
from functools import cache
from importlib.resources import files

from marisa_trie import BytesTrie, Trie
from simplemma import Lemmatizer
from simplemma.strategies import DefaultStrategy, DictionaryLookupStrategy
from simplemma.utils import normalize_token

LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")
"""The languages with a packed dictionary: the app's word languages."""

WHOLE_LEMMA = 255
"""An edit's first byte when the lemma is stored whole (a form longer than
the byte can count)."""

_DATA = files("oneword.clue_compare") / "data"


def edit_to(form: str, lemma: str) -> bytes:
    """The edit that turns `form` into `lemma`: a byte counting the letters
    to drop from the end of `form`, then the UTF-8 letters to add."""
    shared = 0
    for a, b in zip(form, lemma, strict=False):
        if a != b:
            break
        shared += 1
    drop = len(form) - shared
    if drop >= WHOLE_LEMMA:
        return bytes([WHOLE_LEMMA]) + lemma.encode()
    return bytes([drop]) + lemma[shared:].encode()


def apply_edit(form: str, edit: bytes) -> str:
    """The lemma `edit` makes of `form` (the inverse of `edit_to`)."""
    drop, added = edit[0], edit[1:].decode()
    if drop == WHOLE_LEMMA:
        return added
    return form[: len(form) - drop] + added


_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def storable(key: str) -> bool:
    """True if `key` can be a key of a packed table: no NUL (the trie's
    value separator would meet it) and no lone surrogate (which has no
    UTF-8). A player may type either; such a word is in no table."""
    return _UNSTORABLE.search(key) is None


class PackedLemmas(Mapping[str, str]):
    """One language's forms and their lemmas, read from a memory-mapped trie."""

    __slots__ = ("_trie",)

    def __init__(self, trie: BytesTrie) -> None:
        self._trie = trie

    def __getitem__(self, form: str) -> str:
        lemma = self.get(form)
        if lemma is None:
            raise KeyError(form)
        return lemma

    def get(self, form: str, default: str | None = None) -> str | None:  # type: ignore[override]
        """The lemma of `form`, or `default`: no exception on a miss, as
        the lemmatizer asks mostly for forms that are not there."""
        if not storable(form):
            return default
        edits = self._trie.get(form)
        return apply_edit(form, edits[0]) if edits else default

    def __iter__(self) -> Iterator[str]:
        return iter(self._trie.iterkeys())

    def __len__(self) -> int:
        return len(self._trie)


class PackedDictionaries:
    """simplemma's `DictionaryFactory`, over the packed tries."""

    def get_dictionary(self, lang: str) -> Mapping[str, str]:
        """The dictionary of `lang`; ValueError for a language without one."""
        return _opened(lang)


@cache
def _opened(language: str) -> PackedLemmas:
    """One language's trie, mapped once per process (two threads may both
    map it the first time: harmless, the pages are the file's)."""
    if language not in LANGUAGES:
        raise ValueError(f"no packed dictionary for {language!r}")
    return PackedLemmas(BytesTrie().mmap(str(_DATA / f"lemmas-{language}.marisa")))


DICTIONARIES = PackedDictionaries()
_LEMMATIZER = Lemmatizer(lemmatization_strategy=DefaultStrategy(dictionary_factory=DICTIONARIES))
_LOOKUP = DictionaryLookupStrategy(DICTIONARIES)


def lemmatize(word: str, language: str) -> str:
    """simplemma's lemma of `word`: the dictionary's, else its rules' guess,
    else the word itself. `word` must not be empty."""
    return _LEMMATIZER.lemmatize(word, language)


def is_known(word: str, language: str) -> bool:
    """True if the dictionary of `language` lists `word` (as typed, or with
    its first letter's case turned), as simplemma's `is_known` says."""
    return bool(word) and _LOOKUP.get_lemma(normalize_token(word), language) is not None


@cache
def _english_nouns() -> dict[str, tuple[str, ...]]:
    text = gzip.decompress((_DATA / "nouns-en.tsv.gz").read_bytes()).decode()
    table: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        form, _, nouns = line.partition("\t")
        table[form] = tuple(nouns.split(" "))
    return table


def english_noun_lemmas(word: str) -> tuple[str, ...]:
    """lemminflect's noun lemmas of the lower-case English `word` (leaves ->
    leave, leaf), or none if it lists no such noun."""
    return _english_nouns().get(word, ())


@cache
def _wordnet_words() -> Trie:
    return Trie().mmap(str(_DATA / "wordnet-en.marisa"))


def in_english_wordnet(word: str) -> bool:
    """True if WordNet lists the lower-case `word`, or it without a plural
    -s or -es, as an English word of one piece."""
    if not storable(word):
        return False
    words = _wordnet_words()
    endings = ("s", "es") if word.endswith("s") else ()
    return word in words or any(word[: -len(end)] in words for end in endings)

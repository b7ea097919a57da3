"""The bots' sense of which words go together: a shipped table of vectors.

One table a word language: `data/vectors.npz` (English, built by
`tools/build_bot_vectors.py`) holds unit vectors from three different
pretrained models for the same words (MPNet, MiniLM, GloVe);
`data/vectors-LANG.npz` (built by `tools/build_bot_lexicons.py`) places the
words of another language at their English translations, in the same
spaces. An `Association` reads some or all of them: the in-game bots read
all three (their mean reads people best, and a captain that keeps its
margin in each is read safely by a teammate who thinks differently); the
benchmark pits one model against the others. Each model's cosines are put
on one scale (z-scores over random word pairs), so thresholds mean the same
whichever models are in use. Loading is lazy and cached: a room with no
bots never pays for it."""

from __future__ import annotations

import contextlib
import ctypes
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt
import snowballstemmer
from threadpoolctl import ThreadpoolController

from oneword.clue_compare.forms import STEMMERS
from oneword.clue_compare.spelling import strip_accents

MODELS = ("mpnet", "minilm", "glove")
"""The association models of every table (`tools/build_bot_vectors.py`)."""
Matrix = npt.NDArray[np.float32]
UNKNOWN = -3.0
"""The score of a word the table does not know: far below any threshold."""
_SUFFIXES = ("s", "es", "ed", "ing", "er", "ly")
LINK_BONUS = 1.0
"""What a WordNet tie adds to a pair's score (a spread above the models'
mean): a kind, a part, a synonym or a word of the definition is what a
person means more often than the vectors alone say (measured on the tune
rows of the reading set: first pick 0.79 -> 0.82)."""
LINK_SHIFT = 20
"""Bits of the larger row in a pair's key (rows are below 2**20)."""
MIN_PART, MIN_HEAD = 3, 3
"""The shortest first and last parts of a compound a clue is read as."""
COMPOUNDING = ("en", "de", "nl")
"""The word languages that write compounds as one word."""
_JOINTS = ("", "s", "es", "en", "n", "e", "er")
"""Letters that join the parts of a compound (Liebesbrief, pannenkoek)."""
BOARD, POOL = 1, 2
"""The table's flag bits: a board word; a clue candidate (`build_bot_vectors.py`)."""


@dataclass(frozen=True)
class Block:
    """One model's vectors, as int8 codes with one scale a row (a quarter
    of float32's memory; cosines within about 0.005)."""

    codes: npt.NDArray[np.int8]
    scale: Matrix

    def rows(self, at: Sequence[int] | npt.NDArray[np.int64]) -> Matrix:
        index = np.asarray(at, dtype=np.int64)
        out = self.codes[index].astype(np.float32)
        out *= self.scale[index, None]
        return out

    def subset(self, at: npt.NDArray[np.int64]) -> Block:
        return Block(self.codes[at], self.scale[at])

    def times(self, right: Matrix) -> Matrix:
        """All rows times `right` (columns), without keeping the rows as
        float32: the codes are widened for the product only, then each
        row's scale applied (a captain's pool in float32 would cost more
        memory than the whole table)."""
        return (self.codes.astype(np.float32) @ right) * self.scale[:, None]


@dataclass(frozen=True)
class Table:
    """One language's shipped table, as loaded."""

    words: list[str]
    flags: npt.NDArray[np.int8]
    blocks: dict[str, Block]
    stems: dict[str, int]
    links: npt.NDArray[np.int64]
    """Sorted keys of the pairs of English rows WordNet ties together
    (`_pair_key`, `tools/build_bot_links.py`); every language reads them."""
    meanings: Meanings | None
    """Each row's English rows (the words it was placed at); None in English."""


@dataclass(frozen=True)
class Meanings:
    """Rows of the English table for each row of another language's table,
    as one flat array and where each row's part starts."""

    starts: npt.NDArray[np.int32]
    rows: npt.NDArray[np.int32]

    def of(self, at: Sequence[int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """The English rows of each of `at`, flat, with the index in `at`
        each came from."""
        index = np.asarray(at, dtype=np.int64)
        counts = (self.starts[index + 1] - self.starts[index]).astype(np.int64)
        owner = np.repeat(np.arange(len(index)), counts)
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        return self.rows[np.repeat(self.starts[index], counts) + offsets].astype(np.int64), owner


class Association:
    """Scores of association between words, on a z-scale (0 = an ordinary
    unrelated pair, 3 = strongly related)."""

    def __init__(
        self,
        words: Sequence[str],
        blocks: dict[str, Block],
        pool: npt.NDArray[np.int64],
        language: str = "en",
        stems: dict[str, int] | None = None,
        links: npt.NDArray[np.int64] | None = None,
        meanings: Meanings | None = None,
    ) -> None:
        self.words = list(words)
        self.links = links if links is not None else np.zeros(0, dtype=np.int64)
        self.meanings = meanings
        self.language = language
        self.index = {w.casefold(): i for i, w in enumerate(self.words)}
        self.models = tuple(blocks)
        self.blocks = blocks
        self.pool = pool
        self.stems = stems or {}
        """Snowball stems that are not words of the table, and their rows."""
        self._pool_blocks = {name: b.subset(pool) for name, b in blocks.items()}
        self.scale = {name: _pair_scale(b) for name, b in self._pool_blocks.items()}

    def find(self, word: str) -> int | None:
        """The table row of a word, or of its plain form ("dogs" -> "dog",
        "Hunde" -> "Hund")."""
        key = word.strip().casefold().replace("\u2019", "'")
        if key in self.index:
            return self.index[key]
        if self.language == "en":
            for suffix in _SUFFIXES:
                if key.endswith(suffix) and key[: -len(suffix)] in self.index:
                    return self.index[key[: -len(suffix)]]
            return None
        stem = _stemmer(self.language).stemWord(key)
        found = self.index.get(stem, self.stems.get(stem))
        return found if found is not None else self.index.get(_unaccented(key))

    def rows(self, words: Sequence[str]) -> list[int | None]:
        return [self.find(w) for w in words]

    def pool_scores(self, right: Sequence[int]) -> list[Matrix]:
        """Scores of every clue candidate (`pool`) against `right`, one
        matrix a model: the captain's one big product."""
        found = []
        with _controller().limit(limits=1, user_api="blas"):
            for name, pool_block in self._pool_blocks.items():
                mean, spread = self.scale[name]
                found.append((pool_block.times(self.blocks[name].rows(right).T) - mean) / spread)
        return found

    def word_scores(self, clue: str, words: Sequence[str]) -> list[float]:
        """How strongly `clue` points at each of `words` (UNKNOWN where the
        clue cannot be read or a word is not in the table): the models'
        mean, and LINK_BONUS more where WordNet ties the two words."""
        vectors = self.clue_vectors(clue)
        rows = self.rows(words)
        known = [r for r in rows if r is not None]
        if vectors is None or not known:
            return [UNKNOWN] * len(words)
        total = np.zeros(len(known), dtype=np.float32)
        for name, block in self.blocks.items():
            mean, spread = self.scale[name]
            total += (block.rows(known) @ vectors[name] - mean) / spread
        total /= len(self.blocks)
        at = self.find(clue)
        if at is not None:
            total += LINK_BONUS * self.linked(at, known)
        found = iter(total.tolist())
        return [next(found) if r is not None else UNKNOWN for r in rows]

    def linked(self, at: int, rows: Sequence[int]) -> npt.NDArray[np.bool_]:
        """Which of `rows` WordNet ties to row `at` (`build_bot_links.py`);
        in another language, through the English words each stands for."""
        tied = np.zeros(len(rows), dtype=bool)
        if not len(self.links) or not len(rows):
            return tied
        if self.meanings is None:
            left, right, owner = np.full(len(rows), at), np.asarray(rows), np.arange(len(rows))
        else:
            clue, _ = self.meanings.of([at])
            cards, card_owner = self.meanings.of(rows)
            left = np.repeat(clue, len(cards))
            right, owner = np.tile(cards, len(clue)), np.tile(card_owner, len(clue))
        keys = _pair_key(left.astype(np.int64), right.astype(np.int64))
        where = np.minimum(np.searchsorted(self.links, keys), len(self.links) - 1)
        tied[owner[self.links[where] == keys]] = True
        return tied

    def clue_vectors(self, clue: str) -> dict[str, Matrix] | None:
        """A clue as each model reads it, or None when it cannot be read.

        People clue with words beyond any table: a name or a loan spelled
        as in English (Spielberg, Pisa, Sputnik in an Italian room), read
        through the English table, whose vectors share the spaces of every
        language's table; or a compound of two known words (vlinderdas,
        pannenkoek, haut-parleur), read as the mean of its parts."""
        at = self.find(clue)
        if at is not None:
            return {name: block.rows([at])[0] for name, block in self.blocks.items()}
        if self.language != "en":
            english = association("en", self.models)
            at = english.find(clue)
            if at is not None:
                return {name: block.rows([at])[0] for name, block in english.blocks.items()}
        parts = self.compound_parts(clue)
        if parts is None:
            return None
        return {
            name: _unit_row(block.rows(list(parts)).sum(axis=0))
            for name, block in self.blocks.items()
        }

    def compound_parts(self, word: str) -> tuple[int, int] | None:
        """The rows of the two known words a compound is made of, or None.
        A hyphen splits first; in the Germanic languages, which write
        compounds as one word, the longest known last part whose first
        part is known too, allowing the joining letters (Hochzeitstorte,
        pannenkoek). Romance compounds are hyphenated or written apart."""
        key = word.strip().casefold()
        if "-" in key:
            before, _, after = key.partition("-")
            first, last = self.find(before), self.find(after)
            return (first, last) if first is not None and last is not None else None
        if self.language not in COMPOUNDING:
            return None
        splits: list[tuple[bool, int, int, int]] = []
        for cut in range(MIN_PART, len(key) - MIN_HEAD + 1):
            head = self.find(key[cut:])
            for joint in _JOINTS if head is not None else ():
                stem = key[: cut - len(joint)]
                if not key[:cut].endswith(joint) or len(stem) < MIN_PART:
                    continue
                left = self.find(stem)
                if left is not None and head is not None:
                    exact = key[cut:] in self.index
                    splits.append((exact, min(len(stem), len(key) - cut), left, head))
        if not splits:
            return None
        # A last part spelled as a word of its own, then the most even
        # split: "Hochzeits|torte" before "Hochzeit|storte", "slag|room"
        # before "sla|groom".
        best = max(splits)
        return best[2], best[3]

    def only(self, *names: str, links: bool = True) -> Association:
        """The same table read through some of its models only (and without
        WordNet's ties when `links` is False: a plain embedding)."""
        blocks = {n: self.blocks[n] for n in names}
        kept = self.links if links else None
        return Association(
            self.words, blocks, self.pool, self.language, self.stems, kept, self.meanings
        )


@cache
def _controller() -> ThreadpoolController:
    """One BLAS thread for the bots' products: they are small, and a
    threaded BLAS on a busy server spends many times longer waiting for
    its threads than multiplying (measured: 1 ms alone, 10-100 ms threaded)."""
    return ThreadpoolController()


def _pair_scale(block: Block) -> tuple[float, float]:
    """Mean and spread of cosines over the pairs of a fixed sample of rows
    (each row with itself left out)."""
    rng = np.random.default_rng(0)
    size = len(block.codes)
    sample = block.rows(rng.choice(size, size=min(size, 1500), replace=False))
    cos = sample @ sample.T
    pairs = len(sample) * (len(sample) - 1)
    diagonal = np.einsum("ii->i", cos)
    mean = (cos.sum() - diagonal.sum()) / pairs
    square = (np.einsum("ij,ij->", cos, cos) - (diagonal**2).sum()) / pairs
    return float(mean), float(np.sqrt(square - mean**2))


@cache
def table(language: str = "en") -> Table:
    """A shipped table: its words, their flags, one block a model, and the
    stems that lead to a word (none for English, read by its suffixes)."""
    with resources.files("oneword.bots").joinpath(_file(language)).open("rb") as file:
        data = np.load(file)
        words = [str(w) for w in data["words"]]
        flags = np.asarray(data["flags"])
        blocks = {
            name: Block(np.asarray(data[name]), np.asarray(data[f"{name}_scale"], dtype=np.float32))
            for name in MODELS
        }
        stems = (
            dict(zip(data["stems"].tolist(), data["stem_rows"].tolist(), strict=True))
            if "stems" in data
            else {}
        )
        meanings = (
            Meanings(np.asarray(data["meaning_starts"]), np.asarray(data["meaning_rows"]))
            if "meaning_starts" in data
            else None
        )
    return Table(words, flags, blocks, stems, _links(), meanings)


def _links() -> npt.NDArray[np.int64]:
    found = resources.files("oneword.bots").joinpath("data/links-en.npz")
    if not found.is_file():
        return np.zeros(0, dtype=np.int64)
    with found.open("rb") as file:
        return np.asarray(np.load(file)["links"], dtype=np.int64)


def _pair_key(left: npt.NDArray[np.int64], right: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """One int64 for an unordered pair of rows (the build's `keys`)."""
    return (np.minimum(left, right) << LINK_SHIFT) | np.maximum(left, right)


def has_table(language: str) -> bool:
    return resources.files("oneword.bots").joinpath(_file(language)).is_file()


def _file(language: str) -> str:
    """English is the models' own language; the others are placed by their
    English translations (`tools/build_bot_lexicons.py`)."""
    return "data/vectors.npz" if language == "en" else f"data/vectors-{language}.npz"


@cache
def association(language: str = "en", models: tuple[str, ...] = MODELS) -> Association:
    shipped = table(language)
    pool = np.flatnonzero(shipped.flags & POOL).astype(np.int64)
    blocks = {n: shipped.blocks[n] for n in models}
    found = Association(
        shipped.words, blocks, pool, language, shipped.stems, shipped.links, shipped.meanings
    )
    _give_back_freed_memory()
    return found


def _unit_row(row: Matrix) -> Matrix:
    return (row / max(float(np.linalg.norm(row)), 1e-9)).astype(np.float32)


def _unaccented(key: str) -> str:
    """ "karaoké" -> "karaoke": a loan typed with the language's accents."""
    return strip_accents(key)


@cache
def _stemmer(language: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(STEMMERS[language])


def _give_back_freed_memory() -> None:
    """Return the loading's freed scratch arrays to the system (glibc keeps
    them otherwise: measured 10 MB of the table's 63 MB). A no-op where
    the C library has no malloc_trim."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)

"""Build `oneword/bots/data/links-en.npz`: which English words WordNet ties
to which board words, for the bots' guesser.

People clue by what they know of a thing, not only by what words share
contexts: a kind of it (fruit for banana), a part of it (wheel for bike),
a word for the same thing, a word its definition uses (Achilles, heel).
Word vectors catch most of that, and miss some; WordNet says it outright.
A pair is kept when one word is a board word of the packages and the other
is a word of the bots' English table (`vectors.npz`), and in one of the
first four senses of either word the other is:

- a word of the same synset;
- a word of a synset one step up or down (hypernym, hyponym, instances);
- a word of a part, member or substance synset, either way;
- a word of its definition (the gloss before any example).

The table holds each pair once, as one sorted int64 key (the smaller row
times 2**20 plus the larger), so the guesser looks a board up with one
binary search.

Needs, at build time only, Debian's `wordnet-base` (WordNet 3.0, WordNet
licence: copying and redistribution allowed with its notice, see LICENSE).

Run: apt-get install wordnet-base && python tools/build_bot_links.py
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import numpy as np

from oneword.bots.vectors import BOARD, LINK_SHIFT

SOURCE = Path("/usr/share/wordnet")
DATA = Path(__file__).resolve().parents[1] / "oneword" / "bots" / "data"
OUT = DATA / "links-en.npz"
SENSES = 4
"""Senses of a word that count, commonest first."""
NEAR = {"@", "@i", "~", "~i", "%p", "%m", "%s", "#p", "#m", "#s"}
"""Pointer symbols one step away: up, down, parts and wholes."""
PARTS = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}


class WordNet:
    """The few parts of the WordNet database this build reads."""

    def __init__(self) -> None:
        self.words: dict[str, list[str]] = {}
        self.near: dict[str, list[str]] = defaultdict(list)
        self.gloss: dict[str, set[str]] = {}
        self.senses: dict[str, list[str]] = defaultdict(list)
        for part in ("noun", "verb", "adj", "adv"):
            self._read_data(part)
            self._read_index(part)

    def _read_data(self, part: str) -> None:
        for line in (SOURCE / f"data.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            body, _, gloss = line.partition(" | ")
            fields = body.split()
            key = f"{part}:{fields[0]}"
            count = int(fields[3], 16)
            self.words[key] = [_lemma(fields[4 + 2 * i]) for i in range(count)]
            at = 4 + 2 * count
            for i in range(int(fields[at])):
                symbol, offset, pos = fields[at + 1 + 4 * i : at + 4 + 4 * i]
                if symbol in NEAR:
                    self.near[key].append(f"{PARTS[pos]}:{offset}")
            definition = gloss.split('"')[0].split(";")[0]
            self.gloss[key] = set(re.findall(r"[a-z]+", definition.lower()))

    def _read_index(self, part: str) -> None:
        """Each lemma's synsets in WordNet's order (commonest sense first)."""
        for line in (SOURCE / f"index.{part}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            fields = line.split()
            count = int(fields[2])
            offsets = fields[len(fields) - count :]
            self.senses[_lemma(fields[0])] += [f"{part}:{o}" for o in offsets]

    def related(self, word: str) -> set[str]:
        """Every word tied to `word` as the module's docstring says."""
        found: set[str] = set()
        for synset in self.senses.get(word, [])[:SENSES]:
            found.update(self.words[synset])
            found.update(self.gloss[synset])
            for other in self.near[synset]:
                found.update(self.words[other])
        found.discard(word)
        return found


def _lemma(raw: str) -> str:
    return re.sub(r"\(.*\)$", "", raw).replace("_", " ").lower()


def keys(rows: list[tuple[int, int]]) -> np.ndarray:
    pairs = np.array(sorted({(min(a, b), max(a, b)) for a, b in rows if a != b}), dtype=np.int64)
    return np.unique((pairs[:, 0] << LINK_SHIFT) | pairs[:, 1])


def main() -> None:
    with np.load(DATA / "vectors.npz") as table:
        words = [str(w) for w in table["words"]]
        board = set(np.flatnonzero(table["flags"] & BOARD).tolist())
    row = {w.casefold(): i for i, w in enumerate(words)}
    wordnet = WordNet()
    found: list[tuple[int, int]] = []
    for at, word in enumerate(words):
        for other in wordnet.related(word.casefold()):
            there = row.get(other)
            if there is not None and (at in board or there in board):
                found.append((at, there))
    links = keys(found)
    np.savez_compressed(OUT, links=links)
    print(f"{len(links)} links to {len(board)} board words; {OUT.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()

"""Build the bots' tables for German, French, Spanish, Italian, Portuguese
and Dutch: `oneword/bots/data/vectors-LANG.npz`.

The association models the bots read are English ones, so a word of
another language is placed where its English meanings are: its vector is
the weighted mean of the vectors of its English translations, taken from
the English table (`vectors.npz`, built first by `build_bot_vectors.py`).
The translations come from:

- the word packages (`words/*.toml`), which give every board word in all
  seven languages side by side: a board word takes exactly its English
  card's vector;
- the FreeDict bilingual dictionaries packaged by Debian
  (`dict-freedict-LANG-eng` and `dict-freedict-eng-LANG`, read from
  /usr/share/dictd): GPL-2.0-or-later, German-English GPL-3.0-or-later.
  The tables built from them carry that licence (see docs/api.md).

Each word also keeps the rows of the English words it was placed at (its
"meanings"), so the guesser can ask WordNet's English ties
(`build_bot_links.py`) about a clue in any language.

Each table also holds the 10,000 commonest English words that are not
words of the language, to read names and loans in a clue. Which words a
captain may give comes from wordfreq's list for the language (Apache-2.0
code, CC-BY-SA-4.0 data; only the choice of words is used):
common words of three letters or more, with the language's most frequent
words (articles, pronouns, prepositions) left out.

Run: pip install ".[bots-build]" && apt-get install dict-freedict-deu-eng
dict-freedict-eng-deu ... (both directions for each language) &&
python tools/build_bot_lexicons.py
"""

from __future__ import annotations

import gzip
import re
import tomllib
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt

from oneword.bots.vectors import MODELS

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "oneword" / "bots" / "data"
DICTD = Path("/usr/share/dictd")
LANGUAGES = {"de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld"}
BOARD, POOL = 1, 2
READABLE = 40000
"""Words of the language a table holds at most (English ones come on top)."""
BORROWED = 10000
"""English words read as they are when the language's own words do not
hold them: names (Newton, Nadal, Mowgli) and loans people type as they are.
Only read, never given; a word of the language always wins a spelling."""
CANDIDATES = 9000
COMMONEST_LEFT_OUT = 150
"""The language's most frequent words, never clues (they are its articles,
pronouns, prepositions and auxiliaries)."""
FIRST, LATER, REVERSE, PACKAGE = 1.0, 0.5, 0.7, 4.0
"""Weights of a translation: the first one of a dictionary entry, a later
one, one read from the English-to-language dictionary, a word package's."""

Array = npt.NDArray[np.float32]
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_NOISE = re.compile(r"\[[^\]]*\]|<[^>]*>|\{[^}]*\}|\([^)]*\)|/[^/]*/")


def _number(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 64 + _B64.index(ch)
    return value


def entries(name: str) -> Iterator[str]:
    """Every entry of a dictd dictionary, as text."""
    with gzip.open(DICTD / f"{name}.dict.dz") as packed:
        data = packed.read()
    seen: set[int] = set()
    with open(DICTD / f"{name}.index", encoding="utf-8") as index:
        for line in index:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 3 or parts[0].startswith("00-database"):
                continue
            offset, length = _number(parts[1]), _number(parts[2])
            if offset not in seen:
                seen.add(offset)
                yield data[offset : offset + length].decode("utf-8", "replace")


def headword(entry: str) -> str:
    return _NOISE.sub("", entry.split("\n", 1)[0]).strip()


def senses(entry: str) -> list[str]:
    """The translations of an entry, first sense first."""
    found: list[str] = []
    for raw in entry.split("\n")[1:]:
        line = raw.strip()
        if not line or line.startswith(("see:", "Note:", "Synonym", '"', "Syn:", "Antonym")):
            continue
        line = re.sub(r"^\d+\.\s*", "", _NOISE.sub("", line))
        for part in re.split(r"[,;]", line):
            word = part.strip().removeprefix("to ").strip()
            if word:
                found.append(word)
    return found


def english_rows(words: list[str]) -> dict[str, int]:
    return {w: i for i, w in enumerate(words)}


def pairs(language: str, english: dict[str, int]) -> dict[str, dict[int, float]]:
    """Each word of the language (casefolded) -> English table rows and weights."""
    code = LANGUAGES[language]
    found: dict[str, dict[int, float]] = defaultdict(dict)

    def add(word: str, meaning: str, weight: float) -> None:
        key = word.casefold()
        row = english.get(meaning.casefold())
        if row is not None and _one_word(key):
            found[key][row] = max(found[key].get(row, 0.0), weight)

    for entry in entries(f"freedict-{code}-eng"):
        word = headword(entry)
        for at, meaning in enumerate(senses(entry)):
            add(word, meaning, FIRST if at == 0 else LATER)
    for entry in entries(f"freedict-eng-{code}"):
        meaning = headword(entry)
        for word in senses(entry):
            add(word, meaning, REVERSE)
    return found


def _one_word(key: str) -> bool:
    return key.isalpha() and len(key) >= 2


def shown_forms(language: str) -> dict[str, str]:
    """How a word is written (German nouns capitalised), by its casefold."""
    code = LANGUAGES[language]
    forms: dict[str, str] = {}
    for entry in entries(f"freedict-{code}-eng"):
        word = headword(entry)
        forms.setdefault(word.casefold(), word)
    return forms


def package_words(language: str) -> list[tuple[str, str]]:
    """(word in the language, English word) for every board word."""
    found = []
    for path in sorted((ROOT / "words").glob("*.toml")):
        with path.open("rb") as file:
            lists = tomllib.load(file)["words"]
        found.extend(zip(lists[language], lists["en"], strict=True))
    return found


def build(language: str, english_words: list[str], english: dict[str, Array]) -> None:
    from wordfreq import top_n_list, zipf_frequency

    rows = english_rows(english_words)
    meanings = pairs(language, rows)
    shown = shown_forms(language)
    board = list({w.casefold(): (w, e) for w, e in package_words(language)}.values())
    board_keys = {w.casefold() for w, _ in board}
    commonest = set(top_n_list(language, COMMONEST_LEFT_OUT))
    ranked = sorted(
        (k for k in meanings if k not in board_keys),
        key=lambda k: -zipf_frequency(k, language),
    )[: READABLE - len(board)]
    pool = {
        k
        for k in ranked[: CANDIDATES * 2]
        if len(k) >= 3 and k not in commonest and zipf_frequency(k, language) >= 2.5
    }
    pool = set(sorted(pool, key=lambda k: -zipf_frequency(k, language))[:CANDIDATES])
    taken = board_keys | set(ranked)
    borrowed = [w for w in english_words if w not in taken][:BORROWED]
    words = [w for w, _ in board] + [shown.get(k, k) for k in ranked] + borrowed
    flags = np.array(
        [BOARD | POOL if w.isalpha() else BOARD for w, _ in board]
        + [POOL if k in pool else 0 for k in ranked]
        + [0] * len(borrowed),
        dtype=np.int8,
    )
    stems, stem_rows = stem_keys(language, words)
    english_of = (
        [[rows[e.lower()]] for _, e in board]
        + [list(meanings[k]) for k in ranked]
        + [[rows[w]] for w in borrowed]
    )
    out: dict[str, npt.NDArray[np.generic]] = {
        "words": np.array(words),
        "flags": flags,
        "stems": np.array(stems),
        "stem_rows": np.array(stem_rows, dtype=np.int32),
        "meaning_starts": np.cumsum([0] + [len(m) for m in english_of]).astype(np.int32),
        "meaning_rows": np.array([r for m in english_of for r in m], dtype=np.int32),
    }
    for name, block in english.items():
        vectors = np.stack(
            [block[rows[e.lower()]] for _, e in board]
            + [_mean(block, meanings[k]) for k in ranked]
            + [block[rows[w]] for w in borrowed]
        )
        codes, scale = _quantized(_unit(vectors))
        out[name], out[f"{name}_scale"] = codes, scale
    target = DATA / f"vectors-{language}.npz"
    np.savez_compressed(target, **out)  # type: ignore[arg-type]
    print(
        f"{language}: {len(board)} board words, {len(pool)} clue candidates, "
        f"{len(words)} words in all; {target.stat().st_size / 1e6:.1f} MB"
    )


def stem_keys(language: str, words: list[str]) -> tuple[list[str], list[int]]:
    """Each Snowball stem that is not itself a word of the table, with the
    first (commonest) row that has it: "Hunde" finds "Hund" through "hund".
    Worked out here because stemming a whole table at run time takes
    seconds."""
    import snowballstemmer

    from oneword.clue_compare.forms import STEMMERS

    stem = snowballstemmer.stemmer(STEMMERS[language]).stemWord
    keys = {w.casefold() for w in words}
    found: dict[str, int] = {}
    for row, word in enumerate(words):
        key = stem(word.casefold())
        if key not in keys:
            found.setdefault(key, row)
    return list(found), list(found.values())


def _mean(block: Array, weights: dict[int, float]) -> Array:
    at = list(weights)
    w = np.array([weights[r] for r in at], dtype=np.float32)
    return (block[at] * w[:, None]).sum(axis=0)


def _unit(m: Array) -> Array:
    return (m / np.linalg.norm(m, axis=1, keepdims=True)).astype(np.float32)


def _quantized(m: Array) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float16]]:
    scale = np.abs(m).max(axis=1) / 127.0
    return np.round(m / scale[:, None]).astype(np.int8), scale.astype(np.float16)


def english_table() -> tuple[list[str], dict[str, Array]]:
    with np.load(DATA / "vectors.npz") as data:
        words = [str(w) for w in data["words"]]
        blocks = {
            name: data[name].astype(np.float32) * data[f"{name}_scale"].astype(np.float32)[:, None]
            for name in MODELS
        }
    return words, blocks


def main() -> None:
    words, blocks = english_table()
    for language in LANGUAGES:
        build(language, words, blocks)


if __name__ == "__main__":
    main()

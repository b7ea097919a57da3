"""How well the bots play with a teammate who thinks differently.

Seeded boards from the word packages, each played by a captain and a
guesser that read DIFFERENT association models: the shipped captain (all
three models) with a GloVe-only guesser, and two captains that leave one
model out, each with a guesser that reads only the model it left out
(MPNet+MiniLM with GloVe, MiniLM+GloVe with MPNet), so captain and guesser
share nothing. The same brain functions the in-game bots use
(`oneword.bots.brain`) make every choice; the guesser never sees the map.

Solo games (a team clears its 9 cards, or opens the black one) give the
turns, black games, wrong cards per guess, the numbers given and the
times; head-to-head games on the same boards (the two pairings as Red and
Blue, each starting half the time) give the win rate.

    python benchmarks/bench_bots.py [--boards 500] [--level all|easy|medium|hard]
        [--boards-from turns] [--language en]
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
from dataclasses import dataclass, field

from oneword import words
from oneword.bots.brain import LEVELS, Board, EarlierClue, Level, next_guess, suggest
from oneword.bots.vectors import Association, association

Colours = list[str]


@dataclass
class Tally:
    games: int = 0
    cleared_turns: list[int] = field(default_factory=list)
    black: int = 0
    guesses: int = 0
    wrong: int = 0
    numbers: list[int] = field(default_factory=list)
    clue_ms: list[float] = field(default_factory=list)
    guess_ms: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class Pairing:
    name: str
    captain: Association
    guesser: Association


LANGUAGE = ["en"]
"""The word language of the boards (`--language`)."""
BOARDS: list[list[str]] = []
"""Boards to play instead of fresh package draws (`--boards-from turns`)."""


def deal(seed: int) -> tuple[list[str], Colours]:
    rng = random.Random(seed)
    if BOARDS:
        board = list(BOARDS[seed % len(BOARDS)])
    else:
        board = words.board_words(words.load_packages(), LANGUAGE[0], None, rng)
    key = ["red"] * 9 + ["blue"] * 8 + ["neutral"] * 7 + ["black"]
    rng.shuffle(key)
    return board, key


def turn_boards() -> list[list[str]]:
    """The full English boards of the hand-written reading set."""
    from bench_bot_reading import load_turns

    found = {
        tuple(t.board) for t in load_turns() if t.language == LANGUAGE[0] and len(t.board) == 25
    }
    return [list(b) for b in sorted(found)]


def captain_turn(
    p: Pairing,
    board: list[str],
    key: Colours,
    opened: set[int],
    team: str,
    used: list[str],
    level: Level,
    tally: Tally,
) -> tuple[str, int]:
    rival = "blue" if team == "red" else "red"
    cards = {c: [i for i, k in enumerate(key) if k == c] for c in (team, rival, "neutral", "black")}
    start = time.perf_counter()
    clue = suggest(
        p.captain,
        Board(board, cards[team], cards[rival], cards["neutral"], cards["black"], opened),
        level,
        used,
    )
    tally.clue_ms.append((time.perf_counter() - start) * 1000)
    tally.numbers.append(clue[1])
    return clue


def guess_turn(
    p: Pairing,
    board: list[str],
    key: Colours,
    opened: set[int],
    team: str,
    clue: tuple[str, int],
    earlier: list[EarlierClue],
    level: Level,
    tally: Tally,
) -> tuple[str | None, int]:
    """Open cards until the guesser stops or misses; returns the colour that
    ended the turn (None: stopped or ran out) and the team's hits."""
    hits = 0
    for turn_opened in range(clue[1] + 1):
        closed = [i for i in range(25) if i not in opened]
        start = time.perf_counter()
        card = next_guess(p.guesser, clue[0], clue[1], board, closed, turn_opened, earlier, level)
        tally.guess_ms.append((time.perf_counter() - start) * 1000)
        if card is None:
            return None, hits
        opened.add(card)
        tally.guesses += 1
        if key[card] != team:
            tally.wrong += 1
            return key[card], hits
        hits += 1
    return None, hits


def solo(p: Pairing, seed: int, level: Level, tally: Tally) -> None:
    board, key = deal(seed)
    opened: set[int] = set()
    used: list[str] = []
    earlier: list[EarlierClue] = []
    tally.games += 1
    for turn in range(1, 26):
        clue = captain_turn(p, board, key, opened, "red", used, level, tally)
        used.append(clue[0])
        ended, hits = guess_turn(p, board, key, opened, "red", clue, earlier, level, tally)
        earlier.append(EarlierClue(clue[0], clue[1] - hits))
        if ended == "black":
            tally.black += 1
            return
        if all(i in opened for i, k in enumerate(key) if k == "red"):
            tally.cleared_turns.append(turn)
            return


def versus(red: Pairing, blue: Pairing, seed: int, level: Level, scratch: Tally) -> str:
    board, key = deal(seed)
    if seed % 2:  # Blue starts: swap the colours so the starter has 9
        key = [{"red": "blue", "blue": "red"}.get(k, k) for k in key]
    team = "red" if seed % 2 == 0 else "blue"
    opened: set[int] = set()
    used: list[str] = []
    earlier: dict[str, list[EarlierClue]] = {"red": [], "blue": []}
    for _ in range(60):
        p = red if team == "red" else blue
        clue = captain_turn(p, board, key, opened, team, used, level, scratch)
        used.append(clue[0])
        ended, hits = guess_turn(p, board, key, opened, team, clue, earlier[team], level, scratch)
        earlier[team].append(EarlierClue(clue[0], clue[1] - hits))
        rival = "blue" if team == "red" else "red"
        if ended == "black":
            return rival
        for side in (team, rival):
            if all(i in opened for i, k in enumerate(key) if k == side):
                return side
        team = rival
    return "none"


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else 0.0


ROWS = (
    ("cleared 9 in", lambda t: f"{len(t.cleared_turns) / t.games:.1%}"),
    ("turns to find all 9", lambda t: f"{statistics.mean(t.cleared_turns or [0]):.2f}"),
    ("black-card games", lambda t: f"{t.black / t.games:.1%}"),
    ("wrong cards per guess", lambda t: f"{t.wrong / max(1, t.guesses):.3f}"),
    ("mean number given", lambda t: f"{statistics.mean(t.numbers):.2f}"),
    ("clue ms p50/p95", lambda t: f"{pct(t.clue_ms, 50):.1f}/{pct(t.clue_ms, 95):.1f}"),
    ("guess ms p50/p95", lambda t: f"{pct(t.guess_ms, 50):.2f}/{pct(t.guess_ms, 95):.2f}"),
)
"""What each pairing prints, one column a difficulty; turns are the mean
over the games that cleared all 9."""


def report(name: str, tallies: dict[str, Tally]) -> None:
    """One pairing's figures, the difficulties side by side."""
    games = next(iter(tallies.values())).games
    print(f"\n{name}: {games} boards")
    print(f"  {'':22}" + "".join(f"{level:>14}" for level in tallies))
    for label, cell in ROWS:
        print(f"  {label:22}" + "".join(f"{cell(t):>14}" for t in tallies.values()))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=500)
    parser.add_argument(
        "--level", default="all", choices=["all", *LEVELS], help="one difficulty, or all three"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--boards-from",
        default="packages",
        choices=["packages", "turns"],
        help="draw boards from the word packages, or play the reading set's boards",
    )
    parser.add_argument(
        "--language", default="en", choices=["en", "de", "fr", "es", "it", "pt", "nl"]
    )
    args = parser.parse_args()
    LANGUAGE[0] = args.language
    if args.boards_from == "turns":
        BOARDS.extend(turn_boards())
        print(f"playing the {len(BOARDS)} full boards of the hand-written reading set")
    before = rss_mb()
    shipped = association(args.language)
    added = rss_mb() - before
    pairings = [
        Pairing("shipped captain (3 models), GloVe guesser", shipped, shipped.only("glove")),
        Pairing(
            "MPNet+MiniLM captain, GloVe guesser",
            shipped.only("mpnet", "minilm"),
            shipped.only("glove"),
        ),
        Pairing(
            "MiniLM+GloVe captain, MPNet guesser",
            shipped.only("minilm", "glove"),
            shipped.only("mpnet"),
        ),
    ]
    seeds = [args.seed * 100_003 + i for i in range(args.boards)]
    levels: list[Level] = list(LEVELS) if args.level == "all" else [args.level]
    for p in pairings:
        tallies = {level: Tally() for level in levels}
        for level, tally in tallies.items():
            for seed in seeds:
                solo(p, seed, level, tally)
        report(p.name, tallies)
    wins = {"red": 0, "blue": 0, "none": 0}
    scratch = Tally()
    for seed in seeds:
        wins[versus(pairings[1], pairings[2], seed, levels[-1], scratch)] += 1
    print(
        f"\nhead to head, {len(seeds)} games: {pairings[1].name} (Red) won {wins['red']}, "
        f"{pairings[2].name} (Blue) won {wins['blue']}"
    )
    print(f"win rate of Red ({levels[-1]}): {wins['red'] / len(seeds):.1%}")
    print(f"\nRSS added by loading the bots: {added:.0f} MB")


if __name__ == "__main__":
    main()

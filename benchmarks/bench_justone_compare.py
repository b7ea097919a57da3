"""How well and how fast Just One compares clues (J-4, J-5).

Reads the labelled sets (tests/justone/compare_cases/, the first one, and
tests/justone/labelled/, written from the rule's categories with hard
negatives for each, tune and held-out parts apart) and prints, per
language and per kind of case, the precision and recall of removals (a
pair found the same, a clue found invalid), the share of good clues
removed, and how often answers are judged right; then the time of
`check_clues` on a card of 14 clues, with the word caches empty (new
words) and full (words seen before), after the time and memory each
language's word lists take to load, one after the other in one process
and each alone in a new one.

    python benchmarks/bench_justone_compare.py [--misses]
        [--part tuning|holdout|holdout2|rules-tune|rules-held|all]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "justone")]

from case_set import HELD_OUT, LANGUAGES, RULE_PARTS, Case, Score, load, score  # noqa: E402

from oneword.clue_compare import forms, lexicon, made_up, spelling, translations  # noqa: E402
from oneword.clue_compare.compare import check_clues, prepare  # noqa: E402

CACHED = (
    lexicon.zipf,
    lexicon.is_listed,
    lexicon.dictionary_lemmas,
    lexicon.typed_lemmas,
    spelling.folded,
    forms.stems,
    made_up.is_compound,
    made_up.is_near_word,
    spelling.key,
    spelling.strip_accents,
    translations.fold,
)


def _row(name: str, s: Score) -> str:
    good = s.fp + s.tn
    return (
        f"{name:<18} {s.tp + s.fn:>5} {good:>5}  P {s.precision:5.2f}  R {s.recall:5.2f}"
        f"  good removed {s.fp:>2}/{good:<3} ({s.false_rate:6.1%})"
    )


def _answer_row(name: str, s: Score) -> str:
    return f"{name:<18} right {s.tp}/{s.tp + s.fn} accepted, wrong {s.fp}/{s.fp + s.tn} accepted"


def report(cases: list[Case], title: str, misses: bool) -> None:
    """Print the quality tables for one part of the set."""
    print(f"\n== {title}: {len(cases)} rows ==")
    print(f"{'removals':<18} {'bad':>5} {'good':>5}")
    for group in ("all", "language", "kind"):
        for name, s in sorted(score(cases, group).items()):
            if name.startswith("removal/"):
                print(_row(name.removeprefix("removal/"), s))
    print("answers")
    for group in ("all", "language"):
        for name, s in sorted(score(cases, group).items()):
            if name.startswith("answer/"):
                print(_answer_row(name.removeprefix("answer/"), s))
    if misses:
        for s in score(cases, "all").values():
            for case in s.misses:
                print("  miss:", case.language, case.task, case.first, case.second, case.label)


def _cards(cases: list[Case], language: str) -> list[tuple[str, list[str]]]:
    words = [w for c in cases if c.language == language for w in (c.first, c.second)]
    return [(words[i], words[i + 1 : i + 15]) for i in range(0, len(words) - 15, 15)]


def _clear() -> None:
    for cached in CACHED:
        cached.cache_clear()


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _kept_mb() -> float:
    """The process's memory now (resident), after the loads' passing peaks."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * resource.getpagesize() / 2**20


def loading() -> None:
    """Print the time and peak memory each language's word lists take to load."""
    print("== loading the word lists ==")
    for language in LANGUAGES:
        before, start = _peak_mb(), time.perf_counter()
        kept = _kept_mb()
        prepare(language)
        seconds = time.perf_counter() - start
        print(
            f"{language}: {seconds:4.2f} s, peak memory +{_peak_mb() - before:4.0f} MB,"
            f" kept +{_kept_mb() - kept:4.0f} MB"
        )
    print(f"peak memory with all seven: {_peak_mb():.0f} MB; kept: {_kept_mb():.0f} MB")


FIRST_USE = """
import json, resource, sys, time
start = time.perf_counter()
from oneword.clue_compare.compare import prepare
imported = time.perf_counter()
prepare(sys.argv[1])
ready = time.perf_counter()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps([imported - start, ready - imported, peak]))
"""


def first_use() -> None:
    """Print, per language, the time to be ready in a new process (as a
    server's first room of that language meets it) and that process's peak."""
    print("\n== first use in a new process ==")
    for language in LANGUAGES:
        run = subprocess.run(
            [sys.executable, "-c", FIRST_USE, language],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
        imported, ready, peak = json.loads(run.stdout)
        print(
            f"{language}: import {imported:4.2f} s, then ready in {ready:4.2f} s;"
            f" process peak {peak:4.0f} MB"
        )


def timing(cases: list[Case], rounds: int) -> None:
    """Print p50/p95 of check_clues on 14-clue cards, caches empty and full
    (nothing with no rounds: `--rounds 0` prints the quality tables alone)."""
    if rounds <= 0:
        return
    print("\n== check_clues on 14 clues (ms) ==")
    for language in LANGUAGES:
        cards = _cards(cases, language)
        cold: list[float] = []
        warm: list[float] = []
        for _ in range(rounds):
            for mystery, clues in cards:
                _clear()
                start = time.perf_counter()
                check_clues(mystery, clues, language)
                cold.append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
                check_clues(mystery, clues, language)
                warm.append((time.perf_counter() - start) * 1000)
        print(
            f"{language}: {len(cold)} cards, new words p50 {_p(cold, 50):6.1f} "
            f"p95 {_p(cold, 95):6.1f}   seen words p50 {_p(warm, 50):5.2f} p95 {_p(warm, 95):5.2f}"
        )


def _p(values: list[float], pct: int) -> float:
    return statistics.quantiles(values, n=100)[pct - 1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("tuning", *HELD_OUT, *RULE_PARTS, "all"), default="all")
    parser.add_argument("--misses", action="store_true", help="list every wrong row")
    parser.add_argument("--rounds", type=int, default=3, help="timing rounds (0: none)")
    args = parser.parse_args()
    loading()
    first_use()
    parts = ("tuning", *HELD_OUT, *RULE_PARTS) if args.part == "all" else (args.part,)
    for part in parts:
        report(load(part), part, args.misses)
    timing(load("tuning"), args.rounds)


if __name__ == "__main__":
    main()

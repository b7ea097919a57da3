"""J-4 and J-5 on the labelled comparison set (compare_cases/): floors on
how many duplicates and invalid clues are caught, how few good clues are
removed and how answers are judged, overall and per language.

The floors are the figures the comparison reaches, rounded down; they only
ever go up.
"""

from __future__ import annotations

import pytest
from case_set import LANGUAGES, Case, Score, load, score


@pytest.fixture(scope="module")
def tuning() -> list[Case]:
    return load("tuning")


def _misses(s: Score) -> str:
    return "; ".join(f"{c.language} {c.first}/{c.second} ({c.kind})" for c in s.misses)


def test_J_4_set_covers_every_language_and_both_sides(tuning: list[Case]) -> None:
    """Several hundred rows, every language with removals, good clues and answers."""
    assert len(tuning) >= 400
    for language in LANGUAGES:
        rows = [c for c in tuning if c.language == language]
        tasks = {(c.task, c.positive) for c in rows}
        assert tasks == {(t, p) for t in ("pair", "invalid", "answer") for p in (True, False)}


def test_J_4_good_clues_removed_at_most_2_percent(tuning: list[Case]) -> None:
    """The costly error: removing a good clue, on at most 2% of good clues."""
    removals = score(tuning, "all")["removal/all"]
    assert removals.false_rate <= 0.02, _misses(removals)


@pytest.mark.parametrize("language", LANGUAGES)
def test_J_4_good_clues_removed_per_language(tuning: list[Case], language: str) -> None:
    """No language loses more than two good clues of its set."""
    removals = score(tuning, "language")[f"removal/{language}"]
    assert removals.fp <= 2, _misses(removals)


def test_J_4_duplicates_and_invalid_clues_caught(tuning: list[Case]) -> None:
    """Recall floor over all removals: plurals, families, gender, accents, slips, made up."""
    removals = score(tuning, "all")["removal/all"]
    assert removals.recall >= 0.96, _misses(removals)


@pytest.mark.parametrize("language", LANGUAGES)
def test_J_4_recall_per_language(tuning: list[Case], language: str) -> None:
    """Every language catches at least 90% of its duplicates and invalid clues."""
    removals = score(tuning, "language")[f"removal/{language}"]
    assert removals.recall >= 0.90, _misses(removals)


@pytest.mark.parametrize(
    ("kind", "floor"),
    [
        ("same_word", 1.0),
        ("plural", 1.0),
        ("irregular_plural", 1.0),
        ("accent", 0.96),
        ("misspelling", 1.0),
        ("family", 0.93),
        ("gender", 0.91),
        ("made_up", 1.0),
    ],
)
def test_J_4_recall_per_kind(tuning: list[Case], kind: str, floor: float) -> None:
    """Each detectable kind keeps the recall it reaches."""
    removals = score(tuning, "kind")[f"removal/{kind}"]
    assert removals.recall >= floor, _misses(removals)


@pytest.mark.parametrize(
    "kind", ["near_word", "prefix", "compound_part", "name", "number", "acronym", "sound"]
)
def test_J_4_good_kinds_never_removed(tuning: list[Case], kind: str) -> None:
    """Near spellings, shared beginnings, compound parts, names, numbers,
    acronyms and sounds are good clues: none of the set's is removed."""
    removals = score(tuning, "kind")[f"removal/{kind}"]
    assert removals.fp == 0, _misses(removals)


def test_J_5_answers_on_the_set(tuning: list[Case]) -> None:
    """Every right answer of the set (case, accents, plural, slips) is accepted;
    at most one wrong one."""
    answers = score(tuning, "all")["answer/all"]
    assert answers.recall == 1.0, _misses(answers)
    assert answers.fp <= 1, _misses(answers)


@pytest.mark.parametrize(
    ("part", "most_good_removed", "recall_floor"),
    [("holdout", 1, 0.86), ("holdout2", 0, 0.90)],
)
def test_J_4_held_out_rows(part: str, most_good_removed: int, recall_floor: float) -> None:
    """The held-out rows, each file written before the comparison was scored
    on it, keep their figures."""
    scores = score(load(part), "all")
    removals, answers = scores["removal/all"], scores["answer/all"]
    assert removals.fp <= most_good_removed, _misses(removals)
    assert removals.recall >= recall_floor, _misses(removals)
    assert answers.fp == 0, _misses(answers)

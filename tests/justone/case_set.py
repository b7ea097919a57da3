"""The labelled comparison set (compare_cases/*.tsv) and how the comparison
scores on it: shared by the J-4/J-5 tests and benchmarks/bench_justone_compare.py.

Each row is a task, two words, a label and a kind:

- `pair a b same|different`: two clues (is_duplicate);
- `invalid mystery clue invalid|valid`: a clue for a mystery word (is_invalid);
- `answer mystery answer right|wrong`: a guess (is_right_answer).

A "removal" is a pair found the same or a clue found invalid; a good clue
removed is a removal of a row labelled different or valid.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from oneword.clue_compare.compare import is_duplicate, is_invalid, is_right_answer

CASES = Path(__file__).parent / "compare_cases"
LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")
POSITIVE = {"pair": "same", "invalid": "invalid", "answer": "right"}


@dataclass(frozen=True)
class Case:
    """One labelled row."""

    language: str
    task: str
    first: str
    second: str
    label: str
    kind: str

    @property
    def positive(self) -> bool:
        """True if the row should be removed (pair, invalid) or accepted (answer)."""
        return self.label == POSITIVE[self.task]

    def predicted(self) -> bool:
        """What the comparison says for this row."""
        if self.task == "pair":
            return is_duplicate(self.first, self.second, self.language)
        if self.task == "invalid":
            return is_invalid(self.first, self.second, self.language)
        return is_right_answer(self.first, self.second, self.language)


def _rows(path: Path) -> Iterable[list[str]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield line.split("\t")


HELD_OUT = ("holdout", "holdout2")
"""The held-out files, each written before the comparison was scored on it."""


LABELLED = Path(__file__).parent / "labelled"
RULE_PARTS = ("rules-tune", "rules-held")
"""The set written from the rule's categories (`labelled/LANG*-tune.tsv` and
`-held.tsv`, about 2,600 rows in seven languages, hard negatives for every
category); its held-out files are never tuned on."""


def load(part: str = "tuning") -> list[Case]:
    """The rows of the first tuning set (one file per language), of one of
    its held-out files, or of a part of the set written from the rule."""
    if part in HELD_OUT:
        return [Case(*row) for row in _rows(CASES / f"{part}.tsv")]
    if part in RULE_PARTS:
        split = part.removeprefix("rules-")
        return [
            Case(path.name[:2], *row)
            for path in sorted(LABELLED.glob(f"*-{split}.tsv"))
            for row in _rows(path)
        ]
    return [Case(lang, *row) for lang in LANGUAGES for row in _rows(CASES / f"{lang}.tsv")]


@dataclass
class Score:
    """Counts for one group of rows: true/false positives and negatives."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    misses: list[Case] = field(default_factory=list)

    def add(self, case: Case, said: bool) -> None:
        if case.positive and said:
            self.tp += 1
        elif case.positive:
            self.fn += 1
            self.misses.append(case)
        elif said:
            self.fp += 1
            self.misses.append(case)
        else:
            self.tn += 1

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def false_rate(self) -> float:
        """Share of negatives said positive: good clues removed, wrong answers accepted."""
        return self.fp / (self.fp + self.tn) if self.fp + self.tn else 0.0


def score(cases: list[Case], group: str) -> dict[str, Score]:
    """Scores per value of `group` ('language', 'kind' or 'all'), removals and answers apart.

    Keys are '<task group>/<value>': 'removal/de', 'answer/all'.
    """
    scores: dict[str, Score] = defaultdict(Score)
    for case in cases:
        said = case.predicted()
        side = "answer" if case.task == "answer" else "removal"
        value = "all" if group == "all" else getattr(case, group)
        scores[f"{side}/{value}"].add(case, said)
    return dict(scores)

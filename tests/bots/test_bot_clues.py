"""Bot clues are legal on every board (B-2, C rules), and read the way a
person means them: a small hand-written evaluation set of our own."""

from __future__ import annotations

import random

import pytest

from oneword import words
from oneword.bots import rank_cards, suggest_clue
from oneword.engine.clues import make_clue


def _deal(seed: int) -> tuple[list[str], dict[str, list[int]]]:
    rng = random.Random(seed)
    board = words.board_words(words.load_packages(), "en", None, rng)
    order = list(range(25))
    rng.shuffle(order)
    parts = {"own": order[:9], "rival": order[9:17], "neutral": order[17:24], "black": order[24:]}
    return board, parts


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_bot_clue_is_legal_and_new(level: str) -> None:
    rng = random.Random(level)
    for seed in range(40):
        board, parts = _deal(seed)
        opened = rng.sample(range(25), rng.randint(0, 12))
        opened = [i for i in opened if i not in parts["black"]]
        if all(i in opened for i in parts["own"]):
            continue
        given: list[str] = []
        for _ in range(2):
            word, number = suggest_clue(
                board, **parts, opened=opened, difficulty=level, avoid=given
            )
            closed = [w for i, w in enumerate(board) if i not in opened]
            clue = make_clue(word, number, closed)  # the engine is the judge
            assert clue.word.casefold() not in {g.casefold() for g in given}
            assert 1 <= number <= 9
            given.append(word)


# clue -> the words a person would mean, among words that must score lower
EVALUATION = [
    ("ocean", ["shark", "wave", "ship"], ["pencil", "oven", "guitar"]),
    ("winter", ["snow", "ice"], ["beach", "lemon", "drum"]),
    ("music", ["piano", "drum", "guitar"], ["carrot", "bridge", "sock"]),
    ("kitchen", ["oven", "spoon", "fridge"], ["planet", "tiger", "violin"]),
    ("space", ["planet", "rocket", "star"], ["spoon", "farm", "shirt"]),
    ("school", ["teacher", "desk"], ["volcano", "whale", "tomato"]),
    ("farm", ["cow", "tractor", "barn"], ["rocket", "piano", "crown"]),
    ("castle", ["king", "tower", "knight"], ["bus", "carrot", "laptop"]),
    ("bread", ["bakery", "toast"], ["planet", "hammer", "whale"]),
    ("sport", ["ball", "goal", "team"], ["moon", "soup", "dress"]),
]


@pytest.mark.parametrize(("clue", "meant", "other"), EVALUATION)
def test_a_guesser_reads_clues_as_meant(clue: str, meant: list[str], other: list[str]) -> None:
    scores = rank_cards(clue, meant + other)
    assert min(scores[: len(meant)]) > max(scores[len(meant) :])


def test_a_captain_keeps_clear_of_the_black_card() -> None:
    board = ["shark", "whale", "dolphin", "wave", "boat", "pencil", "oven", "drum", "lemon", "sock"]
    board += ["tiger", "crown", "bridge", "carrot", "violin", "planet", "tractor", "desk"]
    board += ["spoon", "hammer", "glove", "kite", "candle", "mirror", "ladder"]
    word, _ = suggest_clue(
        board, own=[0, 1, 2], rival=[5, 6, 7], neutral=[8, 9], black=[4], opened=[]
    )
    scores = rank_cards(word, board)
    assert scores[4] < min(scores[i] for i in (0, 1, 2)) - 0.5


def test_a_language_without_a_table_is_refused_plainly() -> None:
    with pytest.raises(ValueError, match="do not play in 'xx'"):
        rank_cards("Meer", ["Hai", "Wal"], language="xx")

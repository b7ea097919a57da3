"""Bot clues are legal on every board (B-2, C rules), and read the way a
person means them: a small hand-written evaluation set of our own."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

from oneword import words
from oneword.bots import rank_cards, suggest_clue
from oneword.bots.vectors import LINK_BONUS, MODELS, association, table
from oneword.engine.clues import make_clue

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import bench_bots


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


def test_B2_a_hard_captain_points_at_groups_a_different_reader_finds() -> None:
    """A timid captain makes a slow game, a bold one a lost game. Whole
    seeded games of the benchmark's first pairing (the shipped captain, a
    guesser reading GloVe only): groups of about two cards, all 9 found in
    8 turns or fewer, no black card. `bench_bots.py` prints the figures
    over 500 boards."""
    tally = bench_bots.Tally()
    shipped = association("en")
    pairing = bench_bots.Pairing("shipped", shipped, shipped.only("glove"))
    for seed in range(40):
        bench_bots.solo(pairing, 9_000 + seed, "hard", tally)
    assert tally.black == 0
    assert len(tally.cleared_turns) == 40 and sum(tally.cleared_turns) / 40 <= 8
    assert sum(tally.numbers) / len(tally.numbers) >= 1.75, tally.numbers


def test_B6_every_table_holds_the_same_three_models() -> None:
    for language in ("en", "de", "fr", "es", "it", "pt", "nl"):
        assert tuple(table(language).blocks) == MODELS == ("mpnet", "minilm", "glove")


def test_a_captains_pool_product_matches_the_plain_one() -> None:
    """The pool is kept as int8 codes and widened for the product only."""
    found = association("en")
    right = found.blocks["mpnet"].rows([0, 1, 2]).T
    pool = found.blocks["mpnet"].rows(found.pool)
    narrow = found._pool_blocks["mpnet"].times(right)
    assert np.allclose(narrow, pool @ right, atol=1e-4)


@pytest.mark.parametrize(
    ("clue", "tied"), [("spy", "mole"), ("golf", "driver"), ("fool", "jester"), ("fruit", "apple")]
)
def test_B3_a_guesser_knows_what_wordnet_ties_to_a_card(clue: str, tied: str) -> None:
    """A sense of mole is a spy, a driver is a golf club: a tie the
    vectors underrate lifts the card by LINK_BONUS, and nothing else."""
    found = association("en")
    plain = found.only(*found.models, links=False)
    board = [tied, "pencil", "tractor"]
    lifted = np.array(found.word_scores(clue, board)) - np.array(plain.word_scores(clue, board))
    assert np.allclose(lifted, [LINK_BONUS, 0.0, 0.0], atol=1e-5)


def test_B3_wordnet_ties_are_never_read_through_a_compound() -> None:
    found = association("en")
    plain = found.only(*found.models, links=False)
    assert found.find("spymole") is None and found.compound_parts("spymole") is not None
    assert found.word_scores("spymole", ["mole"]) == plain.word_scores("spymole", ["mole"])


@pytest.mark.parametrize(
    ("language", "clue", "tied"),
    [("de", "Spion", "Maulwurf"), ("fr", "espion", "taupe"), ("it", "frutta", "mela")],
)
def test_B3_wordnet_ties_reach_every_language_through_its_english_meanings(
    language: str, clue: str, tied: str
) -> None:
    found = association(language)
    plain = found.only(*found.models, links=False)
    board = [tied, found.words[0]]
    lifted = np.array(found.word_scores(clue, board)) - np.array(plain.word_scores(clue, board))
    assert np.allclose(lifted, [LINK_BONUS, 0.0], atol=1e-5), board

"""Whether one word's meaning is defined by another's (J-4: fiore and
fioraio are one family, though the translations table gives them flower
and florist, two English words of no one family: a florist is someone
who grows and deals in flowers).

Two words of one base whose meanings the translations table knows and
that share none are two words (sombra, shade, and sombrero, a hat; capo,
head, and capello, hair). A trade or a person named after a thing is the
exception English spells with another word: florist, bullfighter,
Spaniard, kitten. WordNet's definitions say it: each English noun's first
sense is defined with the words of the table `defined-meanings.npz`
(`tools/build_word_families.py`), as links between the table's meanings.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt


@cache
def _links() -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint32]]:
    data = resources.files("oneword.clue_compare").joinpath("data/defined-meanings.npz")
    with data.open("rb") as file, np.load(file) as arrays:
        return np.asarray(arrays["offsets"]), np.asarray(arrays["links"])


def _defined_with(meaning: int) -> npt.NDArray[np.uint32]:
    offsets, links = _links()
    if meaning + 1 >= len(offsets):
        return links[:0]
    return links[offsets[meaning] : offsets[meaning + 1]]


def one_defines_other(meant_a: frozenset[int], meant_b: frozenset[int]) -> bool:
    """Some meaning of one word is defined with a meaning of the other."""
    return any(
        not other.isdisjoint(_defined_with(m).tolist())
        for meant, other in ((meant_a, meant_b), (meant_b, meant_a))
        for m in meant
    )

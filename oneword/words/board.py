"""Drawing the 25 words of a board (G-1, G-6, W-2).

From one package, from every package of a language (the "random board"),
or from a host's own list. Which card is whose is not decided here: the
map is the engine's job. The random number generator is passed in, so a
seeded room deals the same board when its log is replayed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from .forms import BOARD_SIZE, LANGUAGES, quote, unknown_language, word_key
from .packages import PackageSet, WordPackage


def draw_board(words: Iterable[str], rng: random.Random) -> list[str]:
    """25 distinct words from `words`, in random order.

    Distinct means a different clue key (C-2): two cards that a clue cannot
    tell apart would make the board unfair. The first spelling
    of a repeated word is kept. Raises ValueError with fewer than 25.
    """
    pool: dict[str, str] = {}
    for word in words:
        pool.setdefault(word_key(word), word)
    if len(pool) < BOARD_SIZE:
        words_left = "1 different word" if len(pool) == 1 else f"{len(pool)} different words"
        raise ValueError(f"Only {words_left}: a board needs {BOARD_SIZE}.")
    return rng.sample(list(pool.values()), BOARD_SIZE)


def board_words(
    packages: PackageSet | Iterable[WordPackage],
    language: str,
    package_id: str | None,
    rng: random.Random,
) -> list[str]:
    """The 25 words for a new board in the room's language (G-1, G-6, W-2).

    With a `package_id`, that package's words in a fresh random order; with
    None, a "random board" of 25 distinct words drawn from every package.
    Which card is whose is not decided here: the map is the engine's job.
    `rng` is passed in so that a seeded game can be replayed in a test.
    """
    if language not in LANGUAGES:
        raise ValueError(unknown_language(language))
    available = packages.packages if isinstance(packages, PackageSet) else tuple(packages)
    if package_id is not None:
        for package in available:
            if package.id == package_id:
                return draw_board(package.words_in(language), rng)
        raise ValueError(f"No word package called {quote(package_id)}.")
    ordered = sorted(available, key=lambda package: package.id)
    return draw_board((w for package in ordered for w in package.words_in(language)), rng)

"""Drawing the 25 words of a board (G-1, G-6, W-2).

From one package, from every package of a language (the "random board"),
or from a host's own list. Which card is whose is not decided here: the
map is the engine's job. The random number generator is passed in, so a
seeded room deals the same board when its log is replayed.
"""

from __future__ import annotations

import random
import unicodedata
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


def _fold(word: str) -> str:
    """Case and accents dropped: how two deck words could look the same."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _distinct(words: Iterable[str]) -> dict[str, str]:
    """One spelling per word: a different clue key (C-2) and a different
    folded form, so a deck never holds "Bär" and "Bar" as two cards."""
    pool: dict[str, str] = {}
    folded: set[str] = set()
    for word in words:
        key, fold = word_key(word), _fold(word)
        if key not in pool and fold not in folded:
            pool[key] = word
            folded.add(fold)
    return pool


def draw_deck(words: Iterable[str], rng: random.Random, size: int) -> list[str]:
    """J-1: `size` distinct words from `words`, in random order. Raises
    ValueError with fewer."""
    pool = list(_distinct(words).values())
    if len(pool) < size:
        raise ValueError(f"Only {len(pool)} different words: a Just One deck needs {size}.")
    return rng.sample(pool, size)


def deck_words(
    packages: PackageSet | Iterable[WordPackage],
    language: str,
    package_id: str | None,
    rng: random.Random,
    size: int,
) -> list[str]:
    """J-1: a Just One deck in the room's language. A package holds a
    board's 25 words, fewer than a deck, so a chosen package gives all of
    its words and the other packages of the language fill the rest; the
    deck is then shuffled, so the package's words are spread over it."""
    if language not in LANGUAGES:
        raise ValueError(unknown_language(language))
    available = packages.packages if isinstance(packages, PackageSet) else tuple(packages)
    ordered = sorted(available, key=lambda package: package.id)
    chosen = [p for p in ordered if p.id == package_id]
    if package_id is not None and not chosen:
        raise ValueError(f"No word package called {quote(package_id)}.")
    own = list(_distinct(w for p in chosen for w in p.words_in(language)).values())
    own = rng.sample(own, min(len(own), size))
    others = (w for p in ordered if p.id != package_id for w in p.words_in(language))
    rest = [w for w in _distinct([*own, *others]).values() if w not in own]
    if len(own) + len(rest) < size:
        raise ValueError(f"Only {len(own) + len(rest)} different words: a deck needs {size}.")
    deck = own + rng.sample(rest, size - len(own))
    rng.shuffle(deck)
    return deck

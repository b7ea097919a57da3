"""What the word lists know about a word: how common it is and whether a
dictionary lists it, per language.

Two offline sources, both shipped inside their wheels: wordfreq's
frequency lists (a Zipf value: 0 for a string never seen, about 3 for a
word most adults know, 6 and more for the commonest words) and simplemma's
lemma dictionaries. Players write clues as they like (all capitals, no
capital on a German noun), so the dictionary is asked about the word as
typed, in lower case and with a capital. Every look-up is cached: a card
compares up to 14 clues pairwise, and the same words recur all game.
"""

from __future__ import annotations

from functools import lru_cache

import simplemma
from wordfreq import zipf_frequency

LANGUAGE_CODES = ("en", "de", "fr", "es", "it", "pt", "nl")
"""The word languages of the app; wordfreq and simplemma both use these codes."""

COMMON = 3.0
"""A Zipf value from which a string is a word in its own right, even if no
dictionary lists it (names, brands, loans): about once per million words."""


def spellings(word: str) -> tuple[str, ...]:
    """The word as typed, in lower case and with a leading capital, without repeats."""
    forms = (word, word.lower(), word[:1].upper() + word[1:].lower())
    return tuple(dict.fromkeys(forms))


@lru_cache(maxsize=65536)
def zipf(word: str, language: str) -> float:
    """How common `word` is in `language` (wordfreq's Zipf scale, 0 if unseen)."""
    return float(zipf_frequency(word, language)) if word else 0.0


@lru_cache(maxsize=65536)
def is_listed(word: str, language: str) -> bool:
    """True if simplemma's dictionary for `language` holds any spelling of `word`."""
    return any(simplemma.is_known(form, lang=language) for form in spellings(word) if form)


@lru_cache(maxsize=65536)
def lemmas(word: str, language: str) -> frozenset[str]:
    """The dictionary forms simplemma gives for the spellings of `word`, in lower case.

    Unknown words come back as themselves, so two spellings of one unknown
    word still share a lemma.
    """
    return frozenset(
        simplemma.lemmatize(form, lang=language).casefold() for form in spellings(word) if form
    )


def is_real(word: str, language: str) -> bool:
    """True if `word` is a word of its own in `language`: listed, or common enough."""
    return is_listed(word, language) or zipf(word, language) >= COMMON


def prepare(language: str) -> None:
    """Load the lists of `language` now, so the first card does not wait for them."""
    zipf("the", language)
    zipf("the", "en")
    is_listed("a", language)

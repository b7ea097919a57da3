"""The compact frequency table answers as wordfreq itself does (J-4, J-5:
the clue check's "is this a real word" and "how common" come from it)."""

from __future__ import annotations

import secrets

import pytest
from wordfreq import get_frequency_dict, zipf_frequency

from oneword.clue_compare.frequencies import table, zipf

LANGUAGES = ["en", "de", "fr", "es", "it", "pt", "nl"]
HAND_PICKED = ["water", "Wasser", "l'eau", "2nd", "1999", "ice cream", "x", "zzzzqq", "über"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_zipf_matches_wordfreq_on_listed_words(language: str) -> None:
    listed = list(get_frequency_dict(language, wordlist="best"))
    rng = secrets.SystemRandom()
    sample = rng.sample(listed, 400) + listed[:50] + listed[-50:]
    wrong = [w for w in sample if zipf(w, language) != zipf_frequency(w, language)]
    assert wrong == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_zipf_matches_wordfreq_on_odd_input(language: str) -> None:
    for word in HAND_PICKED:
        assert zipf(word, language) == zipf_frequency(word, language), word


def test_an_unlisted_word_has_no_band() -> None:
    words = table("en")
    assert words.band("qqqxzzv") is None
    assert words.band("the") is not None
    assert len(words) > 100_000

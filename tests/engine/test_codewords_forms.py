"""K-2: the word forms a Codewords clue may not be, checked over every
English word of every package (and a few of each other language)."""

from __future__ import annotations

import lemminflect
import pytest

from oneword.engine.codewords.forms import english_family, same_family
from oneword.words.package_files import load_packages

PACKAGES = load_packages().packages
ENGLISH = sorted({w for p in PACKAGES for w in p.words_in("en")})


def _forms(word: str) -> set[str]:
    """The plural, -ed and -ing forms the lexicon gives for the last word."""
    *front, last = word.split()
    prefix = "".join(front)
    found: set[str] = set()
    for tag in ("NNS", "VBD", "VBG"):
        found.update(prefix + f for f in lemminflect.getInflection(last.lower(), tag))
    return found


def test_K_2_every_english_package_word_refuses_its_own_forms() -> None:
    missed = [
        (word, form)
        for word in ENGLISH
        for form in _forms(word) | {word}
        if not same_family(form, word, "en")
    ]
    assert missed == []


def test_K_2_every_english_package_word_refuses_its_doer_form() -> None:
    single = [w for w in ENGLISH if " " not in w and w.isalpha()]
    assert all(same_family(w + ("r" if w.endswith("e") else "er"), w, "en") for w in single)


def test_K_2_no_two_words_of_one_english_package_are_forms_of_each_other() -> None:
    clashes = [
        (a, b)
        for package in PACKAGES
        for a in package.words_in("en")
        for b in package.words_in("en")
        if a != b and same_family(a, b, "en")
    ]
    assert clashes == []


@pytest.mark.parametrize(
    ("clue", "card"),
    [("mice", "mouse"), ("ran", "run"), ("geese", "goose"), ("swimmer", "swim"), ("lives", "life")],
)
def test_K_2_irregular_english_forms_are_caught(clue: str, card: str) -> None:
    assert same_family(clue, card, "en") and same_family(card, clue, "en")
    assert clue in english_family(card) or card in english_family(clue)


@pytest.mark.parametrize(
    ("language", "clue", "card"),
    [("de", "Mäuse", "Maus"), ("fr", "chevaux", "cheval"), ("nl", "muizen", "muis")],
)
def test_K_2_other_languages_catch_plurals_by_lemma(language: str, clue: str, card: str) -> None:
    assert same_family(clue, card, language)
    assert not same_family(clue, "Haus" if language == "de" else "maison", language)

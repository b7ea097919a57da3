"""J-4: words of one family found by shape and meaning together (the
table `tools/build_word_kin.py` builds): a shared start and an everyday
ending, with meanings close in the bots' vectors."""

from __future__ import annotations

import pytest

from oneword.clue_compare import is_duplicate, is_invalid
from oneword.clue_compare.kin import LANGUAGES, _pairs, are_kin, fits_endings


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("de", "Prinz", "Prinzessin"),
        ("fr", "boulanger", "boulangerie"),
        ("pt", "cozinha", "cozinheiro"),
        ("es", "panadero", "panadería"),
        ("en", "gold", "golden"),
        ("nl", "Nederland", "Nederlands"),
    ],
)
def test_J_4_a_derived_word_is_of_the_family(language: str, a: str, b: str) -> None:
    assert are_kin(a, b, language)
    assert is_duplicate(a, b, language)
    assert is_invalid(a, b, language)


@pytest.mark.parametrize(
    ("language", "a", "b"),
    [
        ("de", "Küche", "Kuchen"),  # the umlaut makes another word
        ("de", "Post", "Poster"),
        ("de", "Kamm", "Kammer"),
        ("en", "lawn", "lawnmower"),  # a part of a compound
        ("en", "car", "carpet"),
        ("en", "corn", "corner"),
        ("it", "burro", "burrone"),
    ],
)
def test_J_4_a_shared_start_alone_makes_no_family(language: str, a: str, b: str) -> None:
    assert not are_kin(a, b, language)


def test_every_pair_of_the_table_has_the_shape() -> None:
    tables = _pairs()
    assert set(tables) == set(LANGUAGES)
    for language, pairs in tables.items():
        assert len(pairs) > 100, language
        assert all(fits_endings(a, b, language) for a, b in pairs), language


def test_a_compound_part_is_no_ending() -> None:
    assert fits_endings("baker", "bakery", "en")
    assert not fits_endings("lawn", "lawnmower", "en")
    assert not fits_endings("sonne", "sonnenblume", "de")

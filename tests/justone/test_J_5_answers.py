"""J-5: the guesser's answer names the mystery word despite case, accents,
plural or a slip, and not when it is another word."""

from __future__ import annotations

import pytest

from oneword.clue_compare.compare import is_right_answer


@pytest.mark.parametrize(
    ("language", "mystery", "answer"),
    [
        ("en", "Horse", "HORSES"),
        ("en", "mouse", "mice"),
        ("en", "elephant", "elefant"),
        ("en", "café", "cafe"),
        ("de", "Haus", "häuser"),
        ("de", "Bär", "Baer"),
        ("fr", "cheval", "chevaux"),
        ("fr", "château", "chateau"),
        ("es", "árbol", "arbol"),
        ("it", "farfalla", "farfala"),
        ("pt", "pão", "pães"),
        ("nl", "kind", "kinderen"),
    ],
)
def test_J_5_right_despite_case_accents_plural_or_slip(
    language: str, mystery: str, answer: str
) -> None:
    assert is_right_answer(mystery, answer, language)


@pytest.mark.parametrize(
    ("language", "mystery", "answer"),
    [
        ("en", "bear", "beer"),
        ("en", "hat", "hut"),
        ("en", "car", "card"),
        ("en", "Japan", "Japanese"),
        ("en", "horse", "pony"),
        ("en", "horse", ""),
        ("de", "Bär", "Bar"),
        ("fr", "mer", "mère"),
        ("es", "papa", "papá"),
        ("it", "pesca", "pesce"),
        ("nl", "beer", "bier"),
    ],
)
def test_J_5_another_real_word_is_wrong(language: str, mystery: str, answer: str) -> None:
    assert not is_right_answer(mystery, answer, language)

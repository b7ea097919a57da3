"""The packed lemma tables answer as the libraries they were built from
(J-4, J-5 and K-2 read their forms from them), and opening them decodes
nothing: no card waits for a dictionary to load."""

from __future__ import annotations

import secrets
import subprocess
import sys
import textwrap

import lemminflect
import pytest
import simplemma
from hypothesis import given
from hypothesis import strategies as st
from simplemma.strategies.dictionaries.dictionary_factory import _load_dictionary_from_disk

from oneword.clue_compare import check_clues, is_duplicate, lemma_tables
from oneword.clue_compare.lemma_tables import apply_edit, edit_to

HAND_PICKED = {
    "en": ["mice", "ran", "leaves", "glasses", "Mice", "ZZZQ"],
    "de": ["Häuser", "häuser", "Mäuse", "liefen", "Hochzeitstorten", "Bären", "Bar"],
    "fr": ["chevaux", "voisines", "yeux", "l'eau", "aujourd'hui"],
    "es": ["niñas", "bolas", "número", "numero", "pies"],
    "it": ["uomini", "mattino", "gattini"],
    "pt": ["ações", "acções", "pães"],
    "nl": ["koeien", "liep", "huizen", "kinderen"],
}


@pytest.mark.parametrize("language", lemma_tables.LANGUAGES)
def test_packed_lemmas_match_simplemma(language: str) -> None:
    forms = [form.decode() for form in _load_dictionary_from_disk(language)]
    sample = secrets.SystemRandom().sample(forms, 1500)
    words = [
        *sample,
        *(form.upper() for form in sample[:200]),
        *(form.capitalize() for form in sample[:200]),
        *(form + "x" for form in sample[:200]),
        *(form[:-1] for form in sample[:200] if len(form) > 1),
        *HAND_PICKED[language],
    ]
    wrong = [
        word
        for word in words
        if not _same_lemma(word, language)
        or lemma_tables.is_known(word, language)
        != simplemma.is_known(word, lang=language, low_memory=True)
    ]
    assert wrong == []


def _same_lemma(word: str, language: str) -> bool:
    """The table's lemma is simplemma's, or in English, where the two
    differ, one lemminflect gives the word, or the word's last part
    (band-aid is read by its aid)."""
    ours = lemma_tables.lemmatize(word, language)
    if ours == simplemma.lemmatize(word, lang=language, low_memory=True):
        return True
    if language != "en":
        return False
    head, _, last = word.rpartition("-")
    last_changed = lemma_tables.lemmatize(last, "en") != simplemma.lemmatize(
        last, lang="en", low_memory=True
    )
    by_last_part = bool(head) and last_changed
    return ours in _lemminflect_lemmas(word) or (
        by_last_part and ours == f"{head}-{lemma_tables.lemmatize(last, 'en')}"
    )


def _lemminflect_lemmas(word: str) -> set[str]:
    return {
        lemma
        for form in (word, word.casefold())
        for lemmas in lemminflect.getAllLemmas(form).values()
        for lemma in lemmas
    }


@pytest.mark.parametrize(
    ("form", "simplemma_says", "lemma"),
    [("skies", "ski", "sky"), ("singing", "singe", "sing"), ("bare", "bear", "bare")],
)
def test_english_lemmas_are_the_ones_lemminflect_agrees_with(
    form: str, simplemma_says: str, lemma: str
) -> None:
    """simplemma's English list reads some everyday words as forms of
    others; the table takes lemminflect's reading there, so skies and ski
    stay two clues (J-4)."""
    assert simplemma.lemmatize(form, lang="en", low_memory=True) == simplemma_says
    assert lemma_tables.lemmatize(form, "en") == lemma
    assert lemma_tables.lemmatize("mice", "en") == "mouse"
    assert not is_duplicate(form, simplemma_says, "en")


def test_english_noun_lemmas_match_lemminflect() -> None:
    words = ["leaves", "lives", "wolves", "mice", "glasses", "news", "kitchen", "zzzq", "ran"]
    for word in words:
        expected = lemminflect.getAllLemmas(word).get("NOUN", ())
        assert lemma_tables.english_noun_lemmas(word) == tuple(expected), word
    assert lemma_tables.english_noun_lemmas("leaves") == ("leave", "leaf")


@given(st.text(max_size=300), st.text(max_size=300))
def test_an_edit_turns_the_form_into_its_lemma(form: str, lemma: str) -> None:
    assert apply_edit(form, edit_to(form, lemma)) == lemma


def test_an_unknown_language_has_no_table() -> None:
    with pytest.raises(ValueError):
        lemma_tables.DICTIONARIES.get_dictionary("xx")
    assert not lemma_tables.is_known("", "de")


def test_checking_clues_decodes_no_library_dictionary() -> None:
    """A fresh process checks German and English clues and Codewords'
    German forms without simplemma's own dictionaries being decoded, and
    Just One's English check without lemminflect's lexicon."""
    script = textwrap.dedent(
        """
        import lemminflect
        from simplemma.strategies.dictionaries import dictionary_factory, stream_dictionary_factory
        from oneword.clue_compare import check_clues
        from oneword.engine.codewords.forms import lemmas

        def read(*args):
            raise AssertionError("simplemma's dictionary was decoded")

        for module in (dictionary_factory, stream_dictionary_factory):
            module._read_decompressed = read
        dictionary_factory._load_dictionary_from_disk = read
        assert not check_clues("Haus", ["Häuser", "Dach"], "de")[0].kept
        assert not check_clues("leaf", ["leaves", "tree"], "en")[0].kept
        assert not hasattr(lemminflect.Lemmatizer(), "lemma_dict"), "lemminflect was loaded"
        assert "haus" in lemmas("Häuser", "de")
        print("ok")
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


@pytest.mark.parametrize("language", lemma_tables.LANGUAGES)
def test_a_nul_in_a_clue_is_a_word_of_no_table(language: str) -> None:
    """The tries keep a NUL between a key and its value: a clue holding one
    (a player may paste anything) is looked up as unknown, never crashes."""
    odd = ["\x00", "a\x00", "00000\x00000", "haus\x00x", "\x00" * 5]
    for word in odd:
        assert lemma_tables.DICTIONARIES.get_dictionary(language).get(word) is None
        assert not lemma_tables.is_known(word, language)
        assert not lemma_tables.in_english_wordnet(word)
        checks = check_clues(word, [word, "a" + word, word + "0", "0"], language)
        assert len(checks) == 4

"""The message catalogs (issue #20): every text the code marks is in every
language's catalog and translated there, with the same `{placeholders}` as
the English, and the app translates through them by the session's choice.
"""

from __future__ import annotations

import string
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog, Message

from oneword.i18n import (
    ENGLISH,
    UI_LANGUAGES,
    _,
    catalog,
    current_language,
    ngettext,
    supported,
    use_language,
)
from oneword.i18n.extract import read, template, translated
from oneword.ui.text import escape_markdown, inert

OTHERS = [language for language in UI_LANGUAGES if language != ENGLISH]


@pytest.fixture(scope="module")
def in_code() -> Catalog:
    return template()


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    return {language: read(language) for language in UI_LANGUAGES}


def entries(messages: Catalog) -> Iterator[Message]:
    return (message for message in messages if message.id)


def fields(text: str) -> set[str]:
    """The names a template fills (also proves its braces are well formed)."""
    return {name for _text, name, _spec, _conv in string.Formatter().parse(text) if name}


def forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def english(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


@pytest.mark.parametrize("language", UI_LANGUAGES)
def test_every_text_in_the_code_is_in_the_catalog(
    in_code: Catalog, catalogs: dict[str, Catalog], language: str
) -> None:
    """A text wrapped in the code but not extracted (tools/catalogs.py not
    run) would show in English whatever the language."""
    wanted = {(m.id, m.context) for m in entries(in_code)}
    held = {(m.id, m.context) for m in entries(catalogs[language])}
    assert sorted(map(str, wanted - held)) == []
    assert sorted(map(str, held - wanted)) == []


@pytest.mark.parametrize("language", UI_LANGUAGES)
def test_every_text_is_translated_in_every_form(
    catalogs: dict[str, Catalog], language: str
) -> None:
    messages = catalogs[language]
    missing = [str(m.id) for m in entries(messages) if not translated(m)]
    assert missing == []
    plurals = [m for m in entries(messages) if isinstance(m.id, tuple)]
    assert plurals, "the catalogs hold plural texts"
    assert all(len(forms(m)) == messages.num_plurals for m in plurals)


@pytest.mark.parametrize("language", OTHERS)
def test_translations_fill_the_same_placeholders(
    catalogs: dict[str, Catalog], language: str
) -> None:
    """A translation that drops `{name}` loses the value; one that adds or
    misspells a name breaks the page with a KeyError."""
    wrong = []
    for message in entries(catalogs[language]):
        wanted = set().union(*(fields(text) for text in english(message)))
        found = [fields(text) for text in forms(message)]
        if set().union(*found) != wanted or any(not names <= wanted for names in found):
            wrong.append((message.id, message.string))
    assert wrong == []


def test_english_says_what_the_code_says(catalogs: dict[str, Catalog]) -> None:
    for message in entries(catalogs[ENGLISH]):
        assert forms(message) == english(message)


def test_a_text_follows_the_chosen_language() -> None:
    assert current_language() == ENGLISH
    assert _("Create room") == "Create room"
    with use_language("de"):
        assert current_language() == "de"
        assert _("Create room") == "Raum erstellen"
        with use_language("fr"):
            assert _("Create room") == "Créer la salle"
        assert _("Create room") == "Raum erstellen"
    assert _("Create room") == "Create room"


def test_a_text_no_catalog_knows_stays_as_written() -> None:
    with use_language("nl"):
        assert _("Not a text of the app") == "Not a text of the app"
    assert catalog("xx").gettext("Create room") == "Create room"


@pytest.mark.parametrize(
    ("language", "counts"),
    [
        ("en", {0: "0 minutes", 1: "1 minute", 2: "2 minutes"}),
        ("de", {0: "0 Minuten", 1: "1 Minute", 5: "5 Minuten"}),
        ("fr", {0: "0 minute", 1: "1 minute", 2: "2 minutes"}),
        ("pt", {0: "0 minuto", 1: "1 minuto", 3: "3 minutos"}),
        ("nl", {1: "1 minuut", 10: "10 minuten"}),
    ],
)
def test_plural_forms_follow_each_language(language: str, counts: dict[int, str]) -> None:
    """French and Portuguese count 0 as one; English and German as many."""
    with use_language(language):
        for count, expected in counts.items():
            template_ = ngettext("{count} minute", "{count} minutes", count)
            assert template_.format(count=count) == expected


@pytest.mark.parametrize(
    ("code", "expected"),
    [("de", "de"), ("de-AT", "de"), ("pt_BR", "pt"), ("NL", "nl"), ("ja", None), ("", None)],
)
def test_a_browser_language_maps_to_one_the_app_speaks(code: str, expected: str | None) -> None:
    assert supported(code) == expected


def test_translation_comes_before_the_values_so_they_stay_inert() -> None:
    """The template is translated, then filled: a name made of Markdown is
    escaped in German as in English, and is never looked up as a text."""
    hostile = "[win](https://evil.example) :red[x]"
    with use_language("de"):
        shown = inert(_("You are in room {code} as {name}."), code="ABCD", name=hostile)
    assert shown == f"Du bist in Raum ABCD als {escape_markdown(hostile)}."
    assert "](https" not in shown

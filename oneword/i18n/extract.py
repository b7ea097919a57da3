"""Finding the texts the code marks for translation, and keeping every
language's catalog in step with them (`python tools/catalogs.py`).

The .po files are written without source locations and sorted by text, so
two changes that add different texts touch different lines and merge
cleanly; the header carries no dates for the same reason.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from . import DOMAIN, ENGLISH, UI_LANGUAGES, po_path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("oneword", "app_pages", "streamlit_app.py")
"""Where marked texts live, from the repository's root."""
_METHODS = [("**.py", "python")]
_PROJECT = "In One Word"
_HEADER = """\
# The texts of In One Word, in one language (code: the .po's Language).
# Distributed under the same license as the app (MIT).
# Update with `python tools/catalogs.py`; see oneword/i18n/__init__.py.
#"""
_FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""Every header says the same, so regenerating a catalog changes no line
that another change could also have changed."""


def _found(root: Path) -> Iterable[tuple[str | tuple[str, ...], str | None, list[str]]]:
    for source in SOURCES:
        path = root / source
        if path.is_file():
            found = (
                (path.name, line, message, comments, context)
                for line, message, comments, context in extract_from_file(
                    "python", path, keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",)
                )
            )
        elif path.is_dir():
            found = extract_from_dir(
                path, _METHODS, keywords=DEFAULT_KEYWORDS, comment_tags=("TRANSLATORS:",)
            )
        else:
            continue
        for _file, _line, message, comments, context in found:
            yield message, context, list(comments)


def template(root: Path = ROOT) -> Catalog:
    """Every text marked in the code, as an empty catalog."""
    found = Catalog(project=_PROJECT, domain=DOMAIN, fuzzy=False)
    for message, context, comments in _found(root):
        found.add(message, None, auto_comments=comments, context=context)
    return found


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def _fill_english(messages: Catalog) -> None:
    """English says what the code says."""
    for message in messages:
        if message.id and not translated(message):
            message.string = message.id


def update(language: str, found: Catalog) -> Catalog:
    """`language`'s catalog with the texts `found` in the code: its
    translations kept, texts gone from the code dropped, new ones empty."""
    path = po_path(language)
    if path.exists():
        messages = read(language)
    else:
        messages = Catalog(
            locale=language,
            domain=DOMAIN,
            header_comment=_HEADER,
            project=_PROJECT,
            version="1",
            copyright_holder="the In One Word authors",
            msgid_bugs_address="the issue tracker named in README.md",
            last_translator="the In One Word authors",
            language_team=language,
            fuzzy=False,
        )
    # Babel's update puts the template's own entries into the catalog:
    # a copy each, so filling in English changes no other language.
    messages.update(copy.deepcopy(found), no_fuzzy_matching=True, update_header_comment=False)
    messages.obsolete.clear()
    if language == ENGLISH:
        _fill_english(messages)
    return messages


def write(language: str, messages: Catalog) -> None:
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    messages.creation_date = messages.revision_date = _FIXED_DATE
    with path.open("wb") as out:
        write_po(out, messages, no_location=True, sort_output=True, width=0, omit_header=False)


def update_all(root: Path = ROOT) -> dict[str, int]:
    """Every language's catalog brought in step with the code; how many
    texts each still lacks a translation for."""
    found = template(root)
    missing = {}
    for language in UI_LANGUAGES:
        messages = update(language, found)
        write(language, messages)
        missing[language] = sum(1 for m in messages if m.id and not translated(m))
    return missing


def translated(message: Message) -> bool:
    """Whether every form of `message` has its text."""
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)

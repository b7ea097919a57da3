"""Every text the app shows, in the player's language (en, de, fr, es, it,
pt, nl), from gettext message catalogs.

The names are gettext's own, so the standard tools find them without any
configuration and every translator knows what they mean:

    _("Create room")                           a text, translated now
    ngettext("{count} card left", "{count} cards left", n)
                                               the plural form for n
    pgettext("card result", "Right")           a short word whose meaning
                                               depends on where it stands
    N_("Not played")                           only marked, for a table
                                               built at import; translate
                                               the value with `_` when shown
    NP_("{count} card", "{count} cards")       the same, with a plural

The engine and the service mark their refusals with `N_` and carry the
values apart (`Refusal.template`, `Refusal.values`): `fill` makes the
sentence where it is read, in the reader's language.

They return a *template*; the caller fills it, through the text helpers of
`oneword.ui.text` on a page (`say`, `inert`, `plain`), so translation
happens before any player's value is put in and a hostile name stays
inert in every language:

    say("info", _("You are in room {code} as {name}."), code=code, name=name)

The language is the current Streamlit session's choice (`SESSION_KEY` in
`st.session_state`, set by `oneword.ui.app.language` on every run), or the
one `use_language` set for a block of code (tests, notebooks). Outside
both it is English, so the engine, the service and scripts never depend
on a browser.

The catalogs are `locales/<lang>/LC_MESSAGES/oneword.po`, one per
language, English included (its `msgstr` repeats the text in the code, and
is what the other languages are compared with). They are compiled with
Babel when a language is first used in a process (a few milliseconds), so
a clean checkout and an installed wheel work with no build step, and no
binary file has to be merged. After changing texts in the code:

    python tools/catalogs.py

extracts every marked text (`_`, `ngettext`, `pgettext`, `N_`) from
`oneword/`, `app_pages/` and `streamlit_app.py` and updates every .po:
new texts come in with an empty `msgstr` (English gets its own text),
texts gone from the code are dropped. Translate the empty entries in each
language. `tests/test_catalogs.py` fails while a text in the code is
missing from a catalog or lacks a translation, or a translation's
`{placeholders}` differ from the English.
"""

from __future__ import annotations

import gettext as _gettext
import io
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import NamedTuple

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN = "oneword"
LOCALES = Path(__file__).resolve().parent / "locales"
ENGLISH = "en"
UI_LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")
"""The languages the app speaks, English first (the fallback)."""
SESSION_KEY = "ui_language"
"""Where a Streamlit session keeps its UI language."""

_OVERRIDE: ContextVar[str | None] = ContextVar("oneword_ui_language", default=None)


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(language: str) -> _gettext.NullTranslations:
    """The catalog of `language`, compiled from its .po once per process;
    a text it lacks (or an unknown language) stays as written in the code."""
    if language not in UI_LANGUAGES or not po_path(language).exists():
        return _gettext.NullTranslations()
    with po_path(language).open("rb") as source:
        messages = read_po(source, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def supported(code: str | None) -> str | None:
    """The UI language for a code such as "de", "de-AT" or "pt_BR", or
    None when the app does not speak it."""
    if not code:
        return None
    base = code.replace("_", "-").split("-")[0].strip().lower()
    return base if base in UI_LANGUAGES else None


def _session_language() -> str | None:
    """The running Streamlit session's language, if this thread runs one.
    Streamlit is looked at only when something already imported it."""
    if "streamlit" not in sys.modules:
        return None
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx(suppress_warning=True)
    if ctx is None:
        return None
    import streamlit as st

    chosen = st.session_state.get(SESSION_KEY)
    return chosen if isinstance(chosen, str) else None


def current_language() -> str:
    """The language texts are translated into right now."""
    return supported(_OVERRIDE.get() or _session_language()) or ENGLISH


@contextmanager
def use_language(language: str) -> Iterator[None]:
    """Translate into `language` inside the block, whatever the session says."""
    token = _OVERRIDE.set(supported(language) or ENGLISH)
    try:
        yield
    finally:
        _OVERRIDE.reset(token)


def _(message: str) -> str:
    """`message` (an English template) in the current language."""
    return catalog(current_language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The template for `count` things, in the current language's plural
    rules (French and Portuguese say "0 carte", English "0 cards")."""
    return catalog(current_language()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` where the same English word needs different translations
    (a card's result "Right" is not the side "right")."""
    return catalog(current_language()).pgettext(context, message)


class Text(str):
    """A text of ours marked with `N_`, not translated yet. `fill` translates
    a value of this kind, so a refusal can quote a team's or a game's name
    and the reader still gets it in their language."""

    __slots__ = ()


class Plural(NamedTuple):
    """A text with a plural, marked with `NP_`; `fill` picks the form for
    its `count` value."""

    singular: str
    plural: str


class OneOf(tuple[str, ...]):
    """Values a refusal offers as a choice ("Versus or Together"): `fill`
    joins them in the reader's language, each translated if marked."""

    __slots__ = ()


class AllOf(tuple[str, ...]):
    """Values a refusal names together ("Red and Blue"), joined by `fill`."""

    __slots__ = ()


def _shown(value: object) -> object:
    if isinstance(value, Text):
        return _(value)
    if isinstance(value, OneOf | AllOf):
        items = [str(_shown(item)) for item in value]
        if isinstance(value, OneOf):
            return format_list(items, style="or", locale=current_language())
        return format_list(items, locale=current_language())
    return value


def N_(message: str) -> Text:
    """Mark `message` for the catalogs without translating it yet: for
    tables built at import and for the engine's refusals, whose texts are
    translated where they are shown, in the reader's language."""
    return Text(message)


def NP_(singular: str, plural: str) -> Plural:
    """Mark a text with a plural without translating it yet (see `N_`)."""
    return Plural(singular, plural)


Template = str | Plural


def fill(template: Template, values: Mapping[str, object]) -> str:
    """`template` in the current language with `values` put in; a value
    marked with `N_` is translated too. Only for texts shown as a whole
    as user text (a refusal), since the values are put in as they are.
    Lists of values (`OneOf`, `AllOf`) are joined as the language joins
    them (Babel's CLDR list patterns)."""
    if isinstance(template, Plural):
        count = values.get("count")
        number = count if isinstance(count, int) else 0
        translated = ngettext(template.singular, template.plural, number)
    else:
        translated = _(template)
    return translated.format(**{key: _shown(value) for key, value in values.items()})


__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LOCALES",
    "NP_",
    "N_",
    "SESSION_KEY",
    "UI_LANGUAGES",
    "AllOf",
    "OneOf",
    "Plural",
    "Template",
    "Text",
    "_",
    "catalog",
    "current_language",
    "fill",
    "ngettext",
    "pgettext",
    "po_path",
    "supported",
    "use_language",
]

"""Which language this browser's pages speak (the UI language), apart from
the language of a room's words, which its host sets.

A player's own choice (on Home) is kept in a cookie of the device, like
its seats, so the next visit speaks it at once. Without one, the browser's
language (`st.context.locale`, else the first language of the
Accept-Language header that the app speaks) when it is one of the seven,
else English. The router settles it at the start of every run, before any
text is translated; `oneword.i18n` reads it from the session.
"""

from __future__ import annotations

import streamlit as st

from oneword.i18n import ENGLISH, SESSION_KEY, UI_LANGUAGES, supported
from oneword.ui.app.browser import cookie, set_cookie

COOKIE = "oneword_language"
MAX_AGE = 400 * 24 * 3600
"""As long as browsers keep a cookie: the choice is the device's."""


def accepted_language(header: str | None) -> str | None:
    """The first language of an Accept-Language header the app speaks,
    by the browser's own preference (its q values)."""
    if not header:
        return None
    ranked = []
    for position, part in enumerate(header.split(",")):
        code, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        ranked.append((-weight, position, code))
    for _weight, _position, code in sorted(ranked):
        found = supported(code)
        if found and _weight < 0:
            return found
    return None


def browser_language() -> str:
    """The language the browser asks for, when the app speaks it."""
    return (
        supported(st.context.locale)
        or accepted_language(st.context.headers.get("Accept-Language"))
        or ENGLISH
    )


def settle_language() -> str:
    """The UI language of this browser tab, chosen when the tab connects:
    the device's choice, else the browser's."""
    chosen = st.session_state.get(SESSION_KEY)
    if not (isinstance(chosen, str) and chosen in UI_LANGUAGES):
        chosen = supported(cookie(COOKIE)) or browser_language()
        st.session_state[SESSION_KEY] = chosen
    return chosen


def choose_language(language: str) -> None:
    """The player's own choice, for this tab and for later visits from the
    same device."""
    chosen = supported(language) or ENGLISH
    st.session_state[SESSION_KEY] = chosen
    set_cookie(COOKIE, chosen, MAX_AGE)

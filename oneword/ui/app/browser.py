"""What a page asks of the browser itself: its cookies, and to send no
Referer.

Streamlit reads the browser's cookies once, when a session connects
(`st.context.cookies`), and has no way to set one: a cookie is written by
a small script in the page. So the session keeps what it wants each cookie
to be; `cookie()` reads that first, and the script is drawn on every run
until a later session shows that the browser has it.

Streamlit serves its own `index.html` and sets no Referrer-Policy header,
and no header of ours can be added to it. The same script puts
`<meta name="referrer" content="no-referrer">` into the document's head,
which Chromium and Firefox apply to every request made after it: an image
or link in the page tells no other site which page, room or link it came
from.

The script removes itself once run, and its element is hidden, so it takes
no room on the page and no cookie value stays in the page's HTML.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

import streamlit as st

_WANTED = "cookies_wanted"
_DRAWN = "cookies_drawn"
_MARK = "ow-script"
MARK_CLASS = "ow-mark"
"""The class of a room page's run stamps (`refresh.follow`, the poll), hidden here."""
_SAFE = re.compile(r"[A-Za-z0-9_-]{1,200}")

_HIDE = (
    f"<style>.stElementContainer:has(.{_MARK}), .stElementContainer:has(.{MARK_CLASS})"
    " {display:none;}</style>"
)
_NO_REFERRER = (
    "if (!document.querySelector('meta[name=referrer]')) {"
    " const m = document.createElement('meta');"
    " m.name = 'referrer'; m.content = 'no-referrer';"
    " document.head.prepend(m); }"
)
_SECURE = "(location.protocol === 'https:' ? '; Secure' : '')"

Wanted = tuple[str, int] | None
"""A cookie's wanted value and lifetime in seconds, or None: delete it."""


def browser_cookies() -> Mapping[str, str]:
    """The cookies the browser sent when this tab connected (none without
    a browser, as in page tests)."""
    sent = st.context.cookies
    return {name: value for name, value in sent.items() if isinstance(value, str)}


def _wanted() -> dict[str, Wanted]:
    found = st.session_state.get(_WANTED)
    if not isinstance(found, dict):
        found = {}
        st.session_state[_WANTED] = found
    return found


def cookie(name: str) -> str | None:
    """The cookie's value as this tab left it, else as the browser sent it."""
    wanted = _wanted()
    if name in wanted:
        entry = wanted[name]
        return entry[0] if entry else None
    return browser_cookies().get(name)


def is_safe(value: str) -> bool:
    """Whether `value` may be a cookie's name or value: letters, digits, - and _."""
    return _SAFE.fullmatch(value) is not None


def set_cookie(name: str, value: str, max_age: int) -> None:
    """Keep `value` in the browser (both `is_safe`)."""
    if not (is_safe(name) and is_safe(value)):
        raise ValueError("cookie names and values are URL-safe tokens")
    _wanted()[name] = (value, max_age)


def drop_cookie(name: str) -> None:
    if not is_safe(name):
        raise ValueError("cookie names are URL-safe tokens")
    _wanted()[name] = None


def _cookie_statements() -> list[str]:
    """One `document.cookie` assignment per cookie the browser lacks."""
    sent = browser_cookies()
    statements = []
    for name, entry in sorted(_wanted().items()):
        if entry is None and name in sent:
            statements.append(f"document.cookie = {json.dumps(f'{name}=; max-age=0; path=/')};")
        elif entry is not None and sent.get(name) != entry[0]:
            value, max_age = entry
            text = json.dumps(f"{name}={value}; max-age={max_age}; path=/; SameSite=Lax")
            statements.append(f"document.cookie = {text} + {_SECURE};")
    return statements


WATCHDOG = Path(__file__).with_name("watchdog.js").read_text(encoding="utf-8")
"""The page's own recovery (see the script): drawn with every run's head
script, and installed once per document."""


def _draw(statements: list[str]) -> None:
    body = " ".join([*statements, "document.currentScript && document.currentScript.remove();"])
    st.html(f'<span class="{_MARK}"></span><script>{body}</script>', unsafe_allow_javascript=True)


def page_head() -> None:
    """First thing on every run: no Referer from this page, and the cookies
    an earlier run wanted."""
    st.html(_HIDE)
    statements = _cookie_statements()
    st.session_state[_DRAWN] = statements
    _draw([_NO_REFERRER, WATCHDOG, *statements])


def write_cookies() -> None:
    """Last thing on every run: the cookies this run changed."""
    statements = _cookie_statements()
    if statements and statements != st.session_state.get(_DRAWN):
        st.session_state[_DRAWN] = statements
        _draw(statements)

"""User text (names, clues, board words, list names, and every refusal
message, since those quote them) is shown as text, never as markup.

Streamlit renders Markdown in messages, captions, toasts, button labels and
tooltips: links, images, `:material/...:` icons, `:red[...]` colours,
`$...$` maths, emoji codes, and web addresses that it turns into links by
itself. One name typed by one player reaches every other player's screen,
so a page never formats user text into Markdown by hand. It passes a
template of its own and the user values apart:

    say("warning", _("Paused by {name}."), name=view.paused_by)
    st.button(inert(_("Open {word}"), word=word))
    st.text(plain(_("Waiting for {name}."), name=host))

The template is translated first (`oneword.i18n._`) and filled after, so
a value is never looked up in the catalogs and is escaped the same way in
every language. A message that may quote user text is shown whole as
user text: `tell("error", refusal.message)`.

Each value is cleaned the same way everywhere: bidi controls removed, and a
value with right-to-left letters wrapped in a first-strong isolate
(U+2068 ... U+2069), so an Arabic or Hebrew name cannot reorder the line it
stands in. An all left-to-right value is left as it is: it cannot reorder
an English line.
"""

from __future__ import annotations

import html
import re
import unicodedata
from typing import Literal

import streamlit as st

JOINER = "\u2060"
"""WORD JOINER: invisible. Streamlit finds links (`www.`, `http://`,
`mailto:`, `a@b.c`), icons, colours and emoji codes (`:name:`, `:red[`)
after backslash escapes are undone, so a joiner is put where each of those
patterns would begin: between `www` and its dot, after a colon that a
word follows, and after an at sign."""
_PATTERN_STARTS = re.compile(r"(?i)(?<=www)(?=\.)|(?<=:)(?=\S)|(?<=@)")
FSI, PDI = "\u2068", "\u2069"

_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})
_MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()#+-.!|>~<$:&=^")

Kind = Literal["error", "warning", "info", "success", "toast", "caption", "markdown"]


def isolate(value: str) -> str:
    """`value` without bidi controls; isolated if it holds right-to-left text."""
    clean = "".join(ch for ch in value if ch not in _BIDI_CONTROLS)
    if any(unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT for ch in clean):
        return f"{FSI}{clean}{PDI}"
    return clean


def escape_html(text: str) -> str:
    """Text for `st.html`: no tag, attribute or entity survives."""
    return html.escape(text, quote=True)


def escape_markdown(value: str) -> str:
    """A user value as inert Markdown: every sign escaped, and a joiner
    wherever Streamlit would otherwise find a link, icon or colour."""
    joined = _PATTERN_STARTS.sub(JOINER, isolate(value))
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIAL else ch for ch in joined)


def plain(template: str, /, **values: object) -> str:
    """Our `template` with user values, for what renders no markup
    (`st.text`, or `st.html` after `escape_html`)."""
    return template.format(**{key: isolate(str(value)) for key, value in values.items()})


def inert(template: str, /, **values: object) -> str:
    """Our Markdown `template` with user values made inert: for button and
    widget labels, tooltips, and anything else Streamlit reads as Markdown."""
    return template.format(**{key: escape_markdown(str(value)) for key, value in values.items()})


def say(kind: Kind, template: str, /, *, icon: str | None = None, **values: object) -> None:
    """Show our `template` as a message of `kind`, with user values as text."""
    body = inert(template, **values)
    match kind:
        case "error":
            st.error(body, icon=icon)
        case "warning":
            st.warning(body, icon=icon)
        case "info":
            st.info(body, icon=icon)
        case "success":
            st.success(body, icon=icon)
        case "toast":
            st.toast(body, icon=icon)
        case "caption":
            st.caption(body)
        case "markdown":
            st.markdown(body)


def tell(kind: Kind, message: str, *, icon: str | None = None) -> None:
    """Show a whole message that may quote user text (a refusal's message
    quotes names, clues and words): all of it is user text."""
    say(kind, "{message}", icon=icon, message=message)

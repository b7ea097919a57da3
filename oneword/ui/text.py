"""User text (names, clues, custom words) is shown as text, never as markup.

`st.markdown` renders links and images and `st.html` renders tags, so every
piece of user text that goes into either passes through one of these.
"""

from __future__ import annotations

import html
import re

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|>~<$:])")


def escape_html(text: str) -> str:
    return html.escape(text, quote=True)


def escape_markdown(text: str) -> str:
    """Make text safe for a Markdown label (buttons, captions)."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)

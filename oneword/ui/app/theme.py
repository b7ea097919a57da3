"""The app's look, read from its two sources: Streamlit's `[theme]` in
`.streamlit/config.toml`, and the app's own CSS variables in `theme.css`
beside this module (the one file that holds the colours the app draws).

The router puts `theme.css` on every page, so the board's CSS can say
`var(--ow-card)`; `symbols` reads the card colours from it too, because a
card's own rule is written with the hex value (a value the tests and the
colour checks of the pages can compare).
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

import streamlit as st

CSS_FILE = Path(__file__).with_name("theme.css")
CONFIG_FILE = Path(__file__).resolve().parents[3] / ".streamlit" / "config.toml"
"""The config beside the app in a checkout (a wheel ships it beside the
app's own copy of the scripts, `oneword/_app`)."""

_VARIABLE = re.compile(r"(--ow-[a-z0-9-]+)\s*:\s*(#[0-9a-fA-F]{6})\s*;")


@cache
def variables() -> dict[str, str]:
    """Every `--ow-*` variable of `theme.css` with its colour."""
    return dict(_VARIABLE.findall(CSS_FILE.read_text(encoding="utf-8")))


def value(name: str) -> str:
    """One variable's colour (a KeyError names a variable the file lacks)."""
    return variables()[name]


def css() -> str:
    """`theme.css` as a style element, for the router to put on each page."""
    return f"<style>{CSS_FILE.read_text(encoding='utf-8')}</style>"


def apply() -> None:
    st.html(css())


def _config_file() -> Path:
    packaged = Path(__file__).resolve().parents[2] / "_app" / ".streamlit" / "config.toml"
    return CONFIG_FILE if CONFIG_FILE.exists() else packaged


def streamlit_theme() -> dict[str, str]:
    """The `[theme]` settings of the app's config.toml, its `[theme.light]`
    and `[theme.dark]` variants as `light.primaryColor` and so on (empty if
    it sets none)."""
    path = _config_file()
    if not path.exists():
        return {}
    table = tomllib.loads(path.read_text(encoding="utf-8")).get("theme", {})
    found: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            found.update({f"{key}.{k}": str(v) for k, v in value.items()})
        else:
            found[str(key)] = str(value)
    return found

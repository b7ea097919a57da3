"""The gallery's side-by-side previews: the gallery page itself, opened at
one entry (`?entry=NAME&frame=1`) in an iframe the size of a phone, a
laptop and a projector, each scaled down to one common height.

Each frame is a page of its own (its own session), so it lays out at the
preset's real width: the phone frame gets the phone layout, the
projector frame the big type. Streamlit takes a light or dark theme from
the frame's address (`embed_options`), which is how the theme switcher
reaches the frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from oneword.ui.app.pages import PAGES
from oneword.ui.text import escape_html


@dataclass(frozen=True)
class Preset:
    name: str
    width: int
    height: int


PRESETS = (Preset("phone", 390, 844), Preset("laptop", 1280, 800), Preset("projector", 1920, 1080))
"""The sizes every entry is previewed (and screenshotted) at, in CSS pixels."""

THEMES = {"app": None, "light": "light_theme", "dark": "dark_theme"}
"""The theme switcher's choices, by the `embed_options` value that asks for
each: as a browser would pick it, or the light or dark variant of the
app's theme (`[theme.light]`, `[theme.dark]` in config.toml)."""


def frame_url(entry: str, theme: str = "app") -> str:
    """The address of one entry drawn alone, relative to the gallery page."""
    query = {"entry": entry, "frame": "1"}
    option = THEMES.get(theme)
    if option:
        query["embed_options"] = option
    return f"{PAGES['gallery'].url_path}?{urlencode(query)}"


def frames_html(entry: str, theme: str, height: int, labels: dict[str, str]) -> str:
    """The three presets side by side, each scaled to `height` pixels tall.
    `labels`: each preset's caption, by name (the app's own text)."""
    boxes = []
    for preset in PRESETS:
        scale = height / preset.height
        url = escape_html(frame_url(entry, theme))
        label = escape_html(f"{labels[preset.name]} {preset.width}×{preset.height}")
        boxes.append(
            f'<figure><div class="box" style="width:{round(preset.width * scale)}px;'
            f'height:{height}px"><iframe src="{url}" title="{label}" loading="lazy" '
            f'style="width:{preset.width}px;height:{preset.height}px;'
            f'transform:scale({scale:.4f})"></iframe></div>'
            f'<figcaption><a href="{url}" target="_blank" rel="noopener">{label}</a>'
            "</figcaption></figure>"
        )
    return (
        "<style>body{margin:0;font-family:sans-serif}"
        ".row{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}"
        "figure{margin:0}.box{overflow:hidden;border:1px solid #8a8a8a;border-radius:6px}"
        ".box iframe{border:0;transform-origin:0 0}"
        "figcaption{font-size:14px;margin-top:4px}</style>"
        f'<div class="row">{"".join(boxes)}</div>'
    )

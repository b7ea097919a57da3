"""How each card colour looks, with a shape beside the colour (P-7) so
colour-blind players tell cards apart too."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple

from oneword.engine import Colour, Team
from oneword.engine.view_parts import SideView
from oneword.i18n import N_, _
from oneword.ui.app import theme

SYMBOL = {
    Colour.RED: "▲",
    Colour.BLUE: "●",
    Colour.NEUTRAL: "–",
    Colour.BLACK: "✖",
    Colour.GREEN: "★",
}
NAME = {
    Colour.RED: N_("red"),
    Colour.BLUE: N_("blue"),
    Colour.NEUTRAL: N_("neutral"),
    Colour.BLACK: N_("black"),
    Colour.GREEN: N_("green"),
}
BACKGROUND = {c: theme.value(f"--ow-{c.value}") for c in Colour}
"""An open card's fill (and a map card's border), from `theme.css`."""
FOREGROUND = {c: theme.value(f"--ow-{c.value}-text") for c in Colour}
TINT = {c: theme.value(f"--ow-{c.value}-tint") for c in Colour}
"""A map card's fill: the colour, light."""
CLOSED_BACKGROUND = theme.value("--ow-card")
CLOSED_TEXT = theme.value("--ow-card-text")
"""A closed card nobody's map colours, on every board."""
FOCUS_RING = theme.value("--ow-focus")
"""The ring around the card (or control) the keyboard is on."""
FOCUS_HALO = theme.value("--ow-focus-halo")
"""The band inside the ring, which shows where the ring does not (dark theme)."""
TEAM_SYMBOL = {Team.RED: SYMBOL[Colour.RED], Team.BLUE: SYMBOL[Colour.BLUE]}


def team_badge(team: Team, sides: Mapping[Team, SideView] | None = None) -> str:
    """Plain text, e.g. '▲ Red'; a side with its own name (K-2) shows it,
    e.g. '▲ Orange', and keeps its symbol."""
    side = sides.get(team) if sides else None
    return f"{TEAM_SYMBOL[team]} {_(side.name) if side else _(team.label)}"


_HEX = re.compile(r"#[0-9a-fA-F]{6}")
"""The only form a side's colour is written into CSS in: a side colour
is a palette colour, and anything else in a view is drawn as the usual one."""

DARK_TEXT = "#000000"
"""Black, not a softer dark grey: against black or white, any colour has
one at 4.58:1 or more (WCAG AA for text); a grey as dark as #1b1b1b
leaves mid colours (a green, a pink) under 4.5:1 with both."""


class Paint(NamedTuple):
    """How a card of one colour is drawn: open (background and text) and on
    a map (border in `background`, fill in `tint`)."""

    background: str
    foreground: str
    tint: str


def _side(colour: Colour, sides: Mapping[Team, SideView] | None) -> SideView | None:
    """The side whose cards are `colour`, if the view names it."""
    return next((s for t, s in (sides or {}).items() if t.value == colour.value), None)


def _side_hex(colour: Colour, sides: Mapping[Team, SideView] | None) -> str | None:
    side = _side(colour, sides)
    return side.hex if side and _HEX.fullmatch(side.hex) else None


def _channels(hex_colour: str) -> tuple[int, int, int]:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def _luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = (
        v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        for v in (c / 255 for c in _channels(hex_colour))
    )
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two `#rrggbb` colours (1 to 21)."""
    darker, lighter = sorted((_luminance(first), _luminance(second)))
    return (lighter + 0.05) / (darker + 0.05)


def _text_on(hex_colour: str) -> str:
    """White or dark text, whichever contrasts more with the background."""
    white = contrast_ratio(hex_colour, "#ffffff")
    return "#ffffff" if white >= contrast_ratio(hex_colour, DARK_TEXT) else DARK_TEXT


def _tint(hex_colour: str) -> str:
    """The colour mixed four parts in five with white, for a map card."""
    return "#" + "".join(f"{round(c + (255 - c) * 0.8):02x}" for c in _channels(hex_colour))


def paint(colour: Colour, sides: Mapping[Team, SideView] | None = None) -> Paint:
    """A card of `colour`: its side's own colour when the view gives one
    (K-2), else the usual one."""
    hex_colour = _side_hex(colour, sides)
    if hex_colour is None:
        return Paint(BACKGROUND[colour], FOREGROUND[colour], TINT[colour])
    return Paint(hex_colour, _text_on(hex_colour), _tint(hex_colour))


def colour_name(colour: Colour, sides: Mapping[Team, SideView] | None = None) -> str:
    """A card colour in words, by its side's name when it has one (K-2)."""
    side = _side(colour, sides)
    return _(side.name).lower() if side else _(NAME[colour])

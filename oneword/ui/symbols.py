"""How each card colour looks, with a shape beside the colour (P-7) so
colour-blind players tell cards apart too."""

from __future__ import annotations

from collections.abc import Mapping

from oneword.engine import Colour, Team
from oneword.engine.view_parts import SideView

SYMBOL = {
    Colour.RED: "▲",
    Colour.BLUE: "●",
    Colour.NEUTRAL: "–",
    Colour.BLACK: "✖",
    Colour.GREEN: "★",
}
NAME = {
    Colour.RED: "red",
    Colour.BLUE: "blue",
    Colour.NEUTRAL: "neutral",
    Colour.BLACK: "black",
    Colour.GREEN: "green",
}
BACKGROUND = {
    Colour.RED: "#c62828",
    Colour.BLUE: "#1565c0",
    Colour.NEUTRAL: "#d8cfb8",
    Colour.BLACK: "#212121",
    Colour.GREEN: "#2e7d32",
}
FOREGROUND = {
    Colour.RED: "#ffffff",
    Colour.BLUE: "#ffffff",
    Colour.NEUTRAL: "#3e3a30",
    Colour.BLACK: "#ffffff",
    Colour.GREEN: "#ffffff",
}
TINT = {
    Colour.RED: "#f8d7d5",
    Colour.BLUE: "#d3e3f6",
    Colour.NEUTRAL: "#f4eedf",
    Colour.BLACK: "#9e9e9e",
    Colour.GREEN: "#d5ecd6",
}
TEAM_SYMBOL = {Team.RED: SYMBOL[Colour.RED], Team.BLUE: SYMBOL[Colour.BLUE]}


def team_badge(team: Team, sides: Mapping[Team, SideView] | None = None) -> str:
    """Plain text, e.g. '▲ Red'; a side with its own name (K-2) shows it,
    e.g. '▲ Orange', and keeps its symbol."""
    side = sides.get(team) if sides else None
    return f"{TEAM_SYMBOL[team]} {side.name if side else team.label}"


def side_colour(colour: Colour, sides: Mapping[Team, SideView] | None) -> str:
    """The background a card of `colour` is drawn in: its side's own colour
    when the view gives one (K-2), else the usual one."""
    for team, side in (sides or {}).items():
        if colour.value == team.value:
            return side.hex
    return BACKGROUND[colour]

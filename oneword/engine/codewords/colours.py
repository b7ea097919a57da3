"""K-2: side colours. Players pick a colour in the lobby; a side is drawn in
its handler's colour, and two colours too close to tell apart are not both
used on one board.

"Too close" is measured, not guessed: the CIEDE2000 colour difference
(Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula:
Implementation Notes, Supplementary Test Data, and Mathematical
Observations", Color Research & Application 30(1), 2005), computed from
sRGB through CIE XYZ (D65) and CIELAB. A difference of about 2 is just
visible side by side; two sides' colours must differ by at least
`MIN_DIFFERENCE`, so they are told apart at a glance on a projector.
The symbols on the cards stay, for players who see colour differently.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from oneword.i18n import N_

from ..models import Team


class PaletteColour(NamedTuple):
    name: str
    hex: str


PALETTE: dict[str, PaletteColour] = {
    "red": PaletteColour(N_("Red"), "#c8302c"),
    "crimson": PaletteColour(N_("Crimson"), "#9b1b30"),
    "orange": PaletteColour(N_("Orange"), "#e8731a"),
    "gold": PaletteColour(N_("Gold"), "#c99a06"),
    "green": PaletteColour(N_("Green"), "#2e8b45"),
    "teal": PaletteColour(N_("Teal"), "#12827f"),
    "blue": PaletteColour(N_("Blue"), "#2f63c8"),
    "navy": PaletteColour(N_("Navy"), "#1f3a7a"),
    "purple": PaletteColour(N_("Purple"), "#7b3fa0"),
    "pink": PaletteColour(N_("Pink"), "#d4508f"),
}
"""The colours a player may pick, by id: none is close to a neutral card's
beige or the black card."""

DEFAULT_COLOUR = {Team.RED: "red", Team.BLUE: "blue"}
"""A side whose handler picked no colour keeps its usual one."""

MIN_DIFFERENCE = 21.0
"""CIEDE2000 below this: the second side takes another colour."""


def _linear(channel: int) -> float:
    """sRGB companding undone (IEC 61966-2-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab_f(t: float) -> float:
    return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29


def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIELAB (D65 white) of an sRGB colour written "#rrggbb"."""
    r, g, b = (_linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    fx, fy, fz = _lab_f(x), _lab_f(y), _lab_f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _hue(b: float, a: float) -> float:
    return math.degrees(math.atan2(b, a)) % 360 if (a or b) else 0.0


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """ΔE00 between two CIELAB colours (Sharma et al. 2005, equations 1-22,
    with kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = _hue(b1, a1p), _hue(b2, a2p)
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lp, cp = (l1 + l2) / 2, (c1p + c2p) / 2
    hp = _mean_hue(h1p, h2p, c1p * c2p)
    t = (
        1
        - 0.17 * math.cos(math.radians(hp - 30))
        + 0.24 * math.cos(math.radians(2 * hp))
        + 0.32 * math.cos(math.radians(3 * hp + 6))
        - 0.20 * math.cos(math.radians(4 * hp - 63))
    )
    sl = 1 + 0.015 * (lp - 50) ** 2 / math.sqrt(20 + (lp - 50) ** 2)
    sc, sh = 1 + 0.045 * cp, 1 + 0.015 * cp * t
    rt = -2 * math.sqrt(cp**7 / (cp**7 + 25**7))
    rt *= math.sin(math.radians(60 * math.exp(-(((hp - 275) / 25) ** 2))))
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def _mean_hue(h1: float, h2: float, chroma_product: float) -> float:
    if not chroma_product:
        return h1 + h2
    if abs(h1 - h2) <= 180:
        return (h1 + h2) / 2
    return (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2


def difference(first: str, second: str) -> float:
    """ΔE00 between two palette colours."""
    return ciede2000(lab(PALETTE[first].hex), lab(PALETTE[second].hex))


def too_close(first: str, second: str) -> bool:
    return difference(first, second) < MIN_DIFFERENCE


def side_colours(picks: dict[Team, str | None], first: Team) -> dict[Team, str]:
    """K-2: each side's colour from its handler's pick. The side that plays
    `first` keeps its pick; if the other side's is too close, it takes its
    usual colour, or else the palette colour farthest from the first."""
    colours = {team: picks.get(team) or DEFAULT_COLOUR[team] for team in Team}
    second = first.other
    if too_close(colours[first], colours[second]):
        usual = DEFAULT_COLOUR[second]
        if not too_close(colours[first], usual):
            colours[second] = usual
        else:
            colours[second] = max(PALETTE, key=lambda c: difference(colours[first], c))
    return colours

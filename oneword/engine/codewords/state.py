"""What a Codewords game holds (K-2): a Versus game, with each side's
colour and the language its clues are checked in."""

from __future__ import annotations

from typing import Literal

from ..models import Team
from ..versus.state import VersusGame


class CodewordsGame(VersusGame):
    """K-2: a Versus game by the Codewords preset. `captains` holds the
    handlers; each side is drawn in its handler's colour (`side_colours`,
    palette ids) and named after it; `language` picks the word forms a
    clue is checked against."""

    mode: Literal["codewords"] = "codewords"  # type: ignore[assignment]
    side_colours: dict[Team, str]
    language: str = "en"

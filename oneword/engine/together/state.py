"""What a Together game holds (T, F): each side's own map, the cards found,
the turns used and the Final Round. Both maps are secrets; each side sees
its own (`views`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..models import BOARD_SIZE, Colour, GameBase, Team

MIN_PLAYERS = 2
"""T-1: Together takes 2-6 players."""
MOST_PLAYERS = 6


def _empty_lists(count: int) -> list[list[Team]]:
    return [[] for _ in range(count)]


class TogetherGame(GameBase):
    mode: Literal["together"] = "together"
    keys: dict[Team, list[Colour]]
    found: list[bool] = Field(default_factory=lambda: [False] * BOARD_SIZE)
    neutral_for: list[list[Team]] = Field(default_factory=lambda: _empty_lists(BOARD_SIZE))
    fatal_card: int | None = None
    fatal_colour: Colour | None = None
    turn_limit: int = 9
    turns_used: int = 0
    final_round: bool = False
    next_giver: dict[Team, int] = Field(default_factory=lambda: {Team.RED: 0, Team.BLUE: 0})

    def green_indices(self) -> set[int]:
        return {i for side in self.keys.values() for i, c in enumerate(side) if c is Colour.GREEN}

    def greens_left(self) -> int:
        return sum(1 for i in self.green_indices() if not self.found[i])

    def side_done(self, side: Team) -> bool:
        """All of this side's greens are found: it has nothing left to clue (T-7)."""
        return all(self.found[i] for i, c in enumerate(self.keys[side]) if c is Colour.GREEN)

    def closed_words(self) -> list[str]:
        return [w for w, f in zip(self.words, self.found, strict=True) if not f]

"""What a Versus game holds (V): the board's map, which cards are open,
who captains each team. The map (`key`) is the secret; a seat's view
(`views`) shows it only to captains and at the end."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..models import BOARD_SIZE, MAX_PLAYERS, Colour, GameBase, Team, team_colour

MIN_PLAYERS = 4
"""V-1: Versus takes 4-10 players."""
MOST_PLAYERS = MAX_PLAYERS
MIN_TEAM = 2
"""V-1: a captain and at least one guesser per team."""


class VersusGame(GameBase):
    mode: Literal["versus"] = "versus"
    key: list[Colour] = Field(min_length=BOARD_SIZE, max_length=BOARD_SIZE)
    opened: list[bool] = Field(default_factory=lambda: [False] * BOARD_SIZE)
    starting_team: Team
    captains: dict[Team, str]
    former_captains: list[str] = Field(default_factory=list)

    def cards_left(self, team: Team) -> int:
        colour = team_colour(team)
        return sum(1 for c, o in zip(self.key, self.opened, strict=True) if c is colour and not o)

    def closed_words(self) -> list[str]:
        return [w for w, o in zip(self.words, self.opened, strict=True) if not o]

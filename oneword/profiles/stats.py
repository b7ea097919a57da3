"""PR-2: a player's stats, per game mode, and how one game adds to them."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .records import PlayerGame
from .xp import xp_for


class ModeStats(BaseModel):
    """What a player has done in one game mode."""

    games: int = 0
    wins: int = 0
    streak: int = 0  # wins in a row, now
    best_streak: int = 0
    clues_given: int = 0
    good_clues: int = 0
    cards_found: int = 0
    black_cards: int = 0
    best_clue: str | None = None
    best_clue_cards: int = 0
    cards_scored: int = 0


class Stats(BaseModel):
    """Everything a profile has earned: XP, stats per mode, titles."""

    xp: int = 0
    modes: dict[str, ModeStats] = Field(default_factory=dict)
    one_device_games: int = 0
    titles: list[str] = Field(default_factory=list)  # earned, in the order earned
    shown_title: str | None = None

    def mode(self, mode: str) -> ModeStats:
        return self.modes.get(mode, ModeStats())

    def total(self, field: str) -> int:
        """A counter summed over every mode (`best_streak`: the best of them)."""
        values = [int(getattr(m, field)) for m in self.modes.values()]
        if field in ("best_streak", "best_clue_cards"):
            return max(values, default=0)
        return sum(values)


def add_game(stats: Stats, record: PlayerGame) -> Stats:
    """The stats after one more finished game (a new value; `stats` is kept)."""
    before = stats.mode(record.mode)
    streak = before.streak + 1 if record.won else 0
    better_clue = record.best_clue_cards > before.best_clue_cards
    after = before.model_copy(
        update={
            "games": before.games + 1,
            "wins": before.wins + record.won,
            "streak": streak,
            "best_streak": max(before.best_streak, streak),
            "clues_given": before.clues_given + record.clues_given,
            "good_clues": before.good_clues + record.good_clues,
            "cards_found": before.cards_found + record.cards_found,
            "black_cards": before.black_cards + record.black_cards,
            "best_clue": record.best_clue if better_clue else before.best_clue,
            "best_clue_cards": max(before.best_clue_cards, record.best_clue_cards),
            "cards_scored": before.cards_scored + record.cards_scored,
        }
    )
    return stats.model_copy(
        update={
            "xp": stats.xp + sum(points for _, points in xp_for(record)),
            "modes": {**stats.modes, record.mode: after},
            "one_device_games": stats.one_device_games + record.one_device,
        }
    )

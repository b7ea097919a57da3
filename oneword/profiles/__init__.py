"""Profiles (docs/rules.md PR, R-3): what a finished game is worth
to each player, their stats, XP, level and titles.

Everything here is pure: `records.game_records` reads a finished game,
`stats.add_game` folds one player's record into their stats, `xp` says
what it earned and which level that is, `titles` says which titles the
stats have earned. Keeping profiles (where, and exactly once per game) is
the service's job.
"""

from .records import PlayerGame, game_records
from .stats import ModeStats, Stats, add_game
from .titles import TITLES, Title, earned_titles, new_titles
from .xp import XP_TABLE, Level, level_of, xp_for

__all__ = [
    "TITLES",
    "XP_TABLE",
    "Level",
    "ModeStats",
    "PlayerGame",
    "Stats",
    "Title",
    "add_game",
    "earned_titles",
    "game_records",
    "level_of",
    "new_titles",
    "xp_for",
]

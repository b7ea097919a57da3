"""PR-2: how much XP a game is worth, and the level a total of XP reaches.

The table rewards taking part first (every finished game earns
something, so a beginner on a losing team still moves up), then winning,
then the two skills of the game: clues that find several cards, and
finding one's own cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from .records import PlayerGame

XP_TABLE: dict[str, int] = {
    "finished": 20,  # any finished game with a result
    "win": 30,
    "card_found": 5,  # each own card this player opened
    "good_clue": 10,  # each clue whose turn found 2 or more own cards
    "card_scored": 5,  # Just One: each card the team scored
}

LEVEL_STEP = 100
"""Level n+1 needs LEVEL_STEP * n more XP than level n: 0, 100, 300, 600,
1,000 ... so early levels come within an evening and later ones take
weeks of play."""


def xp_for(record: PlayerGame) -> list[tuple[str, int]]:
    """The XP a player earned in one game, line by line (for the results page)."""
    lines = [("finished", XP_TABLE["finished"])]
    if record.won:
        lines.append(("win", XP_TABLE["win"]))
    for reason, count in (
        ("card_found", record.cards_found),
        ("good_clue", record.good_clues),
        ("card_scored", record.cards_scored),
    ):
        if count:
            lines.append((reason, XP_TABLE[reason] * count))
    return lines


@dataclass(frozen=True)
class Level:
    """A level, and how far a player is into it ("LVL 3, 40 of 300 XP")."""

    number: int
    xp_into: int
    xp_to_next: int


def xp_at_level(number: int) -> int:
    """The total XP at which level `number` starts (level 1 at 0)."""
    return LEVEL_STEP * number * (number - 1) // 2


def level_of(xp: int) -> Level:
    number = 1
    while xp >= xp_at_level(number + 1):
        number += 1
    start = xp_at_level(number)
    return Level(number, xp - start, xp_at_level(number + 1) - start)

"""What the results page reports beyond the outcome (R-2)."""

from __future__ import annotations

from collections.abc import Callable

from .models import Colour, GameBase, LogEntry, Team

HitColour = Callable[[Team | None], Colour]
"""The colour that counts as a hit for a clue given by a team (each game
mode says: a Versus team's own colour, Together's green)."""


def hits_and_misses(entry: LogEntry, hit_colour: HitColour) -> tuple[int, int]:
    hit = hit_colour(entry.team)
    hits = sum(1 for o in entry.openings if o.colour is hit)
    return hits, len(entry.openings) - hits


def best_clue(game: GameBase, hit_colour: HitColour) -> LogEntry | None:
    """R-2: the clue that found the most own cards in one turn; ties go to
    fewer wrong cards, then to the earlier clue."""
    scored = [
        (entry, *hits_and_misses(entry, hit_colour)) for entry in game.log if entry.clue is not None
    ]
    scored = [s for s in scored if s[1] > 0]
    if not scored:
        return None
    return min(scored, key=lambda s: (-s[1], s[2], s[0].turn))[0]

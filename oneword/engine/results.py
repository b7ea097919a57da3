"""What the results page reports beyond the outcome (R-2)."""

from __future__ import annotations

from .models import Colour, GameBase, LogEntry, Team, VersusGame, team_colour


def _found_colour(game: GameBase, team: Team | None) -> Colour:
    """The colour that counts as a hit for a clue of `team`."""
    if isinstance(game, VersusGame) and team is not None:
        return team_colour(team)
    return Colour.GREEN


def hits_and_misses(game: GameBase, entry: LogEntry) -> tuple[int, int]:
    hit = _found_colour(game, entry.team)
    hits = sum(1 for o in entry.openings if o.colour is hit)
    return hits, len(entry.openings) - hits


def best_clue(game: GameBase) -> LogEntry | None:
    """R-2: the clue that found the most own cards in one turn; ties go to
    fewer wrong cards, then to the earlier clue."""
    scored = [
        (entry, *hits_and_misses(game, entry)) for entry in game.log if entry.clue is not None
    ]
    scored = [s for s in scored if s[1] > 0]
    if not scored:
        return None
    return min(scored, key=lambda s: (-s[1], s[2], s[0].turn))[0]

"""PR-2: what one finished game gives each player who played it.

A record is made from the game's own log (who gave which clue, who opened
which card), never from what a page showed, so every page and every
process that sees the end of a game computes the same records.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from oneword.engine.game_mode import GameMode
from oneword.engine.justone.deck import score
from oneword.engine.justone.state import JustOneGame
from oneword.engine.models import Colour, Ending, GameBase, LogEntry, Outcome, Team
from oneword.engine.modes import mode_of
from oneword.engine.results import hits_and_misses

GOOD_CLUE = 2
"""A clue is good when its turn found at least this many of its own cards."""

JUST_ONE_WIN = 7
"""Just One has no winner (J-6: a score of the 13 cards); a deck played to
its end counts as a win for everyone when the team scored at least this
many, more than half the deck."""


class PlayerGame(BaseModel):
    """One player's part in one finished game."""

    model_config = ConfigDict(frozen=True)

    mode: str
    won: bool
    one_device: bool = False
    clues_given: int = 0
    good_clues: int = 0
    cards_found: int = 0
    black_cards: int = 0
    best_clue: str | None = None
    best_clue_cards: int = 0
    cards_scored: int = 0  # Just One: the team's score, shared by everyone


def game_records(game: GameBase) -> dict[str, PlayerGame]:
    """Each player's record of a finished game, by player id.

    Empty when the game has no result (G-8) or is not over: such a game
    counts nothing. A Just One deck played to its end says "no result" too
    (there is no winner) but is a finished game and counts.
    """
    outcome = game.outcome
    if outcome is None:
        return {}
    if isinstance(game, JustOneGame):
        return _just_one_records(game) if outcome.ending is Ending.DECK_PLAYED else {}
    if outcome.result == "no_result":
        return {}
    mode = mode_of(game)
    return {
        player.id: _record(game, mode, player.id, _won(outcome, player.team))
        for player in game.players
    }


def _won(outcome: Outcome, team: Team) -> bool:
    if outcome.winner is not None:
        return outcome.winner is team
    return outcome.result == "win"  # a cooperative game: all win or all lose


def _record(game: GameBase, mode: GameMode[GameBase], player: str, won: bool) -> PlayerGame:
    given = [e for e in game.log if e.clue is not None and e.giver_id == player]
    hits = [(e, hits_and_misses(e, lambda t: mode.hit_colour(game, t))[0]) for e in given]
    best = max(hits, key=lambda h: h[1], default=None)
    found = sum(
        1
        for entry in game.log
        for opening in entry.openings
        if opening.by == player and opening.colour is mode.hit_colour(game, entry.team)
    )
    black = sum(
        1 for e in game.log for o in e.openings if o.by == player and o.colour is Colour.BLACK
    )
    return PlayerGame(
        mode=str(game.mode),  # type: ignore[attr-defined]
        won=won,
        one_device=game.one_device,
        clues_given=len(given),
        good_clues=sum(1 for _, n in hits if n >= GOOD_CLUE),
        cards_found=found,
        black_cards=black,
        best_clue=_word(best[0]) if best and best[1] > 0 else None,
        best_clue_cards=best[1] if best else 0,
    )


def _word(entry: LogEntry) -> str | None:
    return entry.clue.word if entry.clue else None


def _just_one_records(game: JustOneGame) -> dict[str, PlayerGame]:
    """J-6: everyone shares the score, and each counts the clues they wrote."""
    scored = score(game)
    records = {}
    for player in game.players:
        written = [c for card in game.cards for c in card.clues if c.by == player.id]
        records[player.id] = PlayerGame(
            mode=game.mode,
            won=scored >= JUST_ONE_WIN,
            clues_given=len(written),
            cards_scored=scored,
        )
    return records

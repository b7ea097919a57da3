"""Small helpers both game types share: who is connected, logging a turn,
and ending a game.

Game functions in `versus.py` and `together.py` work on a private copy of
the room (made by `rules.apply` / `timers.advance`), so they mutate it in
place.
"""

from __future__ import annotations

from typing import Literal

from oneword.i18n import N_

from .errors import Reason, TurnError
from .models import (
    Clue,
    Ending,
    GameBase,
    GamePlayer,
    LogEntry,
    Opening,
    Outcome,
    RoomState,
    SkipReason,
    Team,
    Turn,
)

AWAY_WAIT = 60.0
"""X-4, X-6, X-7: how long the game waits for a disconnected seat."""


def is_connected(room: RoomState, player_id: str | None) -> bool:
    member = room.member(player_id)
    return member is not None and member.connected


def connected_players(room: RoomState, players: list[GamePlayer]) -> list[GamePlayer]:
    return [p for p in players if is_connected(room, p.id)]


def player_name(game: GameBase, player_id: str | None) -> str | None:
    player = game.player(player_id) if player_id else None
    return player.name if player else None


def require_player(game: GameBase, player_id: str) -> GamePlayer:
    player = game.player(player_id)
    if player is None or player.left:
        raise TurnError(
            Reason.NOT_IN_GAME, N_("You are watching this game: you will play in the next one.")
        )
    return player


def require_running(game: GameBase) -> Turn:
    if game.outcome is not None:
        raise TurnError(Reason.GAME_OVER, N_("The game is over."))
    if game.turn is None:
        raise TurnError(Reason.NO_TURN, N_("There is no turn to play now."))
    return game.turn


def clue_deadline(game: GameBase, now: float) -> float | None:
    """X-1: the clue timer runs from the start of the clue phase."""
    return now + game.clue_timer if game.clue_timer else None


def openings_so_far(game: GameBase) -> int:
    """Every card opened in the game, in the order of the clue log."""
    return sum(len(entry.openings) for entry in game.log)


def drop_marks(game: GameBase, player_id: str) -> None:
    """A player who leaves takes their picks with them (V-5): the team's
    marks show only players still in the game."""
    turn = game.turn
    if turn is None:
        return
    for card, names in list(turn.marks.items()):
        kept = [n for n in names if n != player_id]
        if kept:
            turn.marks[card] = kept
        else:
            del turn.marks[card]


def record_clue(game: GameBase, turn: Turn, by: str, clue: Clue) -> None:
    """The clue is given: its timers stop and the clue log gets a line (R-2)."""
    turn.clue = clue
    turn.clue_deadline = None
    turn.giver_away_deadline = None
    game.log.append(
        LogEntry(
            turn=turn.number,
            team=turn.team,
            giver_id=by,
            giver_name=player_name(game, by),
            clue=clue,
        )
    )


def log_opening(game: GameBase, opening: Opening) -> None:
    if game.log and game.turn is not None and game.log[-1].turn == game.turn.number:
        game.log[-1].openings.append(opening)


def log_skip(game: GameBase, turn: Turn, reason: SkipReason) -> None:
    """Note why a turn ended without its team ending it (X-2, X-4, X-6, X-7)."""
    if game.log and game.log[-1].turn == turn.number:
        game.log[-1].skip = reason
        return
    game.log.append(
        LogEntry(
            turn=turn.number,
            team=turn.team,
            giver_id=turn.giver_id,
            giver_name=player_name(game, turn.giver_id),
            skip=reason,
        )
    )


def finish(
    game: GameBase,
    result: Literal["win", "loss", "no_result"],
    ending: Ending,
    *,
    winner: Team | None = None,
    decided_by: Team | None = None,
    card: int | None = None,
) -> None:
    """R-1: record how the game was decided and stop every timer."""
    game.outcome = Outcome(
        result=result, ending=ending, winner=winner, decided_by=decided_by, card=card
    )
    game.turn = None

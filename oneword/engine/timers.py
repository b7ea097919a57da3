"""Time as an input (X-8): `advance(room, now)` applies every deadline that
has passed, earliest first.

Deadlines are stored in the state (the clue timer, the 60 s waits for a
seat that lost connection) or follow from it (the host's 60 s warning and
120 s hand-over, from the moment the host was lost). Each deadline is
applied at its own time, so a turn skipped at 12:00:00 starts the next
turn's clock at 12:00:00 even if nobody looked until 12:05. The same state
and the same `now` always give the same result, and applying `advance`
twice changes nothing more.
"""

from __future__ import annotations

from . import presence
from .game_mode import Due
from .models import RoomState
from .modes import mode_of

MAX_STEPS = 10_000
"""A guard: a room left alone for days skips at most this many deadlines
per call."""


def advance(room: RoomState, now: float) -> RoomState:
    """A copy of the room with every deadline up to `now` applied."""
    room = room.model_copy(deep=True)
    for _ in range(MAX_STEPS):
        due = [d for d in _deadlines(room) if d[0] <= now]
        if not due:
            break
        at, apply_deadline = min(due, key=lambda d: d[0])
        apply_deadline(room, at)
    return room


def next_deadline(room: RoomState) -> float | None:
    """When `advance` next has something to do; the store keeps it beside the
    room so a cheap poll can tell that a timer has run out."""
    times = [at for at, _ in _deadlines(room)]
    if room.bot_due is not None:
        times.append(room.bot_due)
    return min(times) if times else None


def _deadlines(room: RoomState) -> list[Due]:
    found: list[Due] = []
    warn, hand_over = presence.host_deadlines(room)
    if warn is not None:
        found.append((warn, _warn_host_away))
    if hand_over is not None:
        found.append((hand_over, lambda r, at: presence.pass_hosting(r)))
    game = room.game
    if game is not None and not game.over and room.paused_at is None:
        found.extend(mode_of(game).deadlines(room, game))
    return found


def _warn_host_away(room: RoomState, at: float) -> None:
    room.host_warning = True

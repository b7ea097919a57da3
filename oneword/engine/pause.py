"""Pause (L-7): anyone playing can stop the game's clocks for everyone, and
anyone playing can start them again.

While paused, `advance` applies no game deadline and game actions are
refused; on resume every turn deadline moves later by the time the game
stood still, so each timer resumes with the time it had left. The host's
connection deadlines (G-7) are about the room, not the game, and keep
running.

A server that was away (X-8) is the same kind of standstill for the whole
room: `server_resumed` moves every clock later by the time it was gone,
the host's connection times included, because nobody could be heard then.
"""

from __future__ import annotations

from oneword.i18n import N_

from .errors import Reason, TurnError
from .models import RoomState
from .modes import mode_of
from .turns import require_player
from .view_parts import allowed as _allowed


def _require_playing(room: RoomState, member_id: str) -> None:
    """L-7: a player of the running game; or the host who runs the room
    without playing (L-4: the teacher pauses for the bell)."""
    game = room.game
    if game is None or game.over:
        raise TurnError(Reason.NO_GAME, N_("There is no game running to pause."))
    member = room.member(member_id)
    if member is not None and member.watching and member_id == room.host_id:
        return
    require_player(game, member_id)


def pause_check(room: RoomState, member_id: str) -> None:
    _require_playing(room, member_id)
    if room.paused_at is not None:
        raise TurnError(Reason.ALREADY_PAUSED, N_("The game is already paused."))


def resume_check(room: RoomState, member_id: str) -> None:
    _require_playing(room, member_id)
    if room.paused_at is None:
        raise TurnError(Reason.NOT_PAUSED, N_("The game is not paused."))


def pause(room: RoomState, member_id: str, now: float) -> None:
    pause_check(room, member_id)
    room.paused_at = now
    room.paused_by = member_id


def resume(room: RoomState, member_id: str, now: float) -> None:
    resume_check(room, member_id)
    assert room.paused_at is not None
    _shift_turn(room, now - room.paused_at)
    room.paused_at = None
    room.paused_by = None


def server_resumed(room: RoomState, gap: float) -> None:
    """X-8: the room's time stood still for `gap` seconds while the server
    was away: each turn deadline, a pause's start and the moment each
    member lost connection move later, so every timer keeps what it had
    left (the host's G-7 timers too)."""
    _shift_turn(room, gap)
    if room.paused_at is not None:
        room.paused_at += gap
    for member in room.members:
        if member.disconnected_at is not None:
            member.disconnected_at += gap


def _shift_turn(room: RoomState, seconds: float) -> None:
    """Move the running game's deadlines `seconds` later (its mode knows them)."""
    if room.game is not None:
        mode_of(room.game).shift_clocks(room.game, seconds)


def require_not_paused(room: RoomState) -> None:
    if room.paused_at is not None:
        raise TurnError(Reason.PAUSED, N_("The game is paused: resume it to play on."))


def may_pause(room: RoomState, member_id: str | None) -> bool:
    """L-7: the answer `pause` would give this member now."""
    return member_id is not None and _allowed(lambda: pause_check(room, member_id))


def may_resume(room: RoomState, member_id: str | None) -> bool:
    return member_id is not None and _allowed(lambda: resume_check(room, member_id))

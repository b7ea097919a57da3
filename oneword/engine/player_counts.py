"""How many players each mode takes, and the lobby's mode following the
count (G-4, G-5, V-1, T-1, O-1).

With 2-3 players only Together is possible, with 7-10 only Versus, with
4-6 either (Versus by default); one device plays Versus only. Until the
host picks a mode the lobby shows the count's default; a mode the host
picked switches by itself only when the count no longer allows it, and
then everyone is told why.
"""

from __future__ import annotations

from .models import MAX_PLAYERS, Mode, Notice, NoticeKind, RoomState

VERSUS_MIN_PLAYERS = 4
VERSUS_MIN_TEAM = 2
TOGETHER_MIN_PLAYERS = 2
TOGETHER_MAX_PLAYERS = 6

_SWITCH_NOTICE = {
    Mode.VERSUS: NoticeKind.SWITCHED_TO_VERSUS,
    Mode.TOGETHER: NoticeKind.SWITCHED_TO_TOGETHER,
}


def allowed_modes(player_count: int, one_device: bool = False) -> list[Mode]:
    """G-4: the modes this many players may play, Versus first."""
    modes = []
    if VERSUS_MIN_PLAYERS <= player_count <= MAX_PLAYERS:
        modes.append(Mode.VERSUS)
    if TOGETHER_MIN_PLAYERS <= player_count <= TOGETHER_MAX_PLAYERS and not one_device:
        modes.append(Mode.TOGETHER)
    return modes


def default_mode(player_count: int) -> Mode:
    """G-4: Versus, unless only Together is possible."""
    return allowed_modes(player_count)[0] if player_count in (2, 3) else Mode.VERSUS


def fit_mode_to_count(room: RoomState) -> None:
    """G-4, G-5: after a join or a leave, keep the lobby's mode playable."""
    settings = room.settings
    if settings.one_device:
        return
    count = len(room.members)
    allowed = allowed_modes(count)
    if not settings.mode_chosen:
        settings.mode = default_mode(count)
        return
    if settings.mode in allowed or not allowed:
        return
    settings.mode = allowed[0]
    room.notice = Notice(kind=_SWITCH_NOTICE[settings.mode], players=count)

"""How many players each mode takes, and the lobby's mode following the
count (G-4, G-5, V-1, T-1, O-1).

Each mode says its own counts (`GameMode.players`); this module is the
lobby's rule over all of them. A mode that follows the count (G-4) is
picked by it until the host picks one, and switched by itself only when
the count no longer allows it, and then everyone is told why. With 2-3
players only Together is possible, with 7-10 only Versus, with 4-6 either
(Versus, the first mode, by default); one device plays Versus only.
"""

from __future__ import annotations

from .models import Mode, Notice, RoomState
from .modes import MODES


def allowed_modes(player_count: int, one_device: bool = False) -> list[Mode]:
    """G-4: the modes that follow the count and fit this many players, in
    the registry's order (Versus first)."""
    return [
        mode
        for mode, game in MODES.items()
        if game.follows_count and game.fits(player_count, one_device)
    ]


def playable_modes(player_count: int, one_device: bool = False) -> list[Mode]:
    """Every mode this many players may start: G-4's, then the others (J-1)."""
    others = [
        mode
        for mode, game in MODES.items()
        if not game.follows_count and game.fits(player_count, one_device)
    ]
    return allowed_modes(player_count, one_device) + others


def player_limits(mode: Mode) -> str:
    """How many players a mode takes, as the lobby's refusals say it."""
    least, most = MODES[mode].players
    return f"{least}-{most}"


def keeps_chosen_mode(room: RoomState) -> bool:
    """J-1: a mode that does not follow the count (Just One) is kept while
    the room fits it, so it can be prepared before everyone has joined."""
    game = MODES[room.settings.mode]
    return not game.follows_count and len(room.players()) <= game.players[1]


def default_mode(player_count: int) -> Mode:
    """G-4: the first mode the count allows (Versus unless only Together is)."""
    allowed = allowed_modes(player_count)
    return allowed[0] if allowed else next(iter(MODES))


def fit_mode_to_count(room: RoomState) -> None:
    """G-4, G-5: after a join or a leave, keep the lobby's mode playable."""
    settings = room.settings
    if settings.one_device:
        return
    count = len(room.players())
    allowed = allowed_modes(count)
    if not settings.mode_chosen:
        settings.mode = default_mode(count)
        return
    if settings.mode in allowed or not allowed or keeps_chosen_mode(room):
        return
    kind = MODES[settings.mode].left_for_count or MODES[allowed[0]].switched_to
    settings.mode = allowed[0]
    if kind is not None:
        room.notice = Notice(kind=kind, players=count)

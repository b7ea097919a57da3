"""How many players each mode takes, and the lobby's mode following the
count (G-4, G-5, V-1, T-1, O-1).

With 2-3 players only Together is possible, with 7-10 only Versus, with
4-6 either (Versus by default); one device plays Versus only. Until the
host picks a mode the lobby shows the count's default; a mode the host
picked switches by itself only when the count no longer allows it, and
then everyone is told why.
"""

from __future__ import annotations

from oneword.i18n import N_

from .models import MAX_PLAYERS, Mode, Notice, NoticeKind, RoomState

VERSUS_MIN_PLAYERS = 4
VERSUS_MIN_TEAM = 2
TOGETHER_MIN_PLAYERS = 2
TOGETHER_MAX_PLAYERS = 6
JUST_ONE_MIN_PLAYERS = 3
JUST_ONE_MAX_PLAYERS = 7

_SWITCH_NOTICE = {
    Mode.VERSUS: NoticeKind.SWITCHED_TO_VERSUS,
    Mode.TOGETHER: NoticeKind.SWITCHED_TO_TOGETHER,
    Mode.JUST_ONE: NoticeKind.LEFT_JUST_ONE,
}


def allowed_modes(player_count: int, one_device: bool = False) -> list[Mode]:
    """G-4: the modes this many players may play, Versus first."""
    modes = []
    if VERSUS_MIN_PLAYERS <= player_count <= MAX_PLAYERS:
        modes.append(Mode.VERSUS)
    if TOGETHER_MIN_PLAYERS <= player_count <= TOGETHER_MAX_PLAYERS and not one_device:
        modes.append(Mode.TOGETHER)
    return modes


def just_one_fits(player_count: int, one_device: bool = False) -> bool:
    """J-1: Just One takes 3-7 players, each on their own device."""
    return JUST_ONE_MIN_PLAYERS <= player_count <= JUST_ONE_MAX_PLAYERS and not one_device


def playable_modes(player_count: int, one_device: bool = False) -> list[Mode]:
    """Every mode this many players may start: G-4's, then Just One (J-1)."""
    just_one = [Mode.JUST_ONE] if just_one_fits(player_count, one_device) else []
    return allowed_modes(player_count, one_device) + just_one


def player_limits(mode: Mode) -> str:
    """How many players a mode takes, as the lobby's refusals say it."""
    match mode:
        case Mode.VERSUS:
            return f"{VERSUS_MIN_PLAYERS}-{MAX_PLAYERS}"
        case Mode.TOGETHER:
            return f"{TOGETHER_MIN_PLAYERS}-{TOGETHER_MAX_PLAYERS}"
        case Mode.JUST_ONE:
            return f"{JUST_ONE_MIN_PLAYERS}-{JUST_ONE_MAX_PLAYERS}"


MODE_TITLES = {
    Mode.VERSUS: N_("Versus"),
    Mode.TOGETHER: N_("Together"),
    Mode.JUST_ONE: N_("Just One"),
}
"""The games' names, marked for translation where they are shown."""


def keeps_just_one(room: RoomState) -> bool:
    """J-1: a room the host set to Just One keeps it while at most 7 are
    here, so it can be prepared before everyone has joined."""
    count = len(room.players())
    return room.settings.mode is Mode.JUST_ONE and count <= JUST_ONE_MAX_PLAYERS


def default_mode(player_count: int) -> Mode:
    """G-4: Versus, unless only Together is possible."""
    return allowed_modes(player_count)[0] if player_count in (2, 3) else Mode.VERSUS


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
    if settings.mode in allowed or not allowed or keeps_just_one(room):
        return
    kind = (
        NoticeKind.LEFT_JUST_ONE if settings.mode is Mode.JUST_ONE else _SWITCH_NOTICE[allowed[0]]
    )
    settings.mode = allowed[0]
    room.notice = Notice(kind=kind, players=count)

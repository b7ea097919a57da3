"""Who is in the room and who is connected (L-2, G-4, G-5, G-7, G-8, X-4,
X-5, X-6, X-7).

Joining, leaving and connection changes are actions with a time, like any
other. A lost connection is not a leave (G-8): the member keeps their seat,
and the deadlines that follow are applied by `timers.advance`.
"""

from __future__ import annotations

from oneword.i18n import N_

from .errors import LobbyError, Reason, SeatError
from .models import MAX_PLAYERS, BotLevel, Member, RoomState
from .modes import mode_of
from .names import clean_name, distinct_name, look, spaceless
from .player_counts import fit_mode_to_count

HOST_WARNING_AFTER = 60.0
HOST_HANDOVER_AFTER = 120.0


def join(
    room: RoomState,
    member_id: str,
    name: str,
    now: float,
    *,
    signed_in: bool = False,
    bot: bool = False,
    bot_level: BotLevel = "medium",
    device: str | None = None,
    title: str | None = None,
) -> Member:
    """Add a member. During a game they watch it and play the next (L-5).
    A locked room takes nobody new; a device or name the host removed does
    not come back (`device` is the joining device's key, hashed)."""
    name = clean_name(name)
    if room.settings.one_device:
        raise LobbyError(
            Reason.ONE_DEVICE_ROOM,
            N_("This room is played on one device: open its watch screen to follow the game."),
        )
    if room.member(member_id) is not None:
        raise SeatError(Reason.ALREADY_JOINED, N_("You are already in this room."))
    _require_welcome(room, name, device)
    if len(room.players()) >= MAX_PLAYERS:
        raise LobbyError(
            Reason.ROOM_FULL,
            N_("This room is full ({count} players): you can watch instead."),
            count=MAX_PLAYERS,
        )
    name = distinct_name([m.name for m in room.members], name)
    member = Member(
        id=member_id,
        name=name,
        joined_at=now,
        signed_in=signed_in,
        bot=bot,
        bot_level=bot_level,
        device=device,
        title=title,
    )
    room.members.append(member)
    if room.host_id is None and not bot:
        room.host_id = member_id
    fit_mode_to_count(room)
    return member


def _require_welcome(room: RoomState, name: str, device: str | None) -> None:
    """L-8: the host's lobby lock, and the names and devices they removed."""
    if room.settings.locked:
        raise LobbyError(Reason.ROOM_LOCKED, N_("The host has closed this room to new players."))
    barred = device is not None and device in room.barred_devices
    if barred or look(name) in {spaceless(key) for key in room.barred_names}:
        raise LobbyError(Reason.BARRED, N_("The host removed this player from the room."))


def require_member(room: RoomState, member_id: str) -> Member:
    member = room.member(member_id)
    if member is None:
        raise SeatError(Reason.NOT_IN_ROOM, N_("You are not in this room any more: join it again."))
    return member


def disconnect(room: RoomState, member_id: str, now: float) -> None:
    """A member's device went quiet. At a one-device table nobody has a
    device of their own, so nothing changes there."""
    member = require_member(room, member_id)
    if not member.connected or room.settings.one_device:
        return
    member.connected = False
    member.disconnected_at = now
    game = room.game
    if game is not None and not game.over:
        mode_of(game).on_disconnect(room, game, member_id, now)


def reconnect(room: RoomState, member_id: str, now: float) -> None:
    member = require_member(room, member_id)
    if member.connected:
        return
    member.connected = True
    member.disconnected_at = None
    if member_id == room.host_id:
        room.host_warning = False
    game = room.game
    if game is not None and not game.over:
        mode_of(game).on_reconnect(room, game, member_id, now)


def show_title(room: RoomState, member_id: str, title: str | None) -> None:
    """PR-3: the title under the member's name, from now on."""
    require_member(room, member_id).title = title


def leave(room: RoomState, member_id: str, now: float) -> None:
    """G-7, G-8, X-5: remove the member; hosting and seats pass on at once."""
    require_member(room, member_id)
    if room.settings.one_device:
        # The table shares one device and one token: a name cannot walk
        # away from it, the table is set up again instead.
        raise LobbyError(
            Reason.ONE_DEVICE_TABLE, N_("On one device, set up the table again instead.")
        )
    room.members = [m for m in room.members if m.id != member_id]
    room.captains = {t: c for t, c in room.captains.items() if c != member_id}
    if room.host_id == member_id:
        pass_hosting(room)
    fit_mode_to_count(room)
    game = room.game
    if game is not None and not game.over:
        mode_of(game).on_leave(room, game, member_id, now)


def next_host(room: RoomState) -> Member | None:
    """G-7, PR-1: signed-in players first, then the earliest joined; a
    connected member before one who is away; never a bot."""
    people = [m for m in room.members if not m.bot and m.id != room.host_id]
    ranked = sorted(people, key=lambda m: (not m.connected, not m.signed_in, m.joined_at))
    return ranked[0] if ranked else None


def pass_hosting(room: RoomState) -> None:
    """G-7: hosting moves on; a host who only watched plays again (L-4),
    since only a host may sit out."""
    former = room.member(room.host_id)
    if former is not None:
        former.watching = False
    successor = next_host(room)
    room.host_id = successor.id if successor else None
    room.host_warning = False


def host_deadlines(room: RoomState) -> tuple[float | None, float | None]:
    """G-7: when to warn that the host is away, and when to pass hosting on.

    Hosting passes only to a connected member, so a room where everyone is
    away keeps its host.
    """
    host = room.member(room.host_id)
    if host is None or host.connected or host.disconnected_at is None:
        return None, None
    warn = None if room.host_warning else host.disconnected_at + HOST_WARNING_AFTER
    successor = next_host(room)
    hand_over = (
        host.disconnected_at + HOST_HANDOVER_AFTER
        if successor is not None and successor.connected
        else None
    )
    return warn, hand_over

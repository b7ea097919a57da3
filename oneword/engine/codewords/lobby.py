"""K-2 in the lobby: sides picked in the open, then locked by the host,
and volunteers for the handler's seat.

Everyone taps a side or waits in the middle (`PickTeam`, as in Versus).
The host may move anyone, people and bots, at any time before the deal.
Locking places whoever is still in the middle on the smaller side, in
random order, and needs two players a side; after that only the host
moves people, until the host opens the sides again or deals (each deal
opens them for the next lobby).
"""

from __future__ import annotations

import random

from oneword.i18n import N_

from .. import lobby, presence
from ..errors import LobbyError, Reason
from ..models import Mode, Preset, RoomState, Team
from ..versus.state import MIN_TEAM


def is_codewords_lobby(room: RoomState) -> bool:
    return room.settings.mode is Mode.VERSUS and room.settings.preset is Preset.CODEWORDS


def require_codewords(room: RoomState) -> None:
    if not is_codewords_lobby(room):
        raise LobbyError(Reason.NOT_CODEWORDS, N_("Only Codewords has this step."))


def lock_sides(room: RoomState, by: str, locked: bool, rng: random.Random) -> None:
    """The host locks the sides (or opens them again)."""
    lobby.require_host(room, by)
    lobby.require_lobby(room)
    require_codewords(room)
    if locked:
        lobby.place_undecided(room.players(), rng)
        _require_two_a_side(room)
    room.sides_locked = locked


def _require_two_a_side(room: RoomState) -> None:
    sizes = {team: sum(1 for m in room.members if m.team is team) for team in Team}
    if min(sizes.values()) < MIN_TEAM:
        raise LobbyError(
            Reason.TEAM_TOO_SMALL,
            N_(
                "Each side needs at least {count} players before the sides are locked "
                "(now {red} and {blue}): add bots or wait for more players."
            ),
            count=MIN_TEAM,
            red=sizes[Team.RED],
            blue=sizes[Team.BLUE],
        )


def require_open_sides(room: RoomState, member_id: str) -> None:
    """A player's own pick waits while the sides are locked; the host may
    still move anyone, themselves included."""
    if room.sides_locked and is_codewords_lobby(room) and member_id != room.host_id:
        raise LobbyError(
            Reason.SIDES_LOCKED,
            N_("The host has locked the sides: ask the host to move you."),
        )


def volunteer(room: RoomState, by: str, player: str | None, value: bool) -> None:
    """ "I'll give the clues": for oneself, or by the host for a bot."""
    if player is None or player == by:
        lobby.set_volunteer(room, by, value)
        return
    lobby.require_host(room, by)
    member = presence.require_member(room, player)
    if not member.bot:
        raise LobbyError(
            Reason.NOT_A_BOT,
            N_("{name} decides for themselves whether to give the clues."),
            name=member.name,
        )
    lobby.set_volunteer(room, player, value)

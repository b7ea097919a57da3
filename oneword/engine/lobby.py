"""The lobby (L-4, V-1, V-4, T-1, G-4) and starting a game.

Host-only actions check the host's seat here, on the server side, so a page
cannot grant itself powers.
"""

from __future__ import annotations

import random

from oneword.i18n import N_, OneOf

from . import presence
from .codewords.colours import PALETTE
from .errors import LobbyError, Reason, SeatError, TurnError
from .game_mode import Deal
from .models import MAX_PLAYERS, Member, Mode, RoomState, Team
from .modes import MODES, mode_for, mode_of
from .names import skeleton
from .player_counts import allowed_modes, fit_mode_to_count, playable_modes, player_limits


def require_host(room: RoomState, member_id: str) -> None:
    presence.require_member(room, member_id)
    if room.host_id != member_id:
        raise SeatError(Reason.HOST_ONLY, N_("Only the host can do that."))


def end_game(room: RoomState, host_id: str) -> None:
    """L-4: the host ends the running game early, paused or not: no result."""
    require_host(room, host_id)
    game = room.game
    if game is None or game.over:
        raise TurnError(Reason.NO_GAME, N_("There is no game running to end."))
    mode_of(game).end_early(game)
    room.paused_at = None
    room.paused_by = None


def require_lobby(room: RoomState) -> None:
    if room.game is not None and not room.game.over:
        raise LobbyError(Reason.GAME_RUNNING, N_("A game is running: wait for it to end."))


def set_team(room: RoomState, member_id: str, team: Team | None) -> None:
    """A player picks a team (or the host moves them); a captain who changes
    team is no longer captain."""
    require_lobby(room)
    member = require_playing(room, member_id)
    if member.team is not team and room.captains.get(member.team or Team.RED) == member_id:
        room.captains.pop(member.team or Team.RED)
    member.team = team


def make_captain(room: RoomState, member_id: str) -> None:
    """V-4: "Be Captain", or the host's choice; replaces the team's captain."""
    require_lobby(room)
    member = require_playing(room, member_id)
    if member.team is None:
        raise LobbyError(
            Reason.PICK_TEAM_FIRST, N_("{name} must be on a team to be captain."), name=member.name
        )
    room.captains[member.team] = member_id


def shuffle(room: RoomState, rng: random.Random) -> None:
    """V-4: re-split everyone into two even teams and draw new captains."""
    require_lobby(room)
    members = room.players()
    rng.shuffle(members)
    half = (len(members) + rng.randint(0, 1)) // 2
    for i, member in enumerate(members):
        member.team = Team.RED if i < half else Team.BLUE
    room.captains = {}
    for team in Team:
        team_members = [m for m in members if m.team is team]
        if team_members:
            room.captains[team] = rng.choice(team_members).id


def kick(room: RoomState, host_id: str, member_id: str, now: float) -> None:
    """The host removes a member; their name and device stay out (L-8)."""
    require_host(room, host_id)
    if member_id == host_id:
        raise LobbyError(Reason.KICK_SELF, N_("You cannot remove yourself: use Leave."))
    member = presence.require_member(room, member_id)
    presence.leave(room, member_id, now)
    room.barred_names.append(skeleton(member.name))
    if member.device is not None:
        room.barred_devices.append(member.device)


def set_mode(room: RoomState, mode: Mode) -> None:
    """G-4: the host picks among the modes the player count allows (either
    while too few have joined for any, so the room can be prepared)."""
    require_lobby(room)
    count, one_device = len(room.players()), room.settings.one_device
    allowed = allowed_modes(count, one_device)
    game = MODES[mode]
    refusal = game.one_device_refusal
    if one_device and refusal is not None:
        raise LobbyError(Reason.MODE_NOT_ALLOWED, refusal)
    preparing = not game.follows_count and count <= game.players[1]
    if allowed and mode not in allowed and not preparing:
        raise LobbyError(
            Reason.MODE_NOT_ALLOWED,
            N_("{game} is for {limits} players; this room has {count}."),
            game=game.title,
            limits=player_limits(mode),
            count=count,
        )
    room.settings.mode = mode
    room.settings.mode_chosen = True
    room.notice = None


def place_undecided(members: list[Member], rng: random.Random) -> None:
    """L-4: undecided players go to the smaller team, in random order."""
    undecided = [m for m in members if m.team is None]
    rng.shuffle(undecided)
    for member in undecided:
        red = sum(1 for m in members if m.team is Team.RED)
        blue = sum(1 for m in members if m.team is Team.BLUE)
        member.team = (
            Team.RED if red < blue else Team.BLUE if blue < red else rng.choice(list(Team))
        )


def _check_counts(room: RoomState) -> None:
    count, mode = len(room.players()), room.settings.mode
    allowed_here = playable_modes(count, room.settings.one_device)
    if mode not in allowed_here:
        game, limits = MODES[mode].title, player_limits(mode)
        if not allowed_here:
            raise LobbyError(
                Reason.PLAYER_COUNT, N_("{game} needs {limits} players."), game=game, limits=limits
            )
        raise LobbyError(
            Reason.PLAYER_COUNT,
            N_("{game} needs {limits} players. With {count}, play {others}."),
            game=game,
            limits=limits,
            count=count,
            others=OneOf(MODES[m].title for m in allowed_here),
        )


def _draw_captains(room: RoomState, rng: random.Random) -> dict[Team, str]:
    """V-4, L-6: keep chosen captains; draw the others, preferring players
    who have not been captain in this room yet."""
    captains: dict[Team, str] = {}
    for team in Team:
        chosen = room.captains.get(team)
        team_ids = [m.id for m in room.members if m.team is team]
        if chosen in team_ids:
            captains[team] = chosen
            continue
        fresh = [i for i in team_ids if i not in room.past_captains]
        captains[team] = rng.choice(fresh or team_ids)
    return captains


def start_game(room: RoomState, words: list[str], rng: random.Random, now: float) -> None:
    """Check the counts and teams, then deal the game (V-1, T-1, G-4)."""
    require_lobby(room)
    _check_counts(room)
    place_undecided(room.players(), rng)
    mode_for(room.settings).check_teams(room)
    room.notice = None
    room.paused_at = room.paused_by = None
    mode = mode_for(room.settings)
    if len(words) != mode.words_needed:
        raise LobbyError(
            Reason.DECK_SIZE,
            N_("This game starts with {count} words, not {given}."),
            count=mode.words_needed,
            given=len(words),
        )
    captains: dict[Team, str] = {}
    if mode.draws_captains():
        drawn = mode.draw_captains(room, rng)
        captains = _draw_captains(room, rng) if drawn is None else drawn
        room.past_captains.extend(c for c in captains.values() if c not in room.past_captains)
        room.captains = {}
    room.game = mode.start(Deal(room, room.players(), captains, words, rng, now))
    room.game.one_device = room.settings.one_device
    room.sides_locked = False  # K-2: the next lobby picks sides afresh


def require_playing(room: RoomState, member_id: str) -> Member:
    """The member, who must play: a host who only watches picks no team,
    no captaincy and no clue giving (L-4)."""
    member = presence.require_member(room, member_id)
    if member.watching:
        raise LobbyError(
            Reason.HOST_WATCHING,
            N_("{name} hosts without playing: switch that off first to play."),
            name=member.name,
        )
    return member


def set_watching(room: RoomState, host_id: str, watching: bool) -> None:
    """L-4: the host runs the room without playing (a teacher at the
    projector), or plays again while a seat is free. One device has no
    host apart from its table (O-1)."""
    require_host(room, host_id)
    require_lobby(room)
    if room.settings.one_device:
        raise LobbyError(Reason.HOST_WATCHING, N_("At a one-device table everyone typed in plays."))
    host = presence.require_member(room, host_id)
    if not watching and host.watching and len(room.players()) >= MAX_PLAYERS:
        raise LobbyError(
            Reason.ROOM_FULL,
            N_("The room has {count} players: remove one first to play yourself."),
            count=MAX_PLAYERS,
        )
    if watching:
        set_team(room, host_id, None)
        host.volunteer = False
    host.watching = watching
    fit_mode_to_count(room)


def set_volunteer(room: RoomState, member_id: str, volunteer: bool) -> None:
    """K-2: "I'll give the clues", for the next deal."""
    require_lobby(room)
    require_playing(room, member_id).volunteer = volunteer


def pick_colour(room: RoomState, member_id: str, colour: str | None) -> None:
    """K-2: a player's colour, drawn for their side when they are handler."""
    require_lobby(room)
    member = presence.require_member(room, member_id)
    if colour is not None and colour not in PALETTE:
        raise LobbyError(
            Reason.UNKNOWN_COLOUR,
            N_("There is no colour {colour} to pick."),
            colour=repr(colour[:30]),
        )
    member.colour = colour

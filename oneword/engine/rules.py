"""The engine's entry point: `apply(room, action, now) -> room`.

Each action is checked and applied to a deep copy of the room, so a
refused action (a `RuleError`) leaves the caller's state as it was (G-9).
Deadlines that have passed are applied first (`advance`), so an action
always meets the room as it is at `now`.
"""

from __future__ import annotations

import random

from oneword.i18n import N_

from . import lobby, one_device, pause, presence
from .actions import (
    Action,
    BackToLobby,
    BeCaptain,
    Disconnect,
    EndGame,
    GiveClue,
    Join,
    Kick,
    Leave,
    LockSides,
    MakeCaptain,
    MovePlayer,
    NewGameSameTeams,
    Open,
    Pause,
    PickColour,
    PickTeam,
    Reconnect,
    Resume,
    ServerResumed,
    SetClueTimer,
    SetCustomWords,
    SetJustOneTimer,
    SetLanguage,
    SetLocked,
    SetMode,
    SetPackage,
    SetPreset,
    SetTogetherTurns,
    SetUpOneDevice,
    SetWatching,
    ShowTitle,
    Shuffle,
    StartGame,
    StartGuessing,
    Volunteer,
)
from .codewords import lobby as codewords_lobby
from .errors import LobbyError, Reason, RuleError, SeatError, TurnError
from .models import GameBase, RoomState
from .modes import is_move, mode_of
from .randomness import deal_rng
from .timers import advance
from .turns import openings_so_far


def rng_for(room: RoomState) -> random.Random:
    """A random source fixed by the room's secret and step: replaying the
    same actions deals the same maps, and nothing on show reveals them."""
    return deal_rng(room.seed, room.step)


def new_room(seed: int = 0) -> RoomState:
    """An empty room; the first member to join becomes its host (G-7)."""
    return RoomState(seed=seed)


def apply(room: RoomState, action: Action, now: float) -> RoomState:
    """Apply one action at time `now` and return the new room.

    Raises a `RuleError` (with a stable `code`) when the rules refuse it.
    """
    new = advance(room, now)
    _dispatch(new, action, now)
    new.step += 1
    return new


def _dispatch(room: RoomState, action: Action, now: float) -> None:
    """Every action, by its type; the game's own actions go to its mode."""
    by = action.by
    match action:
        case Join():
            presence.join(
                room,
                by,
                action.name,
                now,
                signed_in=action.signed_in,
                bot=action.bot,
                bot_level=action.bot_level,
                device=action.device,
                title=action.title,
            )
        case Disconnect():
            presence.disconnect(room, by, now)
        case Reconnect():
            presence.reconnect(room, by, now)
        case Leave():
            presence.leave(room, by, now)
        case ShowTitle():
            presence.show_title(room, by, action.title)
        case Pause():
            pause.pause(room, by, now)
        case EndGame():
            lobby.end_game(room, by)
        case Resume():
            pause.resume(room, by, now)
        case ServerResumed():
            pause.server_resumed(room, action.gap)
        case StartGuessing():
            presence.require_member(room, by)
            pause.require_not_paused(room)
            one_device.start_guessing(room)
        case _ if is_move(action):
            _game_action(room, action, now)
        case _:
            _lobby_action(room, action, now)


def _lobby_action(room: RoomState, action: Action, now: float) -> None:
    """The lobby's actions (L-4, V-4, G-4, O-1, O-5); most are the host's."""
    by = action.by
    match action:
        case PickTeam():
            codewords_lobby.require_open_sides(room, by)
            lobby.set_team(room, by, action.team)
        case BeCaptain():
            lobby.make_captain(room, by)
        case MovePlayer():
            lobby.require_host(room, by)
            lobby.set_team(room, action.player, action.team)
        case MakeCaptain():
            lobby.require_host(room, by)
            lobby.make_captain(room, action.player)
        case Shuffle():
            lobby.require_host(room, by)
            lobby.shuffle(room, rng_for(room))
        case Kick():
            lobby.kick(room, by, action.player, now)
        case SetMode() | SetClueTimer() | SetTogetherTurns() | SetJustOneTimer():
            _host_setting(room, action)
        case Volunteer():
            codewords_lobby.volunteer(room, by, action.player, action.volunteer)
        case LockSides():
            codewords_lobby.lock_sides(room, by, action.locked, rng_for(room))
        case PickColour():
            lobby.pick_colour(room, by, action.colour)
        case SetPreset():
            _host_setting(room, action)
        case SetWatching():
            lobby.set_watching(room, by, action.watching)
        case SetLocked():
            lobby.require_host(room, by)
            room.settings.locked = action.locked
        case SetLanguage() | SetPackage() | SetCustomWords():
            _host_setting(room, action)
        case StartGame():
            lobby.require_host(room, by)
            lobby.start_game(room, action.words, rng_for(room), now)
        case BackToLobby():
            _back_to_lobby(room, by)
        case SetUpOneDevice():
            if action.seats and by != action.seats[0].id:
                raise SeatError(
                    Reason.DEVICE_SEAT, N_("The device sets up the table from the first seat.")
                )
            one_device.set_up(room, action.seats, action.clue_timer, now)
        case NewGameSameTeams():
            lobby.require_host(room, by)
            one_device.new_game_same_teams(room, action.words, rng_for(room), now)
        case _:
            raise RuleError(
                Reason.UNKNOWN_ACTION, N_("Unknown action: {action}."), action=type(action).__name__
            )


def _game_action(room: RoomState, action: Action, now: float) -> None:
    """V, T, F and J: the running game plays the action if it is one of its
    moves; a move of another game is refused here, for every mode."""
    game = room.game
    if game is None:
        raise TurnError(Reason.NO_GAME, N_("No game is running: the host starts one in the lobby."))
    presence.require_member(room, action.by)
    pause.require_not_paused(room)
    move = mode_of(game).moves.get(type(action))
    if move is None:
        raise TurnError(Reason.OTHER_GAME, N_("That is a move of another game."))
    if isinstance(action, Open):
        _require_unchanged_board(game, action)
    move(room, game, action, now)
    if isinstance(action, GiveClue):
        one_device.after_clue(room)


def _require_unchanged_board(game: GameBase, action: Open) -> None:
    """V-13: of two opens sent at once, the second finds the board changed."""
    if action.seen_openings is not None and action.seen_openings != openings_so_far(game):
        raise TurnError(
            Reason.BOARD_CHANGED,
            N_("A card was opened just before yours: look at the board again."),
        )


def _host_setting(
    room: RoomState,
    action: SetMode
    | SetPreset
    | SetClueTimer
    | SetJustOneTimer
    | SetTogetherTurns
    | SetLanguage
    | SetPackage
    | SetCustomWords,
) -> None:
    """L-4: the host changes a setting, in the lobby only."""
    lobby.require_host(room, action.by)
    lobby.require_lobby(room)
    settings = room.settings
    match action:
        case SetMode():
            lobby.set_mode(room, action.mode)
        case SetPreset():
            settings.preset = action.preset
        case SetClueTimer():
            settings.clue_timer = action.seconds
        case SetJustOneTimer():
            settings.just_one_timer = action.seconds
        case SetTogetherTurns():
            settings.together_turns = action.turns
        case SetLanguage():
            settings.language = action.language
            settings.package = None
        case SetPackage():
            settings.package = action.package
            settings.custom_words = None
        case SetCustomWords():
            settings.custom_words = list(action.words) if action.words else None


def _back_to_lobby(room: RoomState, by: str) -> None:
    lobby.require_host(room, by)
    if room.game is not None and not room.game.over:
        raise LobbyError(Reason.GAME_RUNNING, N_("The game is still running."))
    room.game = None
    room.paused_at = room.paused_by = None

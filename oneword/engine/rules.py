"""The engine's entry point: `apply(room, action, now) -> room`.

Each action is checked and applied to a deep copy of the room, so a
refused action (a `RuleError`) leaves the caller's state as it was (G-9).
Deadlines that have passed are applied first (`advance`), so an action
always meets the room as it is at `now`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import lobby, one_device, pause, presence, together, versus
from .actions import (
    Action,
    BackToLobby,
    BeCaptain,
    Disconnect,
    EndTurn,
    GiveClue,
    Join,
    Kick,
    Leave,
    MakeCaptain,
    Mark,
    MovePlayer,
    NewGameSameTeams,
    Open,
    Pause,
    PickTeam,
    Reconnect,
    Resume,
    SetClueTimer,
    SetCustomWords,
    SetLanguage,
    SetMode,
    SetPackage,
    SetTogetherTurns,
    SetUpOneDevice,
    Shuffle,
    StartGame,
)
from .errors import RuleError, SeatError, TurnError
from .models import RoomState, TogetherGame, VersusGame
from .timers import advance
from .turns import openings_so_far


def rng_for(room: RoomState) -> random.Random:
    """A random source fixed by the room's seed and step: replaying the same
    actions deals the same maps."""
    return random.Random(f"{room.seed}:{room.step}")


def new_room(seed: int = 0) -> RoomState:
    """An empty room; the first member to join becomes its host (G-7)."""
    return RoomState(seed=seed)


def apply(room: RoomState, action: Action, now: float) -> RoomState:
    """Apply one action at time `now` and return the new room.

    Raises a `RuleError` (with a stable `code`) when the rules refuse it.
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError("unknown_action", f"Unknown action: {type(action).__name__}.")
    new = advance(room, now)
    handler(new, action, now)
    new.step += 1
    return new


def _game_action(room: RoomState, action: Any, now: float) -> None:
    game = room.game
    if game is None:
        raise TurnError("no_game", "No game is running: the host starts one in the lobby.")
    presence.require_member(room, action.by)
    pause.require_not_paused(room)
    if isinstance(action, Open):
        _require_unchanged_board(game, action)
    if isinstance(game, VersusGame):
        _versus_action(room, game, action, now)
    else:
        _together_action(room, game, action, now)


def _require_unchanged_board(game: VersusGame | TogetherGame, action: Open) -> None:
    """V-13: of two opens sent at once, the second finds the board changed."""
    if action.seen_openings is not None and action.seen_openings != openings_so_far(game):
        raise TurnError(
            "board_changed", "A card was opened just before yours: look at the board again."
        )


def _versus_action(room: RoomState, game: VersusGame, action: Any, now: float) -> None:
    match action:
        case GiveClue():
            versus.give_clue(room, game, action.by, action.word, action.number, now)
        case Mark():
            versus.mark(room, game, action.by, action.card)
        case Open():
            versus.open_card(room, game, action.by, action.card, now)
        case EndTurn():
            versus.end_turn(room, game, action.by, now)


def _together_action(room: RoomState, game: TogetherGame, action: Any, now: float) -> None:
    match action:
        case GiveClue():
            together.give_clue(room, game, action.by, action.word, action.number, now)
        case Mark():
            raise TurnError("no_marks", "Together has no marks: open a card.")
        case Open():
            together.open_card(room, game, action.by, action.card, now)
        case EndTurn():
            together.end_turn(room, game, action.by, now)


def _host_setting(apply_setting: Callable[[RoomState, Any], None]) -> Handler:
    def handler(room: RoomState, action: Any, now: float) -> None:
        lobby.require_host(room, action.by)
        lobby.require_lobby(room)
        apply_setting(room, action)

    return handler


def _set_language(room: RoomState, action: SetLanguage) -> None:
    room.settings.language = action.language
    room.settings.package = None


def _set_package(room: RoomState, action: SetPackage) -> None:
    room.settings.package = action.package
    room.settings.custom_words = None


def _set_custom_words(room: RoomState, action: SetCustomWords) -> None:
    room.settings.custom_words = list(action.words) if action.words else None


def _start(room: RoomState, action: StartGame, now: float) -> None:
    lobby.require_host(room, action.by)
    lobby.start_game(room, action.words, rng_for(room), now)


def _set_up_one_device(room: RoomState, action: SetUpOneDevice, now: float) -> None:
    if action.seats and action.by != action.seats[0].id:
        raise SeatError("device_seat", "The device sets up the table from the first seat.")
    one_device.set_up(room, action.seats, action.clue_timer, now)


def _new_game_same_teams(room: RoomState, action: NewGameSameTeams, now: float) -> None:
    lobby.require_host(room, action.by)
    one_device.new_game_same_teams(room, action.words, rng_for(room), now)


def _back_to_lobby(room: RoomState, action: BackToLobby, now: float) -> None:
    lobby.require_host(room, action.by)
    if room.game is not None and not room.game.over:
        raise RuleError("game_running", "The game is still running.")
    room.game = None
    room.paused_at = room.paused_by = None


def _join(room: RoomState, action: Join, now: float) -> None:
    presence.join(room, action.by, action.name, now, signed_in=action.signed_in, bot=action.bot)


def _move(room: RoomState, action: MovePlayer, now: float) -> None:
    lobby.require_host(room, action.by)
    lobby.set_team(room, action.player, action.team)


def _make_captain(room: RoomState, action: MakeCaptain, now: float) -> None:
    lobby.require_host(room, action.by)
    lobby.make_captain(room, action.player)


def _shuffle(room: RoomState, action: Shuffle, now: float) -> None:
    lobby.require_host(room, action.by)
    lobby.shuffle(room, rng_for(room))


Handler = Callable[[RoomState, Any, float], None]

_HANDLERS: dict[type[Action], Handler] = {
    Join: _join,
    Disconnect: lambda r, a, now: presence.disconnect(r, a.by, now),
    Reconnect: lambda r, a, now: presence.reconnect(r, a.by, now),
    Leave: lambda r, a, now: presence.leave(r, a.by, now),
    PickTeam: lambda r, a, now: lobby.set_team(r, a.by, a.team),
    MovePlayer: _move,
    MakeCaptain: _make_captain,
    BeCaptain: lambda r, a, now: lobby.make_captain(r, a.by),
    Shuffle: _shuffle,
    Kick: lambda r, a, now: lobby.kick(r, a.by, a.player, now),
    SetMode: _host_setting(lambda r, a: lobby.set_mode(r, a.mode)),
    SetClueTimer: _host_setting(lambda r, a: setattr(r.settings, "clue_timer", a.seconds)),
    SetTogetherTurns: _host_setting(lambda r, a: setattr(r.settings, "together_turns", a.turns)),
    SetLanguage: _host_setting(_set_language),
    SetPackage: _host_setting(_set_package),
    SetCustomWords: _host_setting(_set_custom_words),
    StartGame: _start,
    BackToLobby: _back_to_lobby,
    SetUpOneDevice: _set_up_one_device,
    NewGameSameTeams: _new_game_same_teams,
    Pause: lambda r, a, now: pause.pause(r, a.by, now),
    Resume: lambda r, a, now: pause.resume(r, a.by, now),
    GiveClue: _game_action,
    Mark: _game_action,
    Open: _game_action,
    EndTurn: _game_action,
}

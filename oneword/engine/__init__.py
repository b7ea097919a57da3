"""The rules engine of In One Word: pure rules, no I/O, no clock reads.

A room is a `RoomState` value; `apply(room, action, now)` returns the next
one or raises a `RuleError`; `advance(room, now)` applies passed deadlines;
`view_for(room, member_id)` gives what one seat may see.
"""

from .actions import (
    Action,
    AnyAction,
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
    Open,
    PickTeam,
    Reconnect,
    SetClueTimer,
    SetLanguage,
    SetMode,
    SetPackage,
    SetTogetherTurns,
    Shuffle,
    StartGame,
)
from .errors import ClueError, LobbyError, RuleError, SeatError, TurnError
from .models import (
    INFINITY,
    Colour,
    Ending,
    Mode,
    Outcome,
    RoomState,
    Team,
    TogetherGame,
    VersusGame,
)
from .rules import apply, new_room
from .timers import advance, next_deadline
from .views import RoomView, view_for

__all__ = [
    "INFINITY",
    "Action",
    "AnyAction",
    "BackToLobby",
    "BeCaptain",
    "ClueError",
    "Colour",
    "Disconnect",
    "EndTurn",
    "Ending",
    "GiveClue",
    "Join",
    "Kick",
    "Leave",
    "LobbyError",
    "MakeCaptain",
    "Mark",
    "Mode",
    "MovePlayer",
    "Open",
    "Outcome",
    "PickTeam",
    "Reconnect",
    "RoomState",
    "RoomView",
    "RuleError",
    "SeatError",
    "SetClueTimer",
    "SetLanguage",
    "SetMode",
    "SetPackage",
    "SetTogetherTurns",
    "Shuffle",
    "StartGame",
    "Team",
    "TogetherGame",
    "TurnError",
    "VersusGame",
    "advance",
    "apply",
    "new_room",
    "next_deadline",
    "view_for",
]

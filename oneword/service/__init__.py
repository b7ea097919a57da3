"""The room service: the one way pages, bots and notebooks act on rooms.

`rooms.RoomService` is the door. It is built in layers, each a module:
`base` (its memory and transactions), `outages` (a server that was away,
X-8), `changes` (load -> advance -> apply -> save), `reading` (views and
polls), `one_device` (a table on one device, O), with `room_io` for the
work inside one transaction, `boards` for the words and `errors` for the
refusals. Its satellites keep what a process holds in memory
(`heartbeats`, `poll_lag`, `room_polls`), limit how often a client may
knock (`rate_limits`), make room codes (`codes`), check input from
outside (`inputs`), let bots move (`bot_runner`) and turn engine values
into store records (`codec`).
"""

from oneword.service.base import Change, Clock, RoomEntry, Seat
from oneword.service.boards import BoardDraft
from oneword.service.errors import (
    NO_DATABASE_MESSAGE,
    READ_UNAVAILABLE_MESSAGE,
    UNAVAILABLE_MESSAGE,
    NotAuthorized,
    ProfileError,
    RoomNotFound,
    ServiceError,
    StorageError,
    WordsError,
    storage_errors,
)
from oneword.service.room_io import LoadedRoom, hash_token
from oneword.service.rooms import RoomService

__all__ = [
    "NO_DATABASE_MESSAGE",
    "READ_UNAVAILABLE_MESSAGE",
    "UNAVAILABLE_MESSAGE",
    "BoardDraft",
    "Change",
    "Clock",
    "LoadedRoom",
    "NotAuthorized",
    "ProfileError",
    "RoomEntry",
    "RoomNotFound",
    "RoomService",
    "Seat",
    "ServiceError",
    "StorageError",
    "WordsError",
    "hash_token",
    "storage_errors",
]

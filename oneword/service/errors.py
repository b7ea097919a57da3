"""The refusals the service adds to the engine's, and its boundary with
the database: a store's failure leaves as a `StorageError` a player can
read, never as a raw database error."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager

from oneword.engine import (
    Refusal,
)
from oneword.engine.errors import Reason
from oneword.i18n import N_
from oneword.storage.records import (
    StoreBusy,
    StoreError,
)


class ServiceError(Refusal):
    """A refusal from the service (room code, token, words). Not a rule of
    the game, but a `Refusal` with a stable `code`, so pages show it like
    an engine refusal."""


class RoomNotFound(ServiceError):
    """No room has this code (mistyped, or cleaned up)."""


class NotAuthorized(ServiceError):
    """The token is missing, wrong, or belongs to someone who left."""


class WordsError(ServiceError):
    """The board's words could not be picked (bad custom list, package)."""


class ProfileError(ServiceError):
    """A profile that cannot be used as asked: no such profile (a key of a
    deleted one), a wrong or used transfer code, a title not earned, a
    profile not kept on this device (PR)."""


class StorageError(ServiceError):
    """The database could not be used: `storage_busy` (another writer held
    it too long) or `storage_unavailable` (full disk, read-only, corrupt or
    missing file). Nothing was changed, and trying again is safe."""


UNAVAILABLE_MESSAGE = N_(
    "The game server cannot save right now; your last move may not have counted — try again."
)
BUSY_MESSAGE = N_("The game server is busy; your last move did not count — try again.")
READ_UNAVAILABLE_MESSAGE = N_(
    "The game server cannot reach its database right now; this page keeps trying. "
    "A move made meanwhile did not count."
)
"""A read that failed: nothing was written, so no move is in doubt."""
NO_DATABASE_MESSAGE = N_(
    "The game server cannot open its database, so no game can be played here "
    "right now. Whoever runs the server can find the reason in its log."
)

log = logging.getLogger("oneword")
_LOG_EVERY = 60.0
_logged: dict[str, float] = {}


@contextmanager
def storage_errors(*, reading: bool = False) -> Iterator[None]:
    """The service's boundary: what the store could not do becomes a
    `StorageError`, never a raw database error on a player's screen. A
    file that cannot be used is logged as a warning (at most once a
    minute per problem); a busy lock, which polls meet and skip, only at
    INFO. A failed read (`reading`) says so, not that a move may be lost."""
    try:
        yield
    except StoreBusy as problem:
        log.info("database busy: %s", problem)
        raise StorageError(Reason.STORAGE_BUSY, BUSY_MESSAGE) from problem
    except StoreError as problem:
        _warn(problem)
        message = READ_UNAVAILABLE_MESSAGE if reading else UNAVAILABLE_MESSAGE
        raise StorageError(Reason.STORAGE_UNAVAILABLE, message) from problem


def no_database(where: str, problem: Exception) -> StorageError:
    """The database cannot even be opened (its folder cannot be made, a
    bad path): the log names the place and the cause, the player reads
    that no game can be played here for now."""
    _log_now_and_then(logging.ERROR, f"database: cannot open {where}: {problem}")
    return StorageError(Reason.STORAGE_UNAVAILABLE, NO_DATABASE_MESSAGE)


def rooms_lost(code: str) -> RoomNotFound:
    """A room missing because the server lost every room (its database
    file was deleted while it ran; the store logged the path)."""
    return RoomNotFound(
        Reason.NO_SUCH_ROOM,
        N_(
            "Room {code} is gone: the game server lost its rooms (its database was "
            "removed). Start a new room; whoever runs the server can find what "
            "happened in its log."
        ),
        code=code,
    )


def room_unreadable(code: str, problem: Exception) -> ServiceError:
    """A room whose saved state no longer parses (a damaged row, or a
    state from a newer app): it cannot be played on, and no reload helps."""
    _log_now_and_then(logging.ERROR, f"room {code}: its saved state cannot be read: {problem}")
    return ServiceError(
        Reason.ROOM_UNREADABLE,
        N_(
            "Room {code}'s saved game can no longer be read, so it cannot go on. "
            "Start a new room; whoever runs the server can find the reason in its log."
        ),
        code=code,
    )


def _warn(problem: StoreError) -> None:
    _log_now_and_then(logging.WARNING, f"database: {type(problem).__name__}: {problem}")


def _log_now_and_then(level: int, message: str) -> None:
    """Log `message` at most once a minute: every page meets the same
    trouble on each poll."""
    now = time.monotonic()
    if now - _logged.get(message, -_LOG_EVERY) >= _LOG_EVERY:
        _logged[message] = now
        log.log(level, "%s", message)


def not_found(code: str) -> RoomNotFound:
    if not code:
        return RoomNotFound(Reason.NO_SUCH_ROOM, N_("Type the room code to join."))
    shown = code if len(code) <= 12 else code[:12] + "…"
    return RoomNotFound(
        Reason.NO_SUCH_ROOM,
        N_("No room with code {code}. Check the code and try again."),
        code=shown,
    )

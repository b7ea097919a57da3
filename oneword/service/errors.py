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

log = logging.getLogger("oneword")
_LOG_EVERY = 60.0
_logged: dict[str, float] = {}


@contextmanager
def storage_errors() -> Iterator[None]:
    """The service's boundary: what the store could not do becomes a
    `StorageError`, never a raw database error on a player's screen. A
    file that cannot be used is logged as a warning (at most once a
    minute per problem); a busy lock, which polls meet and skip, only at
    INFO."""
    try:
        yield
    except StoreBusy as problem:
        log.info("database busy: %s", problem)
        raise StorageError(Reason.STORAGE_BUSY, BUSY_MESSAGE) from problem
    except StoreError as problem:
        _warn(problem)
        raise StorageError(Reason.STORAGE_UNAVAILABLE, UNAVAILABLE_MESSAGE) from problem


def _warn(problem: StoreError) -> None:
    key, now = f"{type(problem).__name__}: {problem}", time.monotonic()
    if now - _logged.get(key, -_LOG_EVERY) >= _LOG_EVERY:
        _logged[key] = now
        log.warning("database: %s", key)


def not_found(code: str) -> RoomNotFound:
    if not code:
        return RoomNotFound(Reason.NO_SUCH_ROOM, N_("Type the room code to join."))
    shown = code if len(code) <= 12 else code[:12] + "…"
    return RoomNotFound(
        Reason.NO_SUCH_ROOM,
        N_("No room with code {code}. Check the code and try again."),
        code=shown,
    )

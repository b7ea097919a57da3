"""The room service's shared ground: its state in memory, its transactions
and the values its calls hand back."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass

from oneword.config import (
    CLEANUP_EVERY,
    cleanup_after,
)
from oneword.engine import (
    Action,
    RoomState,
    RoomView,
)
from oneword.service import change_feed
from oneword.service.bot_runner import BotRunner
from oneword.service.codec import (
    describe_room,
)
from oneword.service.errors import (
    RoomNotFound,
    StorageError,
    not_found,
    rooms_lost,
)
from oneword.service.errors import log as log
from oneword.service.heartbeats import Heartbeats
from oneword.service.poll_lag import PollLag
from oneword.service.rate_limits import RateLimiter
from oneword.service.room_io import (
    Applied,
    LoadedRoom,
    guarded,
)
from oneword.service.room_polls import LoadedRooms, PolledRooms
from oneword.storage.protocol import RoomStore
from oneword.storage.protocol import RoomTx as Tx
from oneword.storage.records import (
    Outage,
)

TOKEN_BYTES = 24
"""192-bit tokens (`secrets.token_urlsafe`): unguessable, short enough for a URL."""

Clock = Callable[[], float]
Step = Callable[[RoomState], Action | None]
"""One set-up action of a new room, chosen from the state so far (or none)."""
Build = Callable[[RoomState, str], list[Action]]
"""The actions a call asks for, given the room at `now` and the caller's id."""


CLASSES_KEPT = 30 * 24 * 3600.0
"""Seconds a class session (`oneword.classes`) is kept after its last
change: its rooms expire as rooms do, its list stays for new rooms, as
long as the teacher's browser keeps its key."""


@dataclass(frozen=True)
class Seat:
    """Who a browser is in a room: keep `token` secret (it is the seat)."""

    code: str
    member_id: str
    token: str


@dataclass(frozen=True)
class Change:
    """A change worked out on a read of the room: who acts, the new state
    and every action applied (the server's gaps, then the caller's)."""

    stored: LoadedRoom
    member_id: str
    state: RoomState
    applied: Applied


@dataclass(frozen=True)
class RoomEntry:
    """What a page needs to draw itself: who it is, the version it shows,
    and that seat's view (None for the watch page)."""

    member_id: str | None
    version: int
    view: RoomView


class ServiceBase:
    """What every part of the room service shares: the store, the clock and
    what this process keeps in memory between calls; transactions behind
    the service's boundary; and housekeeping."""

    def __init__(
        self,
        store: RoomStore,
        clock: Clock = time.time,
        bot_pace: tuple[float, float] | None = None,
    ) -> None:
        """`bot_pace` is how long a bot waits before it moves (B-5); by
        default the `ONEWORD_BOT_PACE` setting, else `BOT_PACE`."""
        self.store = store
        self.clock = clock
        self.limits = RateLimiter()
        self.bots = BotRunner(bot_pace)
        self.skipped_writes = 0
        """Heartbeats and timer checks a poll skipped because another writer
        held the lock (for benchmarks and monitoring)."""
        self.heartbeats = Heartbeats()
        self.poll_lag = PollLag()
        self._seats: dict[tuple[str, str], str] = {}
        self._cleaned_at = -float("inf")
        self._polled: dict[tuple[str, str], float] = {}
        self._polled_rooms = PolledRooms()
        self._loaded_rooms = LoadedRooms()
        self._alive_checked = -float("inf")
        self._checking = threading.Lock()
        self._outages: tuple[Outage, ...] = ()
        store.upgrade(describe_room)

    # The database, behind the service's boundary

    def _rooms_lost_at(self) -> float | None:
        return self.store.rooms_lost_at

    def _missing(self, code: str) -> RoomNotFound:
        """A room not found: as lost with all the others if the store found
        its rooms gone under it, else as a code to check."""
        return rooms_lost(code) if self._rooms_lost_at() is not None else not_found(code)

    def _read(self) -> AbstractContextManager[Tx]:
        return guarded(self.store.read(), reading=True, lost=self._rooms_lost_at)

    @contextmanager
    def _write(self, wait: float | None = None) -> Iterator[Tx]:
        """A write transaction; `wait` (seconds) for the lock, else the
        store's. Once it is committed, the rooms it changed are told to
        this process's listeners (`change_feed`)."""
        try:
            with guarded(self.store.write(wait), lost=self._rooms_lost_at) as tx:
                yield tx
        except BaseException:
            change_feed.dropped()
            raise
        change_feed.committed()

    def _cleanup(self, now: float, age: float) -> list[str]:
        """One batch: find expired rooms with a read, so no scan holds the
        write lock, then delete them in a short write that checks each
        again (a room may have come back to life in between)."""
        with self._read() as tx:
            candidates = tx.expired_rooms(now, age)
        if not candidates:
            return []
        with self._write() as tx:
            return tx.delete_expired(candidates, now, age)

    def _cleanup_now_and_then(self, now: float) -> None:
        """One batch of cleanup, at most every CLEANUP_EVERY, after the new
        room is saved (its own transactions, never the player's): a
        creation costs the same however many rooms there are, and a
        cleanup the database cannot do now waits for the next one."""
        if now - self._cleaned_at < CLEANUP_EVERY:
            return
        self._cleaned_at = now
        try:
            self._cleanup(now, cleanup_after())
            with self._write() as tx:
                tx.delete_classes_before(now - CLASSES_KEPT)
        except StorageError as problem:
            log.info("cleanup put off: %s", problem.message)

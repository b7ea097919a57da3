"""How the service notices that the server was away, and lets rooms stand
still for the gap (X-8)."""

from __future__ import annotations

from collections.abc import Sequence

from oneword.config import (
    ALIVE_EVERY,
    QUICK_WAIT,
    SERVER_AWAY_AFTER,
    cleanup_after,
)
from oneword.engine import (
    RoomState,
    ServerResumed,
    advance,
    apply,
)
from oneword.engine.errors import Reason
from oneword.service.base import (
    ServiceBase,
)
from oneword.service.errors import (
    BUSY_MESSAGE,
    StorageError,
)
from oneword.service.room_io import (
    Applied,
    LoadedRoom,
    is_due,
)
from oneword.storage.protocol import RoomTx as Tx
from oneword.storage.records import (
    Outage,
    RoomRow,
)


class ServerAway(ServiceBase):
    """X-8: a server that was away is not its players' silence. Every call
    notes in the store that the service is alive (at most every
    ALIVE_EVERY); a call that finds no sign of life for SERVER_AWAY_AFTER
    records the gap, and each room stands still for it when next used."""

    def _now(self, wait: float | None = None) -> float:
        """The time of this call. At most every ALIVE_EVERY, note in the
        store that the service is alive, and first find out whether it was
        away (nothing alive for SERVER_AWAY_AFTER): that gap is recorded,
        and every room stands still for it when next used. Recording a gap
        waits `wait` for the lock (else the store's busy timeout)."""
        now = self.clock()
        if now - self._alive_checked < ALIVE_EVERY:
            return now
        # One thread checks; the others wait for what it finds (as long as
        # they would wait for the lock), so no room is used with a gap not
        # yet known.
        if not self._checking.acquire(timeout=-1 if wait is None else wait):
            raise StorageError(Reason.STORAGE_BUSY, BUSY_MESSAGE)
        try:
            if now - self._alive_checked >= ALIVE_EVERY:
                self._check_alive(now, wait)
        finally:
            self._checking.release()
        return now

    def _check_alive(self, now: float, wait: float | None) -> None:
        with self._read() as tx:
            alive = tx.alive_at()
            recorded = tx.outages(now - cleanup_after())
        if alive is not None and now - alive < ALIVE_EVERY:
            self._know(recorded, now)  # another process has just said so
            self._alive_checked = now
            return
        away = alive is not None and now - alive > SERVER_AWAY_AFTER
        try:
            # A routine mark may be skipped (another writer shows life);
            # a gap must be recorded before any room is used.
            with self._write(wait if away else QUICK_WAIT) as tx:
                self._note_alive(tx, now)
        except StorageError:
            if away:
                raise
            return
        self._alive_checked = now

    def _note_alive(self, tx: Tx, now: float) -> None:
        """In the lock: record the gap since the last sign of life (if the
        gap is real: any write counts), then mark `now`."""
        alive = tx.alive_at()
        if alive is not None and now - alive > SERVER_AWAY_AFTER:
            start = max(alive, tx.last_activity() or alive)
            if now - start > SERVER_AWAY_AFTER:
                tx.add_outage(Outage(start, now))
                tx.forget_outages(now - cleanup_after())
        tx.set_alive(now)
        self._know(tx.outages(now - cleanup_after()), now)

    def _know(self, outages: Sequence[Outage], now: float) -> None:
        """Add recorded gaps to those this process knows: it only forgets
        one older than any room that could still need it."""
        cutoff = now - cleanup_after()
        known = {o for o in (*self._outages, *outages) if o.end > cutoff}
        self._outages = tuple(sorted(known, key=lambda o: o.end))

    def _pending(self, row: RoomRow) -> list[Outage]:
        """Gaps this room has not stood still for yet: any that ended after
        its last save (a room saved since the server came back has)."""
        return [outage for outage in self._outages if outage.end > row.updated_at]

    def _due(self, row: RoomRow, now: float) -> bool:
        """Must the room be brought up to `now` (a passed deadline, a gap)?"""
        return is_due(row, now) or bool(self._pending(row))

    def _catch_up(self, stored: LoadedRoom) -> tuple[RoomState, Applied]:
        """X-8: apply `ServerResumed` for each gap the room has not stood
        still for, at the time the server went away (a writer then moves
        the heartbeats too: `shift_heartbeats`)."""
        state, applied, since = stored.state, Applied(), stored.row.updated_at
        for outage in self._pending(stored.row):
            since = max(since, outage.start)
            if outage.end <= since:
                continue
            action = ServerResumed(gap=outage.end - since)
            state = apply(state, action, since)
            applied.append((action, since))
            since = outage.end
        return state, applied

    def _advanced(self, stored: LoadedRoom, now: float) -> RoomState:
        """The state at `now`, for a read that saves nothing."""
        state, applied = self._catch_up(stored)
        return advance(state, now) if applied or is_due(stored.row, now) else state

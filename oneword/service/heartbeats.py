"""Heartbeats heard by one service process, written to the store together.

A page polls every second and each poll is its player's heartbeat, but
`last_seen` need not be written on every one: presence is judged over
PRESENCE_TIMEOUT (15 s). A poll that finds its player's stored heartbeat
older than HEARTBEAT_EVERY notes the time here, in memory; whichever call
next finds the notes older than WRITE_EVERY writes all of them in one
short transaction. Forty pages then cost one small write every two
seconds instead of thirteen a second.

Nothing is lost by keeping them in memory for a moment: a note that was
never written (the lock was busy, the process stopped) is taken again by
the player's next poll, which still finds the stored heartbeat old. A
presence judgement in this process (the poll's timer check) writes the
notes first, in its own transaction, so it never counts a player silent
whose heartbeat is waiting here; another process sees them at most
WRITE_EVERY late, well inside the timeout.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

WRITE_EVERY = 2.0
"""Seconds between two writes of the notes (while there are some)."""

Beat = tuple[str, str, float]
"""(room code, member id, when the page was heard)."""


class Heartbeats:
    """Notes of heartbeats not written yet; safe to share between threads."""

    def __init__(self) -> None:
        self._heard: dict[tuple[str, str], float] = {}
        self._written = -float("inf")
        self._lock = threading.Lock()

    def hear(self, code: str, member_id: str, now: float) -> None:
        """Note that this seat's page polled at `now`."""
        with self._lock:
            self._heard[(code, member_id)] = max(now, self._heard.get((code, member_id), now))

    def take_due(self, now: float) -> Sequence[Beat]:
        """Every note, to write now, if it is time (there are some, and the
        last write is WRITE_EVERY old); else none. Taking them counts as
        the write, so the pages polling at the same moment do not each
        write: a write that then fails calls `failed`, and the next poll
        tries again (nothing is lost: the next polls note them again)."""
        with self._lock:
            if not self._heard or now - self._written < WRITE_EVERY:
                return []
            heard, self._heard = self._heard, {}
            self._written = now
        return [(code, member_id, at) for (code, member_id), at in heard.items()]

    def failed(self) -> None:
        """The notes taken last could not be written: the next poll writes."""
        self._written = -float("inf")

    def take_room(self, code: str) -> Sequence[Beat]:
        """The notes of one room, for a presence judgement of that room."""
        with self._lock:
            mine = [key for key in self._heard if key[0] == code]
            return [(c, m, self._heard.pop((c, m))) for c, m in mine]

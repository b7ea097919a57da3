"""How late this server answers pages' polls, so a busy server is not taken
for silent players (X-4 to X-7, G-7: only a player's own silence counts).

Pages poll every POLL_EVERY seconds. When the server falls behind, every
page's poll runs late, the time between two polls of one page grows, and
a player whose poll is still queued looks silent to the poll of another
player that got through. Marking them away would bump the room, rerun
every page in it and add to the very load that made the polls late.

So each poll notes how much later than POLL_EVERY it came after the same
page's previous one. Polls are grouped by when they ran, in slots of
SLOT seconds; a slot's lateness is its lower median, so one page that is
late on its own (a phone that hid the tab, a slow network) does not
count, while a server that keeps every page waiting does. The grace is
the largest slot lateness of the last PRESENCE_TIMEOUT seconds: a player
is silent only after PRESENCE_TIMEOUT plus the grace, so the presence
clock stands still while polls queue, and for as long afterwards as a
queued page needs to be heard again.
"""

from __future__ import annotations

import threading
from collections import deque

from oneword.config import POLL_EVERY, PRESENCE_TIMEOUT

SLOT = 2.0
"""Seconds of polls whose lateness is judged together."""

MIN_POLLS = 1
"""Fewer polls than this in a slot say nothing about the server."""

SLACK = 0.5
"""Lateness below this is a page's ordinary jitter, not a queue."""

RECOMPUTE_EVERY = 0.5
"""The grace is worked out again at most this often (every poll asks)."""


class PollLag:
    """Lateness of recent polls, by slot; safe to share between threads."""

    def __init__(self, expected: float = POLL_EVERY, window: float = PRESENCE_TIMEOUT) -> None:
        self.expected = expected
        self.window = window
        self._slots: deque[tuple[int, list[float]]] = deque()
        self._lock = threading.Lock()
        self._grace = (-float("inf"), 0.0)

    def note(self, gap: float, now: float) -> None:
        """A page polled `gap` seconds after its previous poll, at `now`."""
        late = max(0.0, gap - self.expected - SLACK)
        slot = int(now // SLOT)
        with self._lock:
            if not self._slots or self._slots[-1][0] != slot:
                self._slots.append((slot, []))
                self._forget(now)
            self._slots[-1][1].append(late)

    def grace(self, now: float) -> float:
        """Seconds to add to PRESENCE_TIMEOUT before a player counts as
        silent: how far behind the server's polls were lately."""
        at, grace = self._grace
        if 0 <= now - at < RECOMPUTE_EVERY:
            return grace
        with self._lock:
            self._forget(now)
            grace = max((_lower_median(lates) for _, lates in self._slots), default=0.0)
        self._grace = (now, grace)
        return grace

    def _forget(self, now: float) -> None:
        oldest = int((now - self.window) // SLOT)
        while self._slots and self._slots[0][0] < oldest:
            self._slots.popleft()


def _lower_median(values: list[float]) -> float:
    """The middle value, the lower of two; 0 for too few values."""
    if len(values) < MIN_POLLS:
        return 0.0
    return sorted(values)[(len(values) - 1) // 2]

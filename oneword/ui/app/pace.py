"""How often pages poll: every second while the server keeps up, less
often while it does not (docs/design.md, "A saturated server slows down").

Every tab's polling fragment asks the server to run it again each
interval. Past what a process can answer, a poll waits behind the others,
the browser's next tick finds the previous one unanswered, and the queue
feeds itself: bare Streamlit only slows down, but here each change in a
room also redraws ten screens. So the process watches how long its polls
wait, from the moment a tick reached the server to the end of its run,
and how late the websocket thread's own timers fire (what every answer
waits on its way out), and sets one pace for all its pages: the next
step slower when the two typical waits (the upper quartiles of the last
second's) add up to more than a fifth of the interval, the next step
faster when they stay under a twenty-fifth after ten seconds at a pace.
Each poll that finds its page told another pace tells it the new one,
in place (the browser replaces the fragment's timer), so no page reruns
for it. Nothing is dropped: every tab is still
answered, only less often, and the presence clock already allows for
late polls (`oneword/service/poll_lag.py`).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSession

from oneword.ui.app.wrap_once import wrap_once

STEPS = (1.0, 1.5, 2.0, 3.0)
"""The paces, in seconds between a tab's polls."""
SLOT = 1.0
"""Seconds of polls judged together."""
SLOWER_ABOVE = 0.2
"""A typical wait above this share of the interval: poll less often."""
FASTER_BELOW = 0.04
"""A typical wait below this share of the interval ...: poll more often,"""
FASTER_AFTER = 10.0
"""... once the pace has held this many seconds."""
LAG_EVERY = 0.1
"""Seconds between the websocket thread's timers (`LoopLag`)."""
SESSIONS_KEPT = 20_000
_MARK = "_oneword_notes_arrivals"


class _Session(Protocol):
    @property
    def id(self) -> str: ...


class Pace:
    """The process's pace, moved by how long its polls wait. Thread-safe:
    every tab's script thread notes its polls here, and the
    websocket thread how late its own timers fire."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._step = 0
        self._waits: list[float] = []
        self._lags: list[float] = []
        self._slot_from = clock()
        self._moved_at = clock()
        self._lock = threading.Lock()

    @property
    def seconds(self) -> float:
        """How often a page should poll now."""
        return STEPS[self._step]

    def note(self, waited: float) -> None:
        """A poll was answered `waited` seconds after its tick reached the
        server."""
        with self._lock:
            self._waits.append(waited)
            self._judge()

    def note_lag(self, late: float) -> None:
        """The websocket thread's timer fired `late` seconds late: what
        every answer waits on its way out, unseen by the polls."""
        with self._lock:
            self._lags.append(late)
            self._judge()

    def _judge(self) -> None:
        """Once a slot's worth of waits is in, the pace may move by a step."""
        now = self._clock()
        if now - self._slot_from < SLOT:
            return
        typical = _upper_quartile(self._waits) + _upper_quartile(self._lags)
        self._waits, self._lags, self._slot_from = [], [], now
        if typical > SLOWER_ABOVE * self.seconds and self._step < len(STEPS) - 1:
            self._move(+1, now)
        elif (
            typical < FASTER_BELOW * self.seconds
            and self._step > 0
            and now - self._moved_at >= FASTER_AFTER
        ):
            self._move(-1, now)

    def _move(self, by: int, now: float) -> None:
        self._step += by
        self._moved_at = now


def _upper_quartile(values: list[float]) -> float:
    return sorted(values)[len(values) * 3 // 4] if values else 0.0


class LoopLag:
    """Times the websocket thread's event loop: a timer set every
    `LAG_EVERY` seconds notes how late it fired. Started by the first
    polling tick that arrives (on that loop), once per process."""

    def __init__(self, pace: Pace) -> None:
        self._pace = pace
        self._started = False

    def start(self) -> None:
        if self._started:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._started = True
        loop.call_later(LAG_EVERY, self._fired, loop, loop.time() + LAG_EVERY)

    def _fired(self, loop: asyncio.AbstractEventLoop, due: float) -> None:
        self._pace.note_lag(max(0.0, loop.time() - due))
        loop.call_later(LAG_EVERY, self._fired, loop, loop.time() + LAG_EVERY)


PACE = Pace()
"""The pace of this server process's pages."""
_loop_lag = LoopLag(PACE)

_arrivals: dict[str, float] = {}
"""When each browser tab's latest polling tick reached the server."""


def arrival(session_id: str) -> float | None:
    """When this tab's latest polling tick reached the server; each
    arrival is handed out to one poll only."""
    return _arrivals.pop(session_id, None)


def install() -> None:
    """Note when each polling tick arrives, once per server process."""
    wrap_once(AppSession, "request_rerun", _noting_arrivals, _MARK)


def _noting_arrivals(
    original: Callable[[Any, ClientState | None], None],
) -> Callable[[Any, ClientState | None], None]:
    def request_rerun(session: _Session, client_state: ClientState | None) -> None:
        if client_state is not None and client_state.is_auto_rerun:
            _loop_lag.start()
            if len(_arrivals) >= SESSIONS_KEPT:
                _arrivals.clear()
            _arrivals[session.id] = time.monotonic()
        original(session, client_state)

    return request_rerun

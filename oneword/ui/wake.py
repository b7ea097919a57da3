"""Wake the other pages of a room in this server process when it changes,
instead of letting them wait for their next 1 s poll.

Each polling fragment notes, on every run, which room its browser tab
follows and how to run the fragment again (its id, the page and the
query). When the room service saves a change to a room (an action, a
join, a deadline a poll applied), it tells `room_changed` after the
commit, and every other tab of this process following that room gets a
run of its fragment at once: the fragment polls, sees the new version and
redraws the page, as on its own tick. Nothing runs while nothing changes:
a change costs one scheduled fragment run per tab of the room.

Streamlit has no public way for one session to rerun another (a fragment's
`run_every` is a timer in the browser; `st.rerun` reruns only the caller).
This uses its runtime as the file watcher does to rerun a changed app:
`Runtime.get_app_session` (documented thread-safe) and the session's
`request_rerun`, called on the session's event loop, with the fragment id
Streamlit keeps for the running fragment. These are internal and may change
with Streamlit: every step is guarded, and if one fails the tabs simply
see the change on their next poll, as before.

Tabs of the same room on another server process see it on their next poll.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_log = logging.getLogger("oneword")


@dataclass(frozen=True)
class Tab:
    """How to run one tab's polling fragment again."""

    session_id: str
    fragment_id: str
    page_script_hash: str
    query_string: str


Rerun = Callable[[Tab], bool]
"""Schedules a fragment run for a tab; False when its session is gone."""


class Wakers:
    """The tabs of this process that follow each room; thread-safe."""

    def __init__(self, rerun: Rerun) -> None:
        self._rerun = rerun
        self._rooms: dict[str, dict[str, Tab]] = {}
        self._room_of: dict[str, str] = {}
        self._lock = threading.Lock()

    def follow(self, code: str, tab: Tab) -> None:
        """Note that `tab` follows room `code` (called by each poll: a dict
        lookup when nothing changed)."""
        rooms = self._rooms.get(code)
        if rooms is not None and rooms.get(tab.session_id) == tab:
            return
        with self._lock:
            before = self._room_of.get(tab.session_id)
            if before is not None and before != code:
                self._rooms.get(before, {}).pop(tab.session_id, None)
            self._rooms.setdefault(code, {})[tab.session_id] = tab
            self._room_of[tab.session_id] = code

    def room_changed(self, code: str, by_session: str | None = None) -> int:
        """Run the fragment of every tab following `code`, but `by_session`'s
        own (its page redraws after its action anyway); returns how many were
        woken. Tabs whose session has ended are forgotten."""
        with self._lock:
            tabs = [t for t in self._rooms.get(code, {}).values() if t.session_id != by_session]
        woken = 0
        for tab in tabs:
            if self._rerun(tab):
                woken += 1
            else:
                self.forget(tab.session_id)
        return woken

    def forget(self, session_id: str) -> None:
        with self._lock:
            code = self._room_of.pop(session_id, None)
            if code is not None:
                self._rooms.get(code, {}).pop(session_id, None)
                if not self._rooms.get(code):
                    self._rooms.pop(code, None)


def streamlit_rerun(tab: Tab) -> bool:
    """Ask Streamlit to run `tab`'s fragment, on its session's event loop."""
    try:
        from streamlit.proto.ClientState_pb2 import ClientState
        from streamlit.runtime import Runtime

        if not Runtime.exists():
            return False
        session: Any = Runtime.instance().get_app_session(tab.session_id)
        if session is None:
            return False
        state = ClientState(
            fragment_id=tab.fragment_id,
            page_script_hash=tab.page_script_hash,
            query_string=tab.query_string,
            is_auto_rerun=True,
        )
        session._event_loop.call_soon_threadsafe(session.request_rerun, state)
    except Exception:
        _log.warning("could not wake a page; it will poll as usual", exc_info=True)
        return False
    return True


def this_tab() -> Tab | None:
    """The tab whose fragment is running in this thread, if Streamlit says."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import (
            ThreadState,
            get_script_run_ctx,
        )

        ctx = get_script_run_ctx()
        fragment_id = ThreadState.get().fragment_id
        if ctx is None or not fragment_id:
            return None
        return Tab(ctx.session_id, fragment_id, ctx.page_script_hash, ctx.query_string)
    except Exception:
        return None


def this_session() -> str | None:
    """The session id of the script run in this thread, if any."""
    try:
        from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

        ctx = get_script_run_ctx()
    except Exception:
        return None
    return ctx.session_id if ctx is not None else None


WAKERS = Wakers(streamlit_rerun)
"""The process's one registry (the UI's room service tells it of changes)."""

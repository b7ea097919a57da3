"""A change wakes the room's other pages on this server at once
(docs/design.md, "Waking a room's other pages at once").

Every page learns of a change on its next polling tick, up to a poll's
interval after it. On the server that made the change it need not wait:
each tick notes which room its page follows (`note_poll`), and when a
write of this process changes a room (`change_feed`), the room's other
pages here are asked to run their polling fragment now, as if their
browser's timer had fired. The poll then reads the room's version and
redraws as on any tick; a wake carries no news of its own, so one that
comes too early or for nothing costs one cheap poll.

Streamlit has no public call for running another session's fragment, so
the request is made as `AppSession.request_rerun` makes a browser's, on
the session's event loop, with two differences that keep it sound:
- it carries no widget values (`widget_states=None` keeps the session's
  own): a wake queued beside a player's click can never undo the click;
- it is stamped with the page the poll ran on and dropped when the
  session has moved to another page since, or the fragment is gone, as
  `stale_timers` drops a browser's late tick;
- it goes to idle sessions only, so it is never folded into a request of
  the browser's waiting behind a run (the newer request's page, address
  and context would win); a session busy with a run polls on its next tick.
A woken poll redraws the page's screen, never the whole page: a whole
run the browser did not ask for was seen, now and then, never to reach
the page, which then stayed on its old screen. A change that sends the
player to another page waits for the page's own next tick (`refresh`).
Where the private calls it needs are missing (another Streamlit), nothing
is installed and pages poll as before. A server that is behind (its
pace slowed, `pace.py`) wakes no one: its pages wait for their turn.
Pages on other servers learn of the change on their poll, as ever.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from streamlit.proto.ClientState_pb2 import ContextInfo
from streamlit.runtime import Runtime
from streamlit.runtime.app_session import AppSession, AppSessionState
from streamlit.runtime.scriptrunner import ScriptRunContext, get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

from oneword.config import POLL_EVERY
from oneword.service import change_feed
from oneword.ui.app.pace import PACE

FORGET_AFTER = 60.0
"""Seconds after its last poll that a page is no longer woken: its tab was
closed or left the room (a page polls at least every few seconds)."""

_LOG = logging.getLogger("oneword")
_NEEDED = ("_call_soon_on_event_loop", "_create_scriptrunner", "has_fragment", "page_script_hash")
"""What a wake uses of `AppSession` beyond its public calls."""


@dataclass(frozen=True)
class Follower:
    """A page following a room, as its latest poll left it."""

    session_id: str
    page: str
    """The page's script hash: a wake for another page is dropped."""
    query_string: str
    fragment_id: str
    """The page's polling fragment."""
    heard_at: float


class Followers:
    """The pages of this process that follow each room. Thread-safe: every
    tab's script thread notes its polls here, and a writer's thread reads it."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._rooms: dict[str, dict[str, Follower]] = {}
        self._room_of: dict[str, str] = {}
        self._lock = threading.Lock()

    def note(self, code: str, session_id: str, page: str, query: str, fragment: str) -> None:
        """A page of session `session_id` polled room `code` just now (a
        session follows one room at a time)."""
        follower = Follower(session_id, page, query, fragment, self._clock())
        with self._lock:
            before = self._room_of.get(session_id)
            if before is not None and before != code:
                self._rooms.get(before, {}).pop(session_id, None)
            self._rooms.setdefault(code, {})[session_id] = follower
            self._room_of[session_id] = code

    def of(self, code: str, but: str | None = None) -> list[Follower]:
        """The pages following `code` that polled lately, except session `but`'s."""
        oldest = self._clock() - FORGET_AFTER
        with self._lock:
            room = self._rooms.get(code, {})
            for gone in [s for s, f in room.items() if f.heard_at < oldest]:
                self._drop(code, gone)
            return [f for s, f in room.items() if s != but]

    def forget(self, session_id: str) -> None:
        """Session `session_id` is closed."""
        with self._lock:
            code = self._room_of.get(session_id)
            if code is not None:
                self._drop(code, session_id)

    def _drop(self, code: str, session_id: str) -> None:
        room = self._rooms.get(code, {})
        room.pop(session_id, None)
        if not room:
            self._rooms.pop(code, None)
        if self._room_of.get(session_id) == code:
            del self._room_of[session_id]


FOLLOWERS = Followers()

_woken: set[str] = set()
"""The sessions handed a wake whose poll has not run yet."""
_woken_lock = threading.Lock()


def was_woken(session_id: str) -> bool:
    """Whether the server woke the poll this session is running. Reading
    it clears it, since the session's next poll is its browser's own; a
    browser's tick that Streamlit merged into the woken run counts as
    woken."""
    with _woken_lock:
        found = session_id in _woken
        _woken.discard(session_id)
        return found


def note_poll(code: str, ctx: ScriptRunContext, fragment_id: str) -> None:
    """This run's page polls room `code` with fragment `fragment_id`: wake
    it when the room changes."""
    FOLLOWERS.note(code, ctx.session_id, ctx.page_script_hash, ctx.query_string, fragment_id)


def install() -> None:
    """Wake a room's pages when this process changes it, once per server
    process; where this Streamlit lacks what a wake needs, pages poll only."""
    missing = [name for name in _NEEDED if not hasattr(AppSession, name)]
    if missing or not hasattr(Runtime, "get_app_session"):
        _LOG.warning("this Streamlit cannot wake pages (%s lacking): they poll only", missing)
        return
    change_feed.listen(wake_room)


def wake_room(code: str) -> None:
    """Ask the pages following `code` here, other than the caller's, to poll now."""
    if PACE.seconds > POLL_EVERY or not Runtime.exists():
        return
    ctx = get_script_run_ctx(suppress_warning=True)
    runtime = Runtime.instance()
    for follower in FOLLOWERS.of(code, but=ctx.session_id if ctx is not None else None):
        session = runtime.get_app_session(follower.session_id)
        if session is None:
            FOLLOWERS.forget(follower.session_id)
            with _woken_lock:
                _woken.discard(follower.session_id)
            continue
        session._call_soon_on_event_loop(partial(_poll_now, session, follower))


def poll_request(follower: Follower, context: ContextInfo | None = None) -> RerunData:
    """A run of the follower's polling fragment, as its timer asks for one,
    with no widget values (the session keeps its own) and the browser's
    context its last request brought (`st.context`'s URL and locale, which
    a redraw the poll asks for goes on with)."""
    return RerunData(
        query_string=follower.query_string,
        page_script_hash=follower.page,
        fragment_id=follower.fragment_id,
        is_auto_rerun=True,
        context_info=context,
    )


def may_wake(session: Any, follower: Follower) -> bool:
    """Is the session idle, on the page that polled, with its fragment?

    Only an idle session is woken: while a run goes on, a request of its
    browser may be waiting, and a wake would be folded into it, its page,
    address and context taking the place of the browser's. A session that
    is running learns of the change from its own next tick."""
    return bool(
        session._state is AppSessionState.APP_NOT_RUNNING
        and session.page_script_hash == follower.page
        and session.has_fragment(follower.fragment_id)
    )


def last_context(session: Any) -> ContextInfo | None:
    """The browser context the session's requests last carried, if any."""
    state = getattr(session, "_client_state", None)
    if state is None or not state.HasField("context_info"):
        return None
    context = ContextInfo()
    context.CopyFrom(state.context_info)
    return context


def _poll_now(session: AppSession, follower: Follower) -> None:
    """On the session's event loop: run the polling fragment, as the
    session does for its browser's requests (in its finished runner's
    place, a new one)."""
    try:
        if not may_wake(session, follower):
            return
        request = poll_request(follower, last_context(session))
        with _woken_lock:
            _woken.add(follower.session_id)
        runner = session._scriptrunner
        if runner is not None and runner.request_rerun(request):
            return
        session._create_scriptrunner(request)
    except Exception:  # the next tick of the page's own timer polls anyway
        _LOG.exception("waking a page of session %s failed", follower.session_id)

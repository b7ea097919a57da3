"""Polling (docs/design.md, "Refresh and the database"): a tiny fragment checks the room's version
every second and redraws the page only when it changed.

The fragment reads one integer through `RoomService.poll`, which also
serves as this player's heartbeat. Everything else on the page renders
outside the fragment, so an idle tick costs almost nothing. A room's
page draws its screen in a fragment of its own (`routing.room_page`):
a change that keeps the player on the same page reruns that fragment
only, not the router, the page's head and the rest of a full run.

The fragment runs outside the router's safety net, so it catches what a
poll can raise itself: while the database cannot be used it shows the
service's message in place and keeps polling, and the message goes away
with the next poll that works. A page that cannot even be drawn says so
and tries again every few seconds (`wait_for_storage`), keeping the seat.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NoReturn

import streamlit as st
from streamlit.errors import StreamlitAPIException
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.scriptrunner import ScriptRunContext, get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

from oneword.config import POLL_EVERY
from oneword.engine import Refusal, RoomView
from oneword.engine.errors import Reason
from oneword.service import RoomEntry, StorageError
from oneword.ui.app import clicks, collector, wake
from oneword.ui.app.browser import MARK_CLASS
from oneword.ui.app.pace import PACE, arrival
from oneword.ui.app.session import keep_entry, service
from oneword.ui.presence import same_screen
from oneword.ui.text import tell

RETRY_SECONDS = 3.0
SCREEN = clicks.SCREEN
"""The key of a room page's screen fragment (`routing.room_page`)."""
POLL = "poll"
"""The key of a page's polling fragment."""
_RETRIES = "storage_retries"


@dataclass
class Drawn:
    """The room as a page's full run drew it. The run hands it to its
    polling fragment (`follow_room`), which holds it from tick to tick, so
    a tick reads no session state."""

    entry: RoomEntry
    """The entry drawn (its view), or the fresh one after a change of
    presence alone, which the page would draw the same."""
    version: int = field(init=False)
    """The room's version the page stands for."""
    mark: str = field(init=False, default_factory=lambda: secrets.token_hex(4))
    """This full run's stamp. The run draws it in the page, and every tick
    of its fragment draws it again beside the poll (`follow`,
    `_mark_followed`): a browser that shows another stamp than its ticks
    is showing an older run than the server drew, and the page's
    watchdog reloads it."""

    stays: Callable[[RoomView], bool] | None = None
    """Whether this page still draws a view, by redrawing its screen
    fragment alone; None for a page without one (a change reruns it)."""
    pace: float = field(init=False, default=POLL_EVERY)
    """The interval this page's polling timer was last given."""
    screen_runs: int = field(init=False, default=0)
    """How often the screen fragment drew this page (the first is the
    page's own run)."""

    def __post_init__(self) -> None:
        self.version = self.entry.version

    def moved_to(self, entry: RoomEntry) -> None:
        """The page now stands for `entry` (a redraw or a presence change)."""
        self.entry = entry
        self.version = entry.version


def follow(
    code: str,
    token: str | None,
    entry: RoomEntry,
    stays: Callable[[RoomView], bool] | None = None,
) -> Drawn:
    """Draw this run's stamp and start the polling fragment for `entry`."""
    drawn = Drawn(entry, stays)
    st.html(f'<span class="{MARK_CLASS}" data-drawn="{drawn.mark}"></span>')
    follow_room(code, token, drawn)
    return drawn


def screen_mark(where: str, run: str) -> None:
    """Mark the top or the end of one run of a page's screen fragment. A
    page that shows a run's end without its top shows a screen that lost
    part of itself on the way, and the page's watchdog reloads it."""
    st.html(f'<span class="{MARK_CLASS}" data-screen-{where}="{run}"></span>')


def _mark_followed(drawn: Drawn) -> None:
    """The stamp of the run this fragment belongs to, drawn on every tick."""
    st.html(f'<span class="{MARK_CLASS}" data-followed="{drawn.mark}"></span>')


def follow_room(code: str, token: str | None, drawn: Drawn) -> None:
    """Start the polling fragment, at the pace the server keeps now."""
    drawn.pace = PACE.seconds
    st.fragment(_poll, run_every=drawn.pace, key=POLL)(code, token, drawn)


def _poll(code: str, token: str | None, drawn: Drawn) -> None:
    """Redraw the page when the room changed since it was drawn; note how
    long this poll waited, and tell the page a new pace if it has one."""
    collector.tend()
    _mark_followed(drawn)
    ctx = get_script_run_ctx()
    poll_id = _poll_id(ctx)
    if ctx is not None and poll_id is not None:
        wake.note_poll(code, ctx, poll_id)
    asked = arrival(ctx.session_id) if ctx is not None else None
    woken = ctx is not None and wake.was_woken(ctx.session_id)
    try:
        _check(code, token, drawn, woken)
    finally:
        if asked is not None:
            PACE.note(time.monotonic() - asked)
        if drawn.pace != PACE.seconds and ctx is not None and poll_id is not None:
            _tell_pace(drawn, ctx, poll_id)


def _poll_id(ctx: ScriptRunContext | None) -> str | None:
    """The id of the page's polling fragment (None outside a run)."""
    if ctx is None:
        return None
    try:
        (poll_id,) = ctx.fragment_storage.resolve_target(POLL)
    except (StreamlitAPIException, ValueError):
        return None
    return str(poll_id)


def _check(code: str, token: str | None, drawn: Drawn, woken: bool = False) -> None:
    try:
        version = service().poll(code, token)
    except StorageError as problem:
        if problem.code == Reason.STORAGE_UNAVAILABLE:
            tell("warning", problem.message)
        return
    except Refusal:
        return
    except Exception:
        logging.getLogger("oneword").exception("the poll of room %s failed", code)
        return
    if version != drawn.version:
        _redraw(code, token, drawn, woken)


def _tell_pace(drawn: Drawn, ctx: ScriptRunContext, poll_id: str) -> None:
    """Set this page's polling timer to the process's pace, in place: the
    browser replaces a fragment's timer when told a new interval for it."""
    drawn.pace = PACE.seconds
    message = ForwardMsg()
    message.auto_rerun.interval = drawn.pace
    message.auto_rerun.fragment_id = poll_id
    ctx.enqueue(message)


def _redraw(code: str, token: str | None, drawn: Drawn, woken: bool = False) -> None:
    """The room moved since the page was drawn. The seat's view is read
    once (and kept for the redraw's own read): if it differs from the
    drawn one in presence alone (`presence.same_screen`), nothing is
    redrawn; if the page still draws it, its screen fragment alone reruns;
    otherwise the whole page does, and sends the player on.

    A poll the server woke (`wake`) does the first two only: a whole run
    the browser did not ask for was seen, now and then, never to reach
    its page, and the page then stayed on its old screen, so the page's
    own next tick asks for the whole run instead."""
    try:
        fresh = service().enter(code, token)
    except (StorageError, Refusal):
        _rerun_page(woken)  # the page's own run says what is wrong
        return
    except Exception:
        logging.getLogger("oneword").exception("reading room %s after a poll failed", code)
        _rerun_page(woken)
        return
    keep_entry(code, token, fresh)
    if drawn.entry.view.game is not None and same_screen(drawn.entry.view, fresh.view):
        drawn.moved_to(fresh)
        return
    if drawn.stays is not None and drawn.stays(fresh.view):
        # The screen's run notes the version it drew (`Drawn.moved_to`);
        # until then every poll asks again, so a lost request heals.
        _rerun_screen()
    elif not woken:
        drawn.version = fresh.version  # asked once: the page's run starts afresh
        st.rerun(scope="app")


def _rerun_page(woken: bool) -> None:
    """Rerun the whole page, unless the server woke this poll: then the
    page's own next tick does."""
    if not woken:
        st.rerun(scope="app")


def _rerun_screen() -> None:
    """Ask for a run of the page's screen fragment once this poll is done.

    `st.rerun` names another fragment only from a widget's callback, so
    the request is made as it makes it, on the tab's own queue of
    requests; as the browser's own fragment reruns, it waits for the
    running poll instead of cutting it short. Where that cannot be done,
    the whole page reruns."""
    ctx = get_script_run_ctx()
    if ctx is None or ctx.script_requests is None:
        st.rerun(scope="app")
    try:
        screen = ctx.fragment_storage.resolve_target(SCREEN)
    except StreamlitAPIException:
        st.rerun(scope="app")
    ctx.script_requests.request_rerun(
        RerunData(
            query_string=ctx.query_string,
            page_script_hash=ctx.page_script_hash,
            fragment_id_queue=screen,
            cached_message_hashes=ctx.cached_message_hashes,
            context_info=ctx.context_info,
        )
    )


def wait_for_storage(problem: StorageError) -> NoReturn:
    """The page cannot be drawn because the database cannot be used: say
    so, and draw the whole page again every few seconds until it can. The
    seat is kept: this is the server's trouble, not the player's."""
    tell("error", problem.message)
    st.session_state[_RETRIES] = 0
    _retry_soon()
    st.stop()


@st.fragment(run_every=RETRY_SECONDS)
def _retry_soon() -> None:
    """Rerun the page on each timer run (not on the page's own run)."""
    runs = st.session_state.get(_RETRIES, 0) + 1
    st.session_state[_RETRIES] = runs
    if runs > 1:
        st.rerun(scope="app")

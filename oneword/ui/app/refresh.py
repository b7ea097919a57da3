"""Polling (docs/design.md, "Refresh and the database"): a tiny fragment checks the room's version
every second and reruns the page only when it changed.

The fragment reads one integer through `RoomService.poll`, which also
serves as this player's heartbeat. Everything else on the page renders
outside the fragment, so an idle tick costs almost nothing.

The fragment runs outside the router's safety net, so it catches what a
poll can raise itself: while the database cannot be used it shows the
service's message in place and keeps polling, and the message goes away
with the next poll that works. A page that cannot even be drawn says so
and tries again every few seconds (`wait_for_storage`), keeping the seat.
"""

from __future__ import annotations

import gc
import logging
import secrets
import sys
from dataclasses import dataclass, field
from typing import NoReturn

import streamlit as st

from oneword.config import POLL_EVERY
from oneword.engine import Refusal
from oneword.engine.errors import Reason
from oneword.service import RoomEntry, StorageError
from oneword.ui.app.browser import MARK_CLASS
from oneword.ui.app.session import keep_entry, service
from oneword.ui.presence import same_screen
from oneword.ui.text import tell

POLL_SECONDS = POLL_EVERY
RETRY_SECONDS = 3.0
_RETRIES = "storage_retries"
_frozen_at = [0]
"""How many modules were loaded when the heap was last frozen."""


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

    def __post_init__(self) -> None:
        self.version = self.entry.version


def follow(code: str, token: str | None, entry: RoomEntry) -> None:
    """Draw this run's stamp and start the polling fragment for `entry`."""
    drawn = Drawn(entry)
    st.html(f'<span class="{MARK_CLASS}" data-drawn="{drawn.mark}"></span>')
    follow_room(code, token, drawn)


def _mark_followed(drawn: Drawn) -> None:
    """The stamp of the run this fragment belongs to, drawn on every tick."""
    st.html(f'<span class="{MARK_CLASS}" data-followed="{drawn.mark}"></span>')


@st.fragment(run_every=POLL_SECONDS)
def follow_room(code: str, token: str | None, drawn: Drawn) -> None:
    """Rerun the whole page when the room changed since it was drawn."""
    _freeze_loaded_modules()
    _mark_followed(drawn)
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
    if version != drawn.version and not _only_presence_moved(code, token, drawn):
        drawn.version = version
        st.rerun(scope="app")


def _only_presence_moved(code: str, token: str | None, drawn: Drawn) -> bool:
    """After the version moved: is the page's drawn view still what it
    would draw (`presence.same_screen`)? Then the fresh entry is noted and
    nothing reruns. Otherwise the view just read is kept for the rerun's
    `enter`, so a real change still costs one read."""
    if drawn.entry.view.game is None:
        return False
    try:
        fresh = service().enter(code, token)
    except (StorageError, Refusal):
        return False  # the page's own run says what is wrong
    except Exception:
        logging.getLogger("oneword").exception("reading room %s after a poll failed", code)
        return False
    keep_entry(code, token, fresh)
    if not same_screen(drawn.entry.view, fresh.view):
        return False
    drawn.entry = fresh
    drawn.version = fresh.version
    return True


def _freeze_loaded_modules() -> None:
    """Take what the loaded modules hold (the word packages, the bots'
    table, the models' schemas: most of the process's objects, and they
    live as long as it does) out of the garbage collector's full passes.

    Those passes walk every object the collector tracks; with postScriptGC
    off they come from the polls' own small allocations, every few
    seconds, and each walked the whole app: about 0.2 ms per poll on the
    classroom benchmark. Freezing is done again whenever more modules were
    loaded (a page seen for the first time), a list splice each time.
    Objects made later (sessions, views) are collected as usual."""
    loaded = len(sys.modules)
    if loaded != _frozen_at[0]:
        _frozen_at[0] = loaded
        gc.freeze()


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

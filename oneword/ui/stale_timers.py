"""A page's polling timer must not drag the server back to a page it left.

Why this exists (docs/design.md, "Pages that never go blank"): every room
page polls with a `run_every` fragment, and the browser fires that timer
on its own clock, stamping each request with the page it is showing. When
the server moves a player on (lobby to board, game to results), it starts
the new page at once, but the browser learns of it only when the new
page's first message arrives. A tick sent in between reaches the server
as "rerun fragment F of the old page". Streamlit (1.60 and 1.67 read alike here)
queues it behind the new page's run and then starts a fragment run under
the old page's name; the browser, now on the new page, takes a fragment
run for another page as a page change, clears every element and then
fails to place the fragment's elements ("Bad delta path index 2 (should be
between [0, 1])"). Its React tree is gone, the connection drops, and the
page stays white until the player reloads. On a busy server the window is
wide (the new page's first message is late) and a page that polls every
second meets it at one screen change in a few; `benchmarks/page_switch_race/`
shows it in the smallest app that has a polling fragment and a page switch.

The guard: a timer's rerun (an automatic fragment rerun) stamped with a
page other than the one the server last started is dropped. Nothing is
lost: the new page's own run draws everything, registers its own timer,
and the browser's next tick carries the right page. Reruns that people
cause (a click, a reload, a link) are never touched.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, Protocol

from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSession

_LOG = logging.getLogger("oneword")
_MARK = "_oneword_drops_stale_timers"


class _Session(Protocol):
    @property
    def page_script_hash(self) -> str: ...


def is_stale_timer(client_state: ClientState | None, server_page: str) -> bool:
    """Is this rerun a polling tick sent from a page the server has left?"""
    return bool(
        client_state is not None
        and client_state.is_auto_rerun
        and client_state.fragment_id
        and server_page
        and client_state.page_script_hash != server_page
    )


def install() -> None:
    """Wrap `AppSession.request_rerun` once per server process."""
    original = AppSession.request_rerun
    if getattr(original, _MARK, False):
        return
    if not isinstance(getattr(AppSession, "page_script_hash", None), property):
        _LOG.warning("this Streamlit has no AppSession.page_script_hash: stale timers pass")
        return
    AppSession.request_rerun = _guarded(original)  # type: ignore[method-assign,assignment]


def _guarded(
    original: Callable[[Any, ClientState | None], None],
) -> Callable[[Any, ClientState | None], None]:
    @functools.wraps(original)
    def request_rerun(session: _Session, client_state: ClientState | None) -> None:
        if is_stale_timer(client_state, session.page_script_hash):
            return
        original(session, client_state)

    setattr(request_rerun, _MARK, True)
    return request_rerun

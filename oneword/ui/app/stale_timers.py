"""A page's polling timer must not drag the server back to a page it left.

Why this exists (docs/design.md, "Pages never go blank"): every room page
polls with a `run_every` fragment, and the browser fires that timer on
its own clock, stamping each tick with the page it is showing. When the
server moves a player on (lobby to board, game to results), it starts the
new page at once, but the browser learns of it only when the new page's
first message arrives. A tick sent in between reaches the server as
"rerun fragment F of the old page". Streamlit (1.60 and 1.67 read alike
here) queues it behind the new page's run and then starts a fragment run
under the old page's name; the browser, now on the new page, takes a
fragment run for another page as a page change, clears every element and
then fails to place the fragment's elements ("Bad delta path index 2
(should be between [0, 1])"). Its React tree is gone, the connection
drops, and the page stays white until the player reloads. On a busy
server the window is wide (the new page's first message is late);
`benchmarks/page_switch_race/` shows it in the smallest app that has a
polling fragment and a page switch.

Two checks, both on automatic fragment reruns only (reruns that people
cause, a click, a reload, a link, are never touched):
- when a tick arrives, one stamped with a page other than the one the
  server last started is dropped (`AppSession.request_rerun`);
- when a queued tick is about to run, it runs on the page the script
  thread is on (`ScriptRequests.on_scriptrunner_ready`). The first check
  alone leaves a gap on a busy server: the session learns of a new page's
  start from its event loop, a little after the script thread has begun
  it, and a tick that arrives in between passes.
Nothing is lost: the new page's own run draws everything and registers
its own timer, and the browser's next tick carries the right page.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import Any, Protocol

from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.script_requests import (
    RerunData,
    ScriptRequest,
    ScriptRequests,
    ScriptRequestType,
)

from oneword.ui.app.wrap_once import wrap_once

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


def is_stale_timer_run(rerun: RerunData, running_page: str) -> bool:
    """Is this queued run a polling tick for another page than the one the
    script thread is on?"""
    return bool(
        rerun.is_auto_rerun
        and rerun.fragment_id_queue
        and not rerun.is_fragment_scoped_rerun
        and running_page
        and rerun.page_script_hash != running_page
    )


def install() -> None:
    """Put both checks in place, once per server process."""
    if not isinstance(getattr(AppSession, "page_script_hash", None), property):
        _LOG.warning("this Streamlit has no AppSession.page_script_hash: stale ticks pass")
        return
    wrap_once(AppSession, "request_rerun", _drop_on_arrival, _MARK)
    wrap_once(ScriptRequests, "on_scriptrunner_ready", _run_on_this_page, _MARK)


def _drop_on_arrival(
    original: Callable[[Any, ClientState | None], None],
) -> Callable[[Any, ClientState | None], None]:
    def request_rerun(session: _Session, client_state: ClientState | None) -> None:
        if is_stale_timer(client_state, session.page_script_hash):
            return
        original(session, client_state)

    return request_rerun


def _run_on_this_page(
    original: Callable[[ScriptRequests], ScriptRequest],
) -> Callable[[ScriptRequests], ScriptRequest]:
    def on_scriptrunner_ready(requests: ScriptRequests) -> ScriptRequest:
        request = original(requests)
        ctx = get_script_run_ctx(suppress_warning=True)
        if request.type is not ScriptRequestType.RERUN or ctx is None:
            return request
        rerun = request.rerun_data
        if not is_stale_timer_run(rerun, ctx.page_script_hash):
            return request
        here = dataclasses.replace(
            rerun,
            page_script_hash=ctx.page_script_hash,
            page_name="",
            query_string=ctx.query_string,
        )
        return ScriptRequest(ScriptRequestType.RERUN, here)

    return on_scriptrunner_ready

"""The guard against a polling tick from a page the server left
(`oneword.ui.app.stale_timers`): which reruns it drops, and that it sits on
Streamlit's session once, in front of the real `request_rerun`."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner_utils.script_requests import (
    RerunData,
    ScriptRequests,
    ScriptRequestType,
)

from oneword.ui.app import stale_timers
from oneword.ui.app.stale_timers import is_stale_timer, is_stale_timer_run

OLD, NEW = "hash-of-lobby", "hash-of-board"


def tick(page: str, *, auto: bool = True, fragment: str = "poll") -> ClientState:
    return ClientState(page_script_hash=page, fragment_id=fragment, is_auto_rerun=auto)


def test_a_tick_from_the_page_the_server_left_is_stale() -> None:
    assert is_stale_timer(tick(OLD), NEW)


@pytest.mark.parametrize(
    "client_state",
    [
        tick(NEW),  # the page the server is on
        tick(OLD, auto=False),  # a click on a fragment's button: a person's rerun
        tick(OLD, fragment=""),  # a whole-app rerun (a click, a reload, a link)
        None,  # a rerun with the last client state
    ],
)
def test_other_reruns_pass(client_state: ClientState | None) -> None:
    assert not is_stale_timer(client_state, NEW)


def test_before_the_first_run_nothing_is_stale() -> None:
    assert not is_stale_timer(tick(OLD), "")


class _Session:
    """Stands in for an AppSession: its page, and the reruns that reach it."""

    def __init__(self, page: str) -> None:
        self.page_script_hash = page
        self.reached: list[ClientState | None] = []


def test_the_guard_drops_a_stale_tick_and_passes_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def original(session: Any, client_state: ClientState | None) -> None:
        session.reached.append(client_state)

    monkeypatch.setattr(AppSession, "request_rerun", original)
    stale_timers.install()
    stale_timers.install()  # a second run of the router changes nothing
    guarded = AppSession.request_rerun
    assert guarded is not original
    assert guarded.__wrapped__ is original  # type: ignore[attr-defined]
    session = _Session(NEW)
    guarded(session, tick(OLD))  # type: ignore[arg-type]
    guarded(session, tick(NEW))  # type: ignore[arg-type]
    guarded(session, tick(OLD, auto=False))  # type: ignore[arg-type]
    assert [state.page_script_hash for state in session.reached if state] == [NEW, OLD]


def queued_tick(page: str, **other: Any) -> RerunData:
    return RerunData(page_script_hash=page, fragment_id_queue=["poll"], is_auto_rerun=True, **other)


def test_a_queued_tick_for_another_page_than_the_running_one_is_stale() -> None:
    assert is_stale_timer_run(queued_tick(OLD), NEW)
    assert not is_stale_timer_run(queued_tick(NEW), NEW)
    assert not is_stale_timer_run(queued_tick(OLD), "")
    assert not is_stale_timer_run(queued_tick(OLD, is_fragment_scoped_rerun=True), NEW)
    assert not is_stale_timer_run(RerunData(page_script_hash=OLD, is_auto_rerun=True), NEW)
    assert not is_stale_timer_run(RerunData(page_script_hash=OLD, fragment_id_queue=["poll"]), NEW)


def test_a_queued_tick_runs_on_the_page_the_script_thread_is_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tick was let in while the session still named the old page, and
    the script thread has since started the new one: it runs there."""

    class Context:
        page_script_hash = NEW
        query_string = "room=ABCD"

    monkeypatch.setattr(stale_timers, "get_script_run_ctx", lambda **_: Context())
    monkeypatch.setattr(
        ScriptRequests, "on_scriptrunner_ready", ScriptRequests.on_scriptrunner_ready
    )
    stale_timers.install()
    requests = ScriptRequests()
    requests.request_rerun(
        RerunData(page_script_hash=OLD, fragment_id="poll", is_auto_rerun=True, query_string="x")
    )
    request = requests.on_scriptrunner_ready()
    assert request.type is ScriptRequestType.RERUN
    assert request.rerun_data.page_script_hash == NEW
    assert request.rerun_data.query_string == "room=ABCD"
    assert request.rerun_data.fragment_id_queue == ["poll"]
    requests.request_rerun(RerunData(page_script_hash=OLD, query_string="y"))  # a person's
    assert requests.on_scriptrunner_ready().rerun_data.page_script_hash == OLD


def test_the_app_installs_the_guard() -> None:
    from apptest_helpers import APP
    from streamlit.testing.v1 import AppTest

    AppTest.from_file(str(APP), default_timeout=20).run()
    assert getattr(AppSession.request_rerun, "_oneword_drops_stale_timers", False)
    assert getattr(ScriptRequests.on_scriptrunner_ready, "_oneword_drops_stale_timers", False)

"""Which pages a room change wakes, and what a wake asks a session to run
(`oneword.ui.app.wake`; the wake itself is tried end to end in
tests/e2e/test_e2e_wake.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from streamlit.proto.ClientState_pb2 import ClientState, ContextInfo
from streamlit.runtime.app_session import AppSessionState

from oneword.ui.app import wake
from oneword.ui.app.wake import (
    FORGET_AFTER,
    Follower,
    Followers,
    last_context,
    may_wake,
    poll_request,
    was_woken,
)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_room_wakes_its_pages_but_the_one_that_changed_it() -> None:
    followers = Followers(Clock())
    for session in ("a", "b", "c"):
        followers.note("ROOM", session, "board", "room=ROOM", "poll-1")
    followers.note("OTHER", "d", "board", "room=OTHER", "poll-1")
    assert sorted(f.session_id for f in followers.of("ROOM", but="a")) == ["b", "c"]
    assert [f.session_id for f in followers.of("OTHER")] == ["d"]


def test_a_page_follows_one_room_its_latest() -> None:
    followers = Followers(Clock())
    followers.note("ROOM", "a", "board", "room=ROOM", "poll-1")
    followers.note("NEXT", "a", "lobby", "room=NEXT", "poll-2")
    assert followers.of("ROOM") == []
    assert [f.page for f in followers.of("NEXT")] == ["lobby"]


def test_a_page_that_stopped_polling_is_forgotten() -> None:
    clock = Clock()
    followers = Followers(clock)
    followers.note("ROOM", "a", "board", "room=ROOM", "poll-1")
    clock.now += FORGET_AFTER / 2
    followers.note("ROOM", "b", "board", "room=ROOM", "poll-1")
    clock.now += FORGET_AFTER / 2 + 1
    assert [f.session_id for f in followers.of("ROOM")] == ["b"]
    followers.forget("b")
    assert followers.of("ROOM") == []


def test_a_wake_runs_the_poll_alone_and_carries_no_widget_values() -> None:
    """A wake queued beside a player's click must not undo it: the click's
    values are the session's, and a request without values keeps them."""
    context = ContextInfo(locale="de-DE", url="http://host/board?room=ROOM")
    request = poll_request(Follower("a", "hash-board", "room=ROOM", "poll-1", 0.0), context)
    assert request.widget_states is None
    assert request.context_info == context, "a redraw it asks for keeps the page's address"
    assert request.fragment_id == "poll-1"
    assert request.is_auto_rerun and not request.is_fragment_scoped_rerun
    assert request.page_script_hash == "hash-board"
    assert request.query_string == "room=ROOM"


@dataclass
class Session:
    page_script_hash: str = "hash-board"
    fragments: set[str] = field(default_factory=lambda: {"poll-1"})
    _state: AppSessionState = AppSessionState.APP_NOT_RUNNING

    def has_fragment(self, fragment_id: str) -> bool:
        return fragment_id in self.fragments


def test_a_page_that_moved_on_is_not_woken() -> None:
    follower = Follower("a", "hash-board", "room=ROOM", "poll-1", 0.0)
    assert may_wake(Session(), follower)
    assert not may_wake(Session(page_script_hash="hash-results"), follower)
    assert not may_wake(Session(fragments=set()), follower)
    assert not may_wake(Session(_state=AppSessionState.SHUTDOWN_REQUESTED), follower)


def test_a_page_in_the_middle_of_a_run_is_not_woken() -> None:
    """Its browser's request may wait behind the run, and a wake would be
    folded into it (the wake's page and address winning): its next tick
    polls instead."""
    follower = Follower("a", "hash-board", "room=ROOM", "poll-1", 0.0)
    assert not may_wake(Session(_state=AppSessionState.APP_IS_RUNNING), follower)


def test_a_wake_carries_the_context_the_browser_last_sent() -> None:
    sent = ClientState()
    sent.context_info.locale = "fr-FR"
    sent.context_info.url = "http://host/lobby?room=ROOM"
    assert last_context(SimpleNamespace(_client_state=sent)) == sent.context_info
    assert last_context(SimpleNamespace(_client_state=ClientState())) is None


def test_a_woken_poll_is_told_once() -> None:
    """The poll a wake runs is told so (it leaves a page switch to the
    page's own tick); the poll after it is the browser's."""
    with wake._woken_lock:
        wake._woken.add("s1")
    assert was_woken("s1")
    assert not was_woken("s1")
    assert not was_woken("s2")

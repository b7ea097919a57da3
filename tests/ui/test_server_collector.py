"""What keeps a busy server's garbage collector from stopping it
(`ui/app/finished_runs.py`, `ui/app/collector.py`, `ui/app/theme_message.py`;
docs/design.md, "A saturated server slows down"). The benchmark
`bench_classroom.py` measures the effect; these tests hold the parts."""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from streamlit.proto.NewSession_pb2 import CustomThemeConfig
from streamlit.runtime import app_session
from streamlit.runtime.scriptrunner_utils.script_run_context_attr import (
    SCRIPT_RUN_CONTEXT_ATTR_NAME,
)
from streamlit.runtime.state import SafeSessionState, SessionState

from oneword.ui.app import collector, finished_runs, theme_message


class Runner:
    """The shape of a finished ScriptRunner's two cycles: its thread keeps
    a context that calls back into it, and its session state wrapper
    yields to it."""

    def __init__(self) -> None:
        self.thread = threading.Thread(target=lambda: None)
        setattr(self.thread, SCRIPT_RUN_CONTEXT_ATTR_NAME, self.enqueue)
        self._session_state = SafeSessionState(SessionState(), self.enqueue)

    def enqueue(self) -> None:
        """A method of the runner, as Streamlit's context holds one."""


@pytest.fixture
def no_collector() -> Iterator[None]:
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _alive_after_drop(freed: bool) -> bool:
    """Is a finished run still in memory once nothing refers to it?"""
    runner = Runner()
    if freed:
        finished_runs.free(runner, runner.thread)
    ref = weakref.ref(runner)
    del runner
    return ref() is not None


@pytest.mark.usefixtures("no_collector")
def test_a_finished_run_is_freed_without_the_collector() -> None:
    assert _alive_after_drop(freed=False)  # the cycles are real
    assert not _alive_after_drop(freed=True)


def test_freeing_a_run_leaves_a_state_that_still_answers() -> None:
    runner = Runner()
    finished_runs.free(runner, runner.thread)
    assert not hasattr(runner.thread, SCRIPT_RUN_CONTEXT_ATTR_NAME)
    runner._session_state["late"] = 1  # yields to nothing, does not fail
    assert runner._session_state["late"] == 1


def test_full_passes_come_on_the_clock_not_by_count(monkeypatch: pytest.MonkeyPatch) -> None:
    before = gc.get_threshold()
    try:
        collector.install()
        assert gc.get_threshold()[:2] == before[:2]
        assert gc.get_threshold()[2] == collector.NEVER_BY_COUNT
        passes: list[int] = []
        monkeypatch.setattr(gc, "collect", lambda generation=2: passes.append(generation) or 0)
        monkeypatch.setattr(collector, "_last_full_pass", [100.0])
        assert not collector.tend(now=100.0 + collector.FULL_PASS_EVERY - 1)
        assert collector.tend(now=100.0 + collector.FULL_PASS_EVERY)
        assert not collector.tend(now=100.0 + collector.FULL_PASS_EVERY + 1)
        assert passes == [2]
    finally:
        gc.set_threshold(*before)


def test_the_theme_sections_are_read_once_and_copied_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads: list[str] = []

    def populate(msg: CustomThemeConfig, section: str = "theme") -> None:
        reads.append(section)
        msg.primary_color = f"#{len(section):06x}"

    kept = theme_message._kept(populate)
    for _ in range(3):
        for section in ("theme", "theme.light", "theme.dark"):
            made = CustomThemeConfig()
            kept(made, section)
            assert made.primary_color == f"#{len(section):06x}"
    assert reads == ["theme", "theme.light", "theme.dark"]
    monkeypatch.setattr(theme_message, "_options_table", object)  # the config read again
    kept(CustomThemeConfig(), "theme")
    assert reads[-1] == "theme" and len(reads) == 4


def test_the_kept_theme_equals_streamlits_own() -> None:
    original = app_session._populate_theme_msg
    kept = theme_message._kept(original)
    for section in ("theme", "theme.light", "theme.dark", "theme.sidebar"):
        own, copied = CustomThemeConfig(), CustomThemeConfig()
        original(own, section)
        kept(copied, section)
        kept(copied_again := CustomThemeConfig(), section)
        assert own == copied == copied_again

"""A finished page run leaves nothing for the garbage collector
(docs/design.md, "A saturated server slows down").

Streamlit makes a new `ScriptRunner`, with a thread of its own, for every
run of a page, a polling tick included. The runner is left in two
reference cycles when its thread ends: the thread keeps the run's context,
whose `enqueue` is a method of the runner that holds the thread; and the
runner's session state wrapper keeps a method of the runner as its
`yield_callback`. So about ninety objects per run (locks, conditions,
signals, cursors) could only be freed by a cyclic collection. At 200 tabs
that was some twenty thousand objects a second, which made the collector
walk every live object of the process every few seconds, stopping every
thread for 100-200 ms each time: pages answered in bursts, and the polls
behind each stop piled up. Cutting both cycles when the thread's work is
done lets reference counting free a run at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.runtime.scriptrunner_utils.script_run_context_attr import (
    SCRIPT_RUN_CONTEXT_ATTR_NAME,
)

from oneword.ui.app.wrap_once import wrap_once

_MARK = "_oneword_frees_finished_runs"


def install() -> None:
    """Free each run's objects when its thread ends, once per process."""
    wrap_once(ScriptRunner, "_run_script_thread", _freeing, _MARK)


def _nothing() -> None:
    """The yield callback of a run that has ended: there is nothing to stop."""


def free(runner: Any, thread: threading.Thread) -> None:
    """Cut the two cycles a finished run leaves (see the module's docstring)."""
    if hasattr(thread, SCRIPT_RUN_CONTEXT_ATTR_NAME):
        delattr(thread, SCRIPT_RUN_CONTEXT_ATTR_NAME)
    state = getattr(runner, "_session_state", None)
    if state is not None and hasattr(state, "_yield_callback"):
        object.__setattr__(state, "_yield_callback", _nothing)


def _freeing(original: Callable[[Any], None]) -> Callable[[Any], None]:
    def run_script_thread(runner: Any) -> None:
        try:
            original(runner)
        finally:
            free(runner, threading.current_thread())

    return run_script_thread

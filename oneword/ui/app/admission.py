"""At most a few page runs at once in a server process (docs/design.md,
"A saturated server slows down").

Streamlit gives every browser tab's run a thread of its own, and all of
them take turns on Python's one interpreter lock, with the thread that
reads and writes the websockets. Past what the process can answer, every
run in progress slows every other and the websocket thread gets a thin
share of the lock, so answers go out late, the browsers' next ticks pile
on, and the server collapses where it should only slow down. So a run
waits for one of a few places before it starts (waiting without the
lock), and the runs that started finish at full speed, in turn. The
number of places is more than one so that a run waiting on the database
(the lock released) leaves the processor to another.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

from oneword.ui.app.wrap_once import wrap_once

PLACES = 3
"""Runs in progress at once, per process."""
_places = threading.BoundedSemaphore(PLACES)
_MARK = "_oneword_admits_runs"


def install() -> None:
    """Make every page run wait for a place, once per server process."""
    wrap_once(ScriptRunner, "_run_script", _admitted, _MARK)


def _admitted(original: Callable[[Any, Any], None]) -> Callable[[Any, Any], None]:
    def run_script(runner: Any, rerun_data: Any) -> None:
        with _places:
            original(runner, rerun_data)

    return run_script

"""A saturated server slows its pages' polling evenly instead of
collapsing (`oneword.ui.app.pace`), and lets only a few page runs go at
once (`oneword.ui.app.admission`)."""

from __future__ import annotations

import threading
import time

from oneword.ui.app import admission
from oneword.ui.app.pace import FASTER_AFTER, SLOT, STEPS, Pace


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _slot(pace: Pace, clock: Clock, waits: list[float], lags: list[float] = ()) -> None:  # type: ignore[assignment]
    """A second of polls that waited `waits`, and loop timers late by `lags`."""
    for wait in waits:
        pace.note(wait)
    for lag in lags:
        pace.note_lag(lag)
    clock.now += SLOT
    pace.note(waits[-1] if waits else 0.0)  # the first note of the next slot judges this one


def test_a_server_that_keeps_up_polls_every_second() -> None:
    clock = Clock()
    pace = Pace(clock)
    for _ in range(30):
        _slot(pace, clock, [0.01] * 100)
    assert pace.seconds == STEPS[0] == 1.0


def test_long_waits_slow_the_pace_a_step_at_a_time_up_to_the_slowest() -> None:
    clock = Clock()
    pace = Pace(clock)
    seen = []
    for _ in range(len(STEPS) + 2):
        _slot(pace, clock, [0.9] * 100)
        seen.append(pace.seconds)
    assert seen[: len(STEPS) - 1] == list(STEPS[1:])
    assert pace.seconds == STEPS[-1]


def test_one_slow_poll_in_a_slot_changes_nothing() -> None:
    clock = Clock()
    pace = Pace(clock)
    _slot(pace, clock, [0.01] * 99 + [5.0])
    assert pace.seconds == 1.0


def test_a_late_websocket_thread_slows_the_pace_though_polls_run_at_once() -> None:
    clock = Clock()
    pace = Pace(clock)
    _slot(pace, clock, [0.01] * 100, lags=[0.4] * 10)
    assert pace.seconds == STEPS[1]


def test_the_pace_comes_back_only_after_holding_a_while() -> None:
    clock = Clock()
    pace = Pace(clock)
    _slot(pace, clock, [0.9] * 100)
    assert pace.seconds == STEPS[1]
    held = 0.0
    while pace.seconds != STEPS[0]:
        _slot(pace, clock, [0.001] * 100)
        held += SLOT
        assert held <= FASTER_AFTER + 2 * SLOT
    assert held >= FASTER_AFTER - SLOT


def test_only_a_few_runs_go_at_once_and_every_run_goes() -> None:
    running = 0
    most = 0
    done = []
    lock = threading.Lock()

    def run(_runner: object, index: int) -> None:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.02)
        with lock:
            running -= 1
        done.append(index)

    admitted = admission._admitted(run)
    threads = [threading.Thread(target=admitted, args=(None, i)) for i in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(done) == list(range(12))
    assert most == admission.PLACES


def test_install_wraps_once() -> None:
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    admission.install()
    first = ScriptRunner._run_script
    admission.install()
    assert ScriptRunner._run_script is first

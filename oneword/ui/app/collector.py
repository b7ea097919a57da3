"""When the server's garbage collector runs (docs/design.md, "Refresh and
the database" and "A saturated server slows down").

Python's collector walks every object it tracks in its full passes, and
holds the interpreter lock while it does: every page's run and the
websocket thread stop meanwhile. Two things keep those stops rare and
short:

- What the loaded modules hold (the word packages, the bots' table, the
  models' schemas) lives as long as the process; it is taken out of the
  collector's passes (`gc.freeze`) whenever more modules were loaded (a
  page seen for the first time). Objects made later (sessions, views)
  are collected as usual.
- Full passes come on a clock, not on the allocations' count. Python
  starts one whenever a quarter more objects have outlived the young
  passes, and a busy server's runs keep many objects alive for a moment:
  at 200 tabs with actions a full pass came every two seconds and stopped
  the process for 100-250 ms each time, although it found nothing to
  free. Runs no longer leave cycles behind (`finished_runs`), so young
  passes free what little is left; a full pass is due every
  `FULL_PASS_EVERY` seconds, made by the next poll.
"""

from __future__ import annotations

import gc
import sys
import threading
import time

FULL_PASS_EVERY = 60.0
"""Seconds between the collector's full passes."""
NEVER_BY_COUNT = 1_000_000_000
"""The oldest generation's threshold: no full pass starts by count."""

_lock = threading.Lock()
_frozen_at = [0]
_last_full_pass = [time.monotonic()]


def install() -> None:
    """No full pass by count, from now on in this process."""
    young, middle, oldest = gc.get_threshold()
    if oldest != NEVER_BY_COUNT:
        gc.set_threshold(young, middle, NEVER_BY_COUNT)


def tend(now: float | None = None) -> bool:
    """Called by every poll: freeze newly loaded modules, and make the full
    pass when it is due (one poll makes it). True when this call made it."""
    _freeze_loaded_modules()
    now = time.monotonic() if now is None else now
    if now - _last_full_pass[0] < FULL_PASS_EVERY or not _lock.acquire(blocking=False):
        return False
    try:
        if now - _last_full_pass[0] < FULL_PASS_EVERY:
            return False
        _last_full_pass[0] = now
        gc.collect()
        return True
    finally:
        _lock.release()


def _freeze_loaded_modules() -> None:
    """Freeze what the loaded modules hold when more were loaded; a list
    splice each time."""
    loaded = len(sys.modules)
    if loaded != _frozen_at[0]:
        _frozen_at[0] = loaded
        gc.freeze()

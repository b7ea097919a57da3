"""Rooms a write of this process changed, told to whoever listens here once
the write is committed (docs/design.md, "Waking a room's other pages at
once").

The service knows nothing of pages. A listener (the app's `wake`) hears
the code of every room whose version a write changed, after the commit,
so a page it wakes reads the new version, never the old one. A write that
fails tells no one. Listeners run on the writer's thread and must be
quick; one that raises is logged and the others still hear.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

Listener = Callable[[str], None]

_listeners: list[Listener] = []
_pending = threading.local()
_LOG = logging.getLogger("oneword")


def listen(listener: Listener) -> None:
    """Tell `listener` of every room change committed from now on (once,
    however often it is asked)."""
    if listener not in _listeners:
        _listeners.append(listener)


def stop_listening(listener: Listener) -> None:
    """Tell `listener` nothing more."""
    if listener in _listeners:
        _listeners.remove(listener)


def saved(code: str) -> None:
    """The write under way on this thread changed room `code`."""
    codes: set[str] | None = getattr(_pending, "codes", None)
    if codes is None:
        codes = _pending.codes = set()
    codes.add(code)


def committed() -> None:
    """The write on this thread was committed: tell every listener."""
    codes = _taken()
    for code in sorted(codes):
        for listener in list(_listeners):
            try:
                listener(code)
            except Exception:
                _LOG.exception("a listener to room %s's changes failed", code)


def dropped() -> None:
    """The write on this thread was rolled back: nothing changed."""
    _taken()


def _taken() -> set[str]:
    codes: set[str] = getattr(_pending, "codes", None) or set()
    _pending.codes = set()
    return codes

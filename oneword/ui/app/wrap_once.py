"""Putting the app's own checks around a Streamlit method or function,
once per server process (`admission`, `finished_runs`, `theme_message`,
`pace`, `clicks`, `stale_timers`).

The router calls each module's `install` on every run; the mark on the
wrapper makes every call after the first do nothing, and it survives
further wrapping (the marks of the wrapped function are copied on), so
the checks can be stacked in any order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

Method = Callable[..., Any]


def wrap_once(owner: object, name: str, wrapper: Callable[[Method], Method], mark: str) -> None:
    """Replace `owner.name` by `wrapper(owner.name)`, unless `mark` says done."""
    current = getattr(owner, name)
    if getattr(current, mark, False):
        return
    wrapped = functools.update_wrapper(wrapper(current), current)
    setattr(wrapped, mark, True)
    setattr(owner, name, wrapped)

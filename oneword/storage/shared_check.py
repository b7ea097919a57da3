"""One look at the SQLite file shared by the polls of the same instant
(docs/design.md, "Refresh and the database").

Pages opened together poll together: forty polls of a classroom can
reach the server within a few milliseconds. Each asked the file whether
anything was committed (`Store.stamp`: a `stat` and a pragma on a shared
connection), and in such a burst every one of those calls hands the
interpreter lock to another thread and waits to get it back. Now a look
is shared by the polls of the next `SHARE_FOR` seconds, with two limits:

- a commit made by this process (any store, any thread) ends the sharing
  at once, so a page always sees its own process's writes at its next
  poll;
- a commit made by another process is seen by every poll that starts
  more than `SHARE_FOR` after it; a poll within that window sees it one
  tick (1 s) later. Nothing is lost, and a page's full run always reads
  the file itself.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from time import monotonic
from typing import Generic, TypeVar

SHARE_FOR = 0.02
"""Seconds one look at the file answers the polls that follow it."""

T = TypeVar("T")


class LocalCommits:
    """How many writes this process has committed, to any file. The count
    only grows, so a look taken at one count is out of date at another."""

    def __init__(self) -> None:
        self.count = 0
        self._lock = threading.Lock()

    def note(self) -> None:
        """Called after every write (and every file prepared) of this process."""
        with self._lock:
            self.count += 1


LOCAL_COMMITS = LocalCommits()


class SharedCheck(Generic[T]):
    """`check()`'s last answer, given again while it is younger than
    `share_for` seconds and this process committed nothing since. No lock:
    the last answer is one attribute, replaced whole; two threads that
    look at once both look, and either answer is right."""

    def __init__(self, check: Callable[[], T | None], share_for: float = SHARE_FOR) -> None:
        self._check = check
        self.share_for = share_for
        self._last: tuple[float, int, T] | None = None

    def __call__(self) -> T | None:
        """The file's answer, as of at most `share_for` seconds ago."""
        now = monotonic()
        commits = LOCAL_COMMITS.count  # read before the look: a commit during it ends the sharing
        last = self._last
        if last is not None and last[1] == commits and now - last[0] < self.share_for:
            return last[2]
        answer = self._check()
        self._last = None if answer is None else (now, commits, answer)
        return answer

    def forget(self) -> None:
        """The next call looks at the file."""
        self._last = None

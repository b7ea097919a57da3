"""Fixtures shared by every test folder: the throw-away PostgreSQL cluster;
and how the tests share pytest-xdist's workers.

A test that needs PostgreSQL asks for `pg_cluster` (one per session) or
`pg_url` (an empty schema of its own). Where PostgreSQL cannot be had the
test is skipped with the reason, except in CI (`CI=true`), where a missing
database is a failure: .ci/run installs it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Generator, Iterator

import pg_cluster
import pytest

_BROWSER_FOLDERS = ("e2e",)
"""Tests that drive app servers and Chromium through games. They run one
after another on one worker (`--dist loadgroup`): each of them keeps a
server and a browser busy and waits on their 1 s polls, and two at once on
a small machine make both late."""

_STILL_PAGES = ("test_gallery_screens.py", "test_e2e_cloud_install.py")
_STILL_FOLDERS = ("jupyter",)
"""Browser and server tests that play no game in a browser: they draw the
gallery's fixed entries, install the app into a fresh environment and load
its home page, or run JupyterLab with the app behind its proxy and the
example notebook, so none of them waits on a page's poll to see a move.
They take turns in a group of their own, beside the game tests, at the
lower priority (a pip install or JupyterLab at the lower priority leaves
the game tests' servers the CPU they need).

The other tests (the engine, the service, AppTest pages) share every
worker, also at a lower CPU priority (`_BACKGROUND_NICE`) while a worker
runs them, so that they fill the time the game tests spend waiting and do
not make those tests' pages late."""

_BACKGROUND_NICE = 10


def _group(item: pytest.Item) -> str | None:
    """The pytest-xdist group the test takes turns in, if any."""
    if item.path.name in _STILL_PAGES or any(p in _STILL_FOLDERS for p in item.path.parts):
        return "still_pages"
    if any(part in _BROWSER_FOLDERS for part in item.path.parts):
        return "browser"
    return None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        group = _group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    """Under pytest-xdist, run a test that is not a game's browser test at a
    lower priority, and go back afterwards (lowering the number again needs
    root: elsewhere the worker stays at the lower priority). A server or
    browser a test starts keeps the priority it started with."""
    if "PYTEST_XDIST_WORKER" not in os.environ or _group(item) == "browser":
        return (yield)
    before = os.getpriority(os.PRIO_PROCESS, 0)
    os.setpriority(os.PRIO_PROCESS, 0, max(before, _BACKGROUND_NICE))
    try:
        return (yield)
    finally:
        with contextlib.suppress(PermissionError):
            os.setpriority(os.PRIO_PROCESS, 0, before)


@pytest.fixture(scope="session")
def pg_cluster_session() -> Iterator[pg_cluster.Cluster]:
    reason = pg_cluster.missing()
    if reason is not None:
        pytest.fail(f"PostgreSQL is required for these tests: {reason}", pytrace=False)
    cluster = pg_cluster.start(fast=True)
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster_session: pg_cluster.Cluster) -> str:
    """A connection string whose tables live in a new, empty schema."""
    return pg_cluster_session.new_schema()

"""Helpers for the browser tests: a real Streamlit server and page waits.

The fixtures in ``conftest.py`` are built from these. Tests import the
helpers they call directly::

    from e2e_harness import PHONE, save_screenshot, wait_for_app

(Import from this module, not from ``conftest``: pytest may load several
``conftest`` modules under that same name, so ``from conftest import ...`` is
fragile.)
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Page, ViewportSize, expect

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

SERVER_START_TIMEOUT_S = 60.0
APP_READY_TIMEOUT_MS = 30_000

# Streamlit marks its root element with the connection and script-run state.
_APP_IDLE = (
    '[data-testid="stApp"]'
    '[data-test-connection-state="CONNECTED"]'
    '[data-test-script-state="notRunning"]'
)


@dataclass(frozen=True)
class AppServer:
    """A running ``streamlit run`` server: where to reach it and its database."""

    url: str
    db_path: Path
    process: subprocess.Popen[bytes]
    log_dir: Path


class PageFactory(Protocol):
    """The ``new_page`` fixture: one call is one player (a fresh browser context)."""

    def __call__(self, viewport: ViewportSize = DESKTOP, **context_options: Any) -> Page: ...


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def device_address(number: int) -> dict[str, str]:
    """The header that gives browser context `number` an address of its own.

    The test browsers run on the server's machine, where Streamlit's
    server believes `X-Forwarded-For` (as from a proxy there): each
    context names its own address, as each player's phone has one, so
    the address limits (L-8) count players apart as in a classroom
    instead of all in the one bucket of unknown addresses."""
    return {"X-Forwarded-For": f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"}


def start_app_server(
    db_path: Path,
    log_dir: Path,
    port: int | None = None,
    *,
    python: str = sys.executable,
    env: Mapping[str, str] | None = None,
) -> AppServer:
    """Start ``streamlit run streamlit_app.py`` headless and wait until it is healthy.

    The server gets ``ONEWORD_DB=db_path`` and runs in its own process group,
    so ``stop_app_server`` can end it together with any children. Its stdout
    and stderr go to files in ``log_dir`` (appended to, so a restarted
    server keeps the first one's); they are quoted if it fails to start.
    ``port`` restarts a server where open pages will reconnect to it.
    ``python`` runs it from another environment (a fresh install); ``env``
    adds settings (a database URL).
    """
    port = port or free_port()
    env = {**os.environ, "ONEWORD_DB": str(db_path), **(env or {})}
    command = [
        python, "-m", "streamlit", "run", "streamlit_app.py",
        "--server.address=127.0.0.1",
        f"--server.port={port}",
        "--server.headless=true",
        "--server.fileWatcherType=none",
        "--server.runOnSave=false",
        "--browser.gatherUsageStats=false",
    ]  # fmt: skip
    log_dir.mkdir(parents=True, exist_ok=True)
    with (log_dir / "stdout.log").open("ab") as out, (log_dir / "stderr.log").open("ab") as err:
        process = subprocess.Popen(
            command,
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            start_new_session=True,
        )
    server = AppServer(f"http://127.0.0.1:{port}", db_path, process, log_dir)
    try:
        _wait_until_healthy(server, SERVER_START_TIMEOUT_S)
    except BaseException:
        stop_app_server(server)
        raise
    return server


def _wait_until_healthy(server: AppServer, timeout_s: float) -> None:
    """Poll ``/_stcore/health`` until it answers ``ok``; raise with the server logs if not."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"streamlit exited with code {server.process.returncode} before it was healthy"
                + server_logs(server)
            )
        if health(server.url) == "ok":
            return
        time.sleep(0.2)
    raise RuntimeError(
        f"streamlit did not answer ok on {server.url}/_stcore/health within {timeout_s:.0f} s"
        + server_logs(server)
    )


def health(url: str) -> str | None:
    """Return the body of ``GET {url}/_stcore/health``, or None if it is not answering."""
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return str(response.read().decode())
    except (urllib.error.URLError, OSError):
        return None


def server_logs(server: AppServer, tail: int = 4000) -> str:
    """Return the end of the server's stderr and stdout, for error messages."""
    parts = []
    for name in ("stderr.log", "stdout.log"):
        text = (server.log_dir / name).read_text(errors="replace")[-tail:]
        parts.append(f"\n--- streamlit {name} ---\n{text}")
    return "".join(parts)


def stop_app_server(server: AppServer) -> None:
    """End the server's process group: SIGTERM, then SIGKILL after 10 s."""
    if server.process.poll() is not None:
        return
    for sig, grace_s in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
        try:
            os.killpg(server.process.pid, sig)
        except ProcessLookupError:
            return
        try:
            server.process.wait(timeout=grace_s)
            return
        except subprocess.TimeoutExpired:
            continue


def wait_for_app(page: Page, timeout_ms: int = APP_READY_TIMEOUT_MS) -> None:
    """Wait until Streamlit is connected and has finished running the script.

    Also asserts that the page shows no Python exception. Call it after
    ``goto`` and after every click that reruns the app.
    """
    expect(page.locator(_APP_IDLE)).to_be_attached(timeout=timeout_ms)
    expect(page.get_by_test_id("stStatusWidget")).to_be_hidden(timeout=timeout_ms)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def save_screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a PNG of ``page`` as ``tests/e2e/artifacts/<name>.png`` and return its path."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "screenshot"
    path = ARTIFACTS_DIR / f"{safe}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)
    return path

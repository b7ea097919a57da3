"""Fixtures for the Jupyter tests: a real Jupyter server with the app behind
jupyter-server-proxy.

The browser helpers come from ``tests/e2e/e2e_harness.py``; that folder is
put on ``sys.path`` here so these tests also run on their own
(``pytest tests/jupyter``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from e2e_harness import free_port
from jupyter_helpers import BASE_URL, JupyterServer, jupyter_env

START_TIMEOUT_S = 60.0


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """``jupyter server`` on a free loopback port under ``/jh/``, no token.

    Run as root in CI, hence ``allow_root``. The proxied Streamlit app is a
    child of this server, which stops it on shutdown; the whole process
    group is ended anyway in case it does not.
    """
    home = tmp_path_factory.mktemp("jupyter")
    port = free_port()
    log_path = home / "jupyter.log"
    command = [
        sys.executable, "-m", "jupyter_server",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.base_url={BASE_URL}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.allow_root=True",
        f"--ServerApp.root_dir={home}",
    ]  # fmt: skip
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            env=jupyter_env(home),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = JupyterServer(f"http://127.0.0.1:{port}{BASE_URL}", port, process, log_path)
    try:
        _wait_for_status(server)
        yield server
    finally:
        _stop(process)


def _wait_for_status(server: JupyterServer) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            break
        try:
            with urllib.request.urlopen(server.url + "api/status", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.2)
    tail = server.log_path.read_text(errors="replace")[-4000:]
    pytest.fail(f"jupyter server did not start on {server.url}:\n{tail}", pytrace=False)


def _stop(process: subprocess.Popen[bytes]) -> None:
    for sig, grace_s in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
        if process.poll() is not None:
            break
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            continue
    # The proxied app may outlive a killed server: end its group as well.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)

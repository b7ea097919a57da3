"""nginx in front of app servers, as docs/deploy.md sets it up, for the
tests that need a real reverse proxy (H-4, L-8).

The shipped configuration (`deploy/nginx-sticky.conf`) is used as it is,
with the test's ports, inside a minimal main configuration whose files
all live in one folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from e2e_harness import REPO_ROOT, free_port, health
from play_helpers import wait_until

CONFIG = REPO_ROOT / "deploy" / "nginx-sticky.conf"
COOKIE = "oneword_server"


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None
    )


def require(reason: str | None) -> None:
    if reason is None:
        return
    pytest.fail(f"required for this test: {reason}", pytrace=False)


@dataclass
class Balancer:
    url: str
    process: subprocess.Popen[bytes]
    access_log: Path

    def routes(self) -> list[tuple[str, str, str]]:
        """(cookie, port of the upstream that answered, path) of every
        request logged so far (nginx lists each upstream it tried)."""
        found = []
        for line in self.access_log.read_text().splitlines():
            cookie, upstreams, path = line.split("|", 2)
            answered = upstreams.split(", ")[-1]
            found.append((cookie, answered.rsplit(":", 1)[-1], path))
        return found


def nginx_config(folder: Path, listen: int, port_a: int, port_b: int) -> str:
    """The shipped config with this test's ports, inside a minimal main
    config whose files all live in `folder`."""
    shipped = CONFIG.read_text()
    shipped = shipped.replace("127.0.0.1:8501", f"127.0.0.1:{port_a}")
    shipped = shipped.replace("127.0.0.1:8502", f"127.0.0.1:{port_b}")
    shipped = shipped.replace("listen 127.0.0.1:8080;", f"listen 127.0.0.1:{listen};")
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
daemon off;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} info;
events {{ worker_connections 512; }}
http {{
    log_format routes '$cookie_{COOKIE}|$upstream_addr|$request_uri';
    access_log {folder / "access.log"} routes;
{temp}
{shipped}
}}
"""


@contextmanager
def running_nginx(folder: Path, port_a: int, port_b: int) -> Iterator[Balancer]:
    """nginx with the shipped configuration in front of two ports (the
    same port twice for one server), stopped on the way out."""
    nginx = nginx_binary()
    require(None if nginx else "nginx is not installed (apt-get install nginx)")
    assert nginx is not None
    folder.mkdir(parents=True, exist_ok=True)
    listen = free_port()
    (folder / "nginx.conf").write_text(nginx_config(folder, listen, port_a, port_b))
    process = subprocess.Popen(
        [nginx, "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        balancer = Balancer(f"http://127.0.0.1:{listen}", process, folder / "access.log")
        wait_until(lambda: health(balancer.url) == "ok", "nginx to answer", 20)
        yield balancer
    finally:
        process.terminate()
        process.wait(timeout=10)

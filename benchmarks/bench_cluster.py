"""Several app processes over one SQLite file behind nginx, for the
benchmarks (docs/deploy.md, "Several processes on one machine").

The balancer is deploy/nginx-sticky.conf's set-up for any number of
processes: a browser's `oneword_server` cookie names its process, and a
process that is down hands its browsers to the next one. One process is
served directly, without nginx.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path

from bench_refresh import cpu_seconds, free_port, run_streamlit, wait_until_healthy

COOKIE = "oneword_server"


@dataclass
class Cluster:
    """App processes, and the address their clients use."""

    processes: list[subprocess.Popen[bytes]]
    url: str
    routes: list[str]
    """The cookie value that reaches each process ("" with no balancer)."""
    balancer: subprocess.Popen[bytes] | None = None

    def cpu_seconds(self) -> float:
        """User + system CPU of every app process so far (not nginx's)."""
        return sum(cpu_seconds(p.pid) for p in self.processes)

    def rss_mb(self) -> float:
        return sum(_rss_mb(p.pid) for p in self.processes)

    def stop(self) -> None:
        """Stop every process; one that ignores SIGTERM for 15 s is killed,
        so that it cannot go on loading the machine under the next run."""
        for process in [*self.processes, *([self.balancer] if self.balancer else [])]:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=15)


def start_cluster(script: Path, db: Path, servers: int, folder: Path) -> Cluster:
    """`servers` processes of `script` over `db`; behind nginx when more than one."""
    started = [run_streamlit(script, db) for _ in range(servers)]
    processes = [process for process, _ in started]
    if servers == 1:
        return Cluster(processes, started[0][1], [""])
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(nginx, os.X_OK):
        raise SystemExit("--servers above 1 needs nginx (apt-get install nginx)")
    folder.mkdir(parents=True, exist_ok=True)
    listen = free_port()
    ports = [int(url.rsplit(":", 1)[-1]) for _, url in started]
    routes = [f"s{i}" for i in range(servers)]
    (folder / "nginx.conf").write_text(nginx_config(folder, listen, ports, routes))
    balancer = subprocess.Popen(
        [nginx, "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{listen}"
    wait_until_healthy(url)
    return Cluster(processes, url, routes, balancer)


def nginx_config(folder: Path, listen: int, ports: list[int], routes: list[str]) -> str:
    """A main config whose files live in `folder`: sticky by cookie, each
    process backed up by the next one."""
    upstreams = "\n".join(
        f"upstream oneword_{route} {{\n"
        f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=10s;\n"
        f"    server 127.0.0.1:{ports[(i + 1) % len(ports)]} backup;\n}}"
        for i, (route, port) in enumerate(zip(routes, ports, strict=True))
    )
    known = " ".join(f"{route} {route};" for route in routes)
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
daemon off;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    {temp}
    map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}
    map $cookie_{COOKIE} $oneword_server {{ {known} default {routes[0]}; }}
{upstreams}
    server {{
        listen 127.0.0.1:{listen};
        location / {{
            proxy_pass http://oneword_$oneword_server;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_read_timeout 1d;
            proxy_buffering off;
        }}
    }}
}}
"""


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")

"""A throw-away PostgreSQL cluster for tests and benchmarks (H-4).

`initdb` in a fresh temporary folder, `pg_ctl start` on a free loopback
port, `pg_ctl stop` and the folder removed at the end. The binaries are
found on PATH or where Debian's `postgresql` package puts them
(/usr/lib/postgresql/N/bin). PostgreSQL refuses to run as root, so as root
the cluster runs as the `postgres` user that package creates.

`fast=True` turns off fsync for tests (a lost cluster is thrown away
anyway); benchmarks keep PostgreSQL's durable defaults.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

USER = "oneword"
DATABASE = "postgres"


def tool(name: str) -> str | None:
    """Where PostgreSQL's `name` binary is, or None."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=_major)
    return candidates[-1] if candidates else None


def _major(path: str) -> int:
    part = Path(path).parts[-3]
    return int(part) if part.isdigit() else 0


def missing() -> str | None:
    """Why no cluster can be started here (None: it can)."""
    for name in ("initdb", "pg_ctl"):
        if tool(name) is None:
            return f"PostgreSQL's {name} was not found (apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run the cluster as"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Cluster:
    """A running cluster: `url()` for a connection string."""

    folder: Path
    port: int
    run_as: list[str]

    def url(self, schema: str | None = None) -> str:
        """The cluster's database; with `schema`, its tables live in that
        schema (each test gets an empty one of its own)."""
        base = f"postgresql://{USER}@127.0.0.1:{self.port}/{DATABASE}"
        return base if schema is None else f"{base}?options=-csearch_path%3D{schema}"

    def new_schema(self) -> str:
        """A fresh empty schema's URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")
        return self.url(name)

    def stop(self) -> None:
        pg_ctl = tool("pg_ctl")
        assert pg_ctl is not None
        subprocess.run(
            [*self.run_as, pg_ctl, "stop", "-D", str(self.folder / "data"), "-m", "fast", "-w"],
            check=False,
            capture_output=True,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def start(fast: bool = True) -> Cluster:
    """initdb + pg_ctl start in a new temporary folder; raises when a tool
    fails (its output in the message)."""
    initdb, pg_ctl = tool("initdb"), tool("pg_ctl")
    assert initdb is not None and pg_ctl is not None, missing()
    folder = Path(tempfile.mkdtemp(prefix="oneword-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", free_port()
    _run([*run_as, initdb, "-D", str(data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync"])
    options = f"-p {port} -c listen_addresses=127.0.0.1 -k {folder} -c max_connections=300"
    if fast:
        options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    log = folder / "server.log"
    _run(
        [*run_as, pg_ctl, "start", "-w", "-t", "60", "-D", str(data), "-l", str(log), "-o", options]
    )
    return Cluster(folder, port, run_as)


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:5])} failed:\n{done.stdout}\n{done.stderr}")

"""What idle open pages cost the server (DESIGN.md, "Refresh").

    python benchmarks/bench_refresh.py [--clients 10] [--seconds 20]

Starts a real `streamlit run` server on a fresh SQLite file, seats
`--clients` players in one running Versus game, opens each player's page in
its own Chromium context (Debian's /usr/bin/chromium), lets them sit idle
polling, and prints the server's CPU use: once as configured (no garbage
collection after each rerun) and once with `postScriptGC` turned back on.
It prints figures and fails nothing.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from oneword.engine import PickTeam, Team
from oneword.service import RoomService, Seat
from oneword.store import Store

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: Path, gc_after_rerun: bool) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    gc = f"--runner.postScriptGC={str(gc_after_rerun).lower()}"
    command = [sys.executable, "-m", "streamlit", "run", "streamlit_app.py", gc]
    command += [f"--server.port={port}", "--server.address=127.0.0.1"]
    command += ["--server.headless=true", "--server.fileWatcherType=none"]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, "ONEWORD_DB": str(db)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as answer:
                if answer.read() == b"ok":
                    return process, url
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def seat_players(db: Path, count: int) -> list[Seat]:
    service = RoomService(Store(db))
    seats = [service.create_room("Host")]
    seats += [service.join(seats[0].code, f"Player {i}") for i in range(1, count)]
    for i, seat in enumerate(seats):
        service.act(seat.code, seat.token, PickTeam(team=Team.RED if i % 2 else Team.BLUE))
    service.start_game(seats[0].code, seats[0].token)
    return seats


def measure(browser: Browser, clients: int, seconds: float, gc_after_rerun: bool) -> float:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        seats = seat_players(db, clients)
        process, url = start_server(db, gc_after_rerun)
        contexts = []
        try:
            for seat in seats:
                context = browser.new_context()
                context.new_page().goto(f"{url}/board?room={seat.code}&token={seat.token}")
                contexts.append(context)
            time.sleep(5)  # every page loaded and polling
            start = cpu_seconds(process.pid)
            time.sleep(seconds)
            used = cpu_seconds(process.pid) - start
        finally:
            for context in contexts:
                context.close()
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
    return used / seconds * 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        print(f"{args.clients} idle pages polling once a second, {args.seconds:.0f} s each:")
        for gc_after_rerun in (False, True):
            share = measure(browser, args.clients, args.seconds, gc_after_rerun)
            label = "postScriptGC = true " if gc_after_rerun else "postScriptGC = false"
            print(
                f"  {label}  server CPU {share:5.1f}% of a core"
                f"  ({share / args.clients:.2f}% per page)"
            )
        browser.close()


if __name__ == "__main__":
    main()

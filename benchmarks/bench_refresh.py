"""What idle open pages cost the server (docs/design.md, "Refresh and the database").

    python benchmarks/bench_refresh.py [--clients 10] [--seconds 20]

Starts a real `streamlit run` server on a fresh SQLite file, seats
`--clients` players in one running Versus game, opens each player's page in
its own Chromium context (Debian's /usr/bin/chromium) and lets them sit
idle. The same pages are measured three ways: as the app runs (a one-second
fragment that reads the room's version and reruns the page only on a
change, no garbage collection after each rerun), with `postScriptGC`
turned back on, and with the fragment swapped for `streamlit-autorefresh`
(a full rerun of the page every second; install it with
`pip install -e ".[bench]"`). For each it prints the server's CPU,
the bytes each page receives per refresh, and how many full page runs and
fragment runs each page makes a minute. It prints figures and fails
nothing.
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
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, Page, WebSocket, sync_playwright
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from oneword.engine import PickTeam, Team
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
TICKS = os.sysconf("SC_CLK_TCK")
CARD = ".st-key-card-24, [data-card='24']"
"""The last card: a button on a guesser's board, a tile on a captain's map."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class Mode:
    """One way of keeping the pages fresh, as the benchmark starts it."""

    label: str
    gc_after_rerun: bool
    autorefresh: bool


MODES = [
    Mode("fragment, postScriptGC off (the app)", gc_after_rerun=False, autorefresh=False),
    Mode("fragment, postScriptGC on", gc_after_rerun=True, autorefresh=False),
    Mode("streamlit-autorefresh (full rerun)", gc_after_rerun=False, autorefresh=True),
]


AUTOREFRESH_ENTRY = """
import streamlit as st
from streamlit_autorefresh import st_autorefresh

import oneword.ui.app.refresh as refresh
from oneword.ui.app.session import service


def follow_room(code, token):
    service().poll(code, token)  # the same heartbeat as the app's poll
    st_autorefresh(interval=1000, key="autorefresh")


refresh.follow_room = follow_room
exec(compile(open(APP, encoding="utf-8").read(), APP, "exec"))
"""


def autorefresh_entry(folder: Path) -> Path:
    """The app with its polling fragment swapped for `st_autorefresh`.

    A copy of the entry point in a scratch folder, beside a link to the
    real `app_pages/` (`st.navigation` finds pages next to the entry
    point): the app's own code runs unchanged, and nothing in the package
    depends on streamlit-autorefresh.
    """
    (folder / "app_pages").symlink_to(ROOT / "app_pages")
    entry = folder / "streamlit_app.py"
    app = ROOT / "streamlit_app.py"
    entry.write_text(f"APP = {str(app)!r}\n" + AUTOREFRESH_ENTRY, encoding="utf-8")
    return entry


def start_server(db: Path, mode: Mode, scratch: Path) -> tuple[subprocess.Popen[bytes], str]:
    script = autorefresh_entry(scratch) if mode.autorefresh else ROOT / "streamlit_app.py"
    return run_streamlit(script, db, f"--runner.postScriptGC={str(mode.gc_after_rerun).lower()}")


def run_streamlit(script: Path, db: Path, *options: str) -> tuple[subprocess.Popen[bytes], str]:
    """`streamlit run script` on a free local port over the rooms file `db`,
    in a process group of its own (so it can be stopped whole); returns it
    and its address once it answers."""
    port = free_port()
    command = [sys.executable, "-m", "streamlit", "run", str(script), *options]
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
    wait_until_healthy(url)
    return process, url


def wait_until_healthy(url: str) -> None:
    """Wait for a starting server to answer its health check."""
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as answer:
                if answer.read() == b"ok":
                    return
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


@dataclass
class Traffic:
    """What the pages received over their websockets."""

    received: int = 0
    full_runs: int = 0
    fragment_runs: int = 0

    def count(self, payload: bytes | str) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        self.received += len(data)
        message = ForwardMsg.FromString(data)
        if message.WhichOneof("type") != "script_finished":
            return
        if message.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY:
            self.full_runs += 1
        elif message.script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY:
            self.fragment_runs += 1


@dataclass(frozen=True)
class Figures:
    cpu_percent: float
    bytes_per_page_second: float
    full_runs_per_page_minute: float
    fragment_runs_per_page_minute: float


def watch_traffic(page: Page, traffic: Traffic, counting: list[bool]) -> None:
    def on_frame(payload: bytes | str) -> None:
        if counting[0]:
            traffic.count(payload)

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", on_frame)

    page.on("websocket", on_socket)


def measure(browser: Browser, clients: int, seconds: float, mode: Mode) -> Figures:
    traffic, counting = Traffic(), [False]
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        seats = seat_players(db, clients)
        process, url = start_server(db, mode, Path(folder))
        contexts = []
        try:
            for seat in seats:
                context = browser.new_context()
                page = context.new_page()
                watch_traffic(page, traffic, counting)
                page.goto(f"{url}/board?room={seat.code}&token={seat.token}")
                contexts.append(context)
            # Playwright hands over websocket events only while it waits,
            # so the benchmark waits through a page, not with time.sleep.
            for context in contexts:  # every page drawn and polling
                context.pages[0].locator(CARD).first.wait_for(timeout=120_000)
            waiter = contexts[0].pages[0]
            waiter.wait_for_timeout(2000)
            counting[0] = True
            start = cpu_seconds(process.pid)
            waiter.wait_for_timeout(seconds * 1000)
            used = cpu_seconds(process.pid) - start
            counting[0] = False
        finally:
            for context in contexts:
                context.close()
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
    per_minute = 60 / seconds / clients
    return Figures(
        cpu_percent=used / seconds * 100,
        bytes_per_page_second=traffic.received / seconds / clients,
        full_runs_per_page_minute=traffic.full_runs * per_minute,
        fragment_runs_per_page_minute=traffic.fragment_runs * per_minute,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        print(f"{args.clients} idle pages refreshing once a second, {args.seconds:.0f} s each:")
        print(f"  {'':38} {'CPU % core':>10} {'per page':>9} {'B/refresh':>10} "
              f"{'page runs/min':>14} {'fragment runs/min':>18}")  # fmt: skip
        for mode in MODES:
            got = measure(browser, args.clients, args.seconds, mode)
            print(
                f"  {mode.label:38} {got.cpu_percent:10.1f} "
                f"{got.cpu_percent / args.clients:8.2f}% {got.bytes_per_page_second:10.0f} "
                f"{got.full_runs_per_page_minute:14.1f} {got.fragment_runs_per_page_minute:18.1f}"
            )
        browser.close()


if __name__ == "__main__":
    main()

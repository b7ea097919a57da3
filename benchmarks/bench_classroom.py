"""A school on one server: many players' pages polling, measured at the
protocol level (FEATURES.md H-1; DESIGN.md, "Refresh").

    python -m pip install -e ".[bench]"
    python benchmarks/bench_classroom.py --clients 40 --rooms 4 --seconds 20

Seats `--clients` players over `--rooms` running Versus games on a fresh
SQLite file, starts a real `streamlit run` server, and connects one client
per seat that speaks Streamlit's websocket protocol as a browser tab does:
it carries the seat's cookie, asks for its page with the room in the query
string, and every second reruns the page's polling fragment by the id the
server announced. Nothing is drawn, so the machine's time goes to the
server, not to browsers.

Two phases: idle (nobody acts), then a stream of actions (a player in each
room pauses or resumes the game every few seconds) to measure how long a
change takes to reach every screen of its room. The same idle clients are
then run against a bare Streamlit app with an empty one-second fragment,
started by the benchmark, for the ratio.

It prints the server's CPU (% of a core, ms per poll), poll latency
p50/p95/p99, the share of polls dropped (a tick that came while the
previous poll was still unanswered), propagation p50/p95/max, and the
server's memory. It prints figures and fails nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from bench_refresh import cpu_seconds, run_streamlit
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from oneword.engine import Pause, PickTeam, Resume, Team
from oneword.service import RoomService, Seat
from oneword.store import Store

ROOT = Path(__file__).resolve().parents[1]
BARE_APP = """
import streamlit as st


@st.fragment(run_every=1.0)
def tick():
    pass


tick()
"""
FULL_RUN = ForwardMsg.FINISHED_SUCCESSFULLY
RESPONSE_LIMIT = 10.0
"""Seconds after which an unanswered poll is given up on."""


@dataclass
class Client:
    """One browser tab's side of the protocol, with what it measured."""

    url: str
    code: str
    token: str | None
    page: str
    fragment: str | None = None
    interval: float = 1.0
    page_hash: str = ""
    pages: dict[str, str] = field(default_factory=dict)
    sent_at: float | None = None
    running: bool = False
    latencies: list[float] = field(default_factory=list)
    dropped: int = 0
    full_runs: list[float] = field(default_factory=list)

    @property
    def here(self) -> str:
        """The page the server last ran for this tab."""
        return self.pages.get(self.page_hash, "?")

    def first_request(self) -> bytes:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = f"room={self.code}" if self.token else f"watch={self.code}"
        state.page_name = self.page
        state.context_info.url = f"{self.url}/{self.page}?{state.query_string}"
        return bytes(message.SerializeToString())

    def poll_request(self) -> bytes:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = f"room={self.code}"
        state.page_script_hash = self.page_hash
        state.fragment_id = self.fragment or ""
        state.is_auto_rerun = True
        return bytes(message.SerializeToString())

    def receive(self, data: bytes, now: float) -> None:
        message = ForwardMsg.FromString(data)
        kind = message.WhichOneof("type")
        if kind == "navigation":
            self.pages = {p.page_script_hash: p.url_pathname for p in message.navigation.app_pages}
            self.page_hash = message.navigation.page_script_hash
        elif kind == "session_status_changed":
            self.running = message.session_status_changed.script_is_running
        elif kind == "auto_rerun":
            self.fragment = message.auto_rerun.fragment_id
            self.interval = message.auto_rerun.interval
        elif kind == "script_finished":
            if self.sent_at is not None:
                self.latencies.append(now - self.sent_at)
                self.sent_at = None
            if message.script_finished == FULL_RUN:
                self.full_runs.append(now)


async def run_client(client: Client, stop: float) -> None:
    host = client.url.split("//", 1)[1]
    cookie = f"oneword_seat_{client.code}={client.token}" if client.token else ""
    headers = {"Origin": client.url, **({"Cookie": cookie} if cookie else {})}
    async with websockets.connect(
        f"ws://{host}/_stcore/stream",
        subprotocols=[websockets.Subprotocol("streamlit")],
        additional_headers=headers,
        max_size=None,
    ) as socket:
        await socket.send(client.first_request())
        reader = asyncio.create_task(_read(socket, client))
        try:
            await _tick(socket, client, stop)
        finally:
            reader.cancel()


async def _read(socket: websockets.ClientConnection, client: Client) -> None:
    async for data in socket:
        if isinstance(data, bytes):
            client.receive(data, time.monotonic())


async def _tick(socket: websockets.ClientConnection, client: Client, stop: float) -> None:
    """Every interval, rerun the fragment, as the browser's timer does (and,
    as the browser does, not while the server says a run is going on)."""
    while time.monotonic() < stop:
        await asyncio.sleep(client.interval)
        if client.fragment is None or client.running:
            continue
        now = time.monotonic()
        if client.sent_at is not None and now - client.sent_at < RESPONSE_LIMIT:
            client.dropped += 1
            continue
        client.sent_at = now
        await socket.send(client.poll_request())


@dataclass
class Actions:
    """Pause and resume in every room in turn, with when each happened."""

    service: RoomService
    seats: list[Seat]
    every: float
    done: list[tuple[str, float]] = field(default_factory=list)

    async def run(self, start: float, stop: float) -> None:
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        paused: set[str] = set()
        rooms = {seat.code: seat for seat in self.seats}
        while time.monotonic() < stop - 3:
            for code, seat in rooms.items():
                action = Resume() if code in paused else Pause()
                await asyncio.to_thread(self.service.act, code, seat.token, action)
                paused ^= {code}
                self.done.append((code, time.monotonic()))
                # Out of step with the pages' ticks, as a player's tap is.
                await asyncio.sleep(self.every / len(rooms) * random.uniform(0.5, 1.5))


@dataclass(frozen=True)
class Figures:
    cpu_percent: float
    cpu_ms_per_poll: float
    polls: int
    latencies: list[float]
    dropped_percent: float
    rss_mb: float
    pages: Counter[str]


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def seat_rooms(db: Path, clients: int, rooms: int) -> list[Seat]:
    """`rooms` running Versus games with `clients` players between them."""
    service = RoomService(Store(db))
    seats: list[Seat] = []
    for room in range(rooms):
        size = clients // rooms + (1 if room < clients % rooms else 0)
        host = service.create_room(f"Host {room}")
        members = [host] + [service.join(host.code, f"Player {i}") for i in range(1, size)]
        for i, seat in enumerate(members):
            service.act(seat.code, seat.token, PickTeam(team=Team.RED if i % 2 else Team.BLUE))
        service.start_game(host.code, host.token)
        seats += members
    return seats


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def measure(
    process: subprocess.Popen[bytes],
    clients: list[Client],
    seconds: float,
    actions: Actions | None = None,
) -> Figures:
    """Connect every client, let them settle, then measure for `seconds`."""
    settle = 5.0 + len(clients) / 50
    begin = time.monotonic() + settle
    stop = begin + seconds
    tasks = [asyncio.create_task(run_client(c, stop)) for c in clients]
    if actions is not None:
        tasks.append(asyncio.create_task(actions.run(begin, stop)))
    await asyncio.sleep(settle)
    for client in clients:  # only what happens from here on counts
        client.latencies.clear()
        client.dropped = 0
    start_cpu = cpu_seconds(process.pid)
    await asyncio.sleep(seconds)
    used = cpu_seconds(process.pid) - start_cpu
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = [x for c in clients for x in c.latencies]
    dropped = sum(c.dropped for c in clients)
    return Figures(
        cpu_percent=used / seconds * 100,
        cpu_ms_per_poll=used * 1000 / max(1, len(latencies)),
        polls=len(latencies),
        latencies=latencies,
        dropped_percent=100 * dropped / max(1, dropped + len(latencies)),
        rss_mb=rss_mb(process.pid),
        pages=Counter(c.here for c in clients),
    )


def propagation(clients: list[Client], actions: Actions) -> list[float]:
    """For each action, how long until each page of its room had rerun."""
    delays = []
    for code, at in actions.done:
        for client in (c for c in clients if c.code == code):
            seen = [t for t in client.full_runs if t > at]
            if seen:
                delays.append(seen[0] - at)
    return delays


def report(label: str, got: Figures) -> None:
    ms = [x * 1000 for x in got.latencies]
    print(
        f"  {label:22} CPU {got.cpu_percent:5.1f}% of a core, {got.cpu_ms_per_poll:5.2f} ms/poll;"
        f" poll p50 {percentile(ms, 0.5):6.1f} p95 {percentile(ms, 0.95):7.1f}"
        f" p99 {percentile(ms, 0.99):7.1f} ms; dropped {got.dropped_percent:4.1f}%;"
        f" RSS {got.rss_mb:4.0f} MB"
    )


def app_clients(url: str, seats: list[Seat]) -> list[Client]:
    return [Client(url=url, code=s.code, token=s.token, page="board") for s in seats]


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        seats = seat_rooms(db, args.clients, args.rooms)
        bare_script = Path(folder) / "bare_app.py"
        bare_script.write_text(BARE_APP, encoding="utf-8")
        print(f"{args.clients} clients in {args.rooms} rooms, {args.seconds:.0f} s a phase:")

        process, url = run_streamlit(ROOT / "streamlit_app.py", db)
        try:
            idle = await measure(process, app_clients(url, seats), args.seconds)
            report("app, idle", idle)
            print(f"  {'':22} pages reached: {dict(idle.pages)}")
            clients = app_clients(url, seats)
            hosts = list({s.code: s for s in reversed(seats)}.values())  # each room's host
            actions = Actions(RoomService(Store(db)), hosts, every=args.action_every)
            busy = await measure(process, clients, args.seconds, actions)
            report("app, actions", busy)
            delays = propagation(clients, actions)
            print(
                f"  {'':22} {len(actions.done)} actions; change on every screen of the room:"
                f" p50 {percentile(delays, 0.5):.2f} s, p95 {percentile(delays, 0.95):.2f} s,"
                f" max {max(delays, default=float('nan')):.2f} s"
            )
        finally:
            _stop(process)

        process, url = run_streamlit(bare_script, db)
        try:
            bare_clients = [Client(url=url, code=s.code, token=s.token, page="") for s in seats]
            bare = await measure(process, bare_clients, args.seconds)
            report("bare app, idle", bare)
        finally:
            _stop(process)
        ratio = idle.cpu_ms_per_poll / bare.cpu_ms_per_poll if bare.cpu_ms_per_poll else 0
        print(f"  idle CPU per poll, app / bare: {ratio:.2f}x")


def _stop(process: subprocess.Popen[bytes]) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(timeout=15)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--rooms", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--action-every", type=float, default=2.0, help="seconds between actions in a room"
    )
    args = parser.parse_args()
    if not 4 * args.rooms <= args.clients <= 10 * args.rooms:
        parser.error("each room needs 4 to 10 players")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()

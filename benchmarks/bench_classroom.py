"""A school on one server: many players' pages polling, measured at the
protocol level (docs/rules.md H-1; docs/design.md, "Refresh and the database").

    python -m pip install -e ".[bench]"
    python benchmarks/bench_classroom.py --clients 40 --rooms 4 --seconds 20 --rounds 3
    python benchmarks/bench_classroom.py --clients 400 --rooms 40 --servers 2
    python benchmarks/bench_classroom.py --curve [--servers 2]

Seats `--clients` players over `--rooms` running Versus games on a fresh
SQLite file, starts real `streamlit run` servers, and connects one client
per seat that speaks Streamlit's websocket protocol as a browser tab does:
it carries the seat's cookie, asks for its page with the room in the query
string, and reruns the page's polling fragment by the id and at the
interval the server announced (every second, slower on a server that is
behind). Each client's timer starts at a random moment of its
first second, as pages opened one after another do; with `--in-step`
every client polls at the same moment (the worst case for bursts).
Nothing is drawn, so the machine's time goes to the server, not to
browsers.

With `--servers N` there are N app processes over the same SQLite file
behind nginx with sticky sessions (as deploy/nginx-sticky.conf, one
upstream per process; each client carries the balancer's cookie for its
process, handed out in turn), and CPU is the sum over the processes.

Phases: idle (nobody acts), alternating with the same clients against a
bare Streamlit app (an empty one-second fragment, as many processes)
`--rounds` times, so the app / bare ratio of each round is measured under
the same load from elsewhere on the machine; then a stream of actions (a
player in each room pauses or resumes the game every few seconds, from a
process of its own, as another server would) to measure how long a
change takes to reach every screen of its room; `--in-process` applies
those actions through the app server itself (a page's own click).

It prints the servers' CPU (% of a core, ms per poll), poll latency
p50/p95/p99, the share of polls dropped (a tick that came while the
previous poll was still unanswered), how often the tabs were told to
poll, how many players the rooms count as away at the end, propagation
p50/p95/max, and the servers' memory. It prints figures and fails
nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from bench_cluster import COOKIE, Cluster, start_cluster
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from oneword.engine import Pause, PickTeam, Resume, Team
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

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
    route: str = ""
    """The balancer's cookie for this tab's server ("" with one server)."""
    fragment: str | None = None
    interval: float = 1.0
    in_step: bool = False
    """Start the timer at once, in step with every other client."""
    page_hash: str = ""
    pages: dict[str, str] = field(default_factory=dict)
    sent_at: float | None = None
    running: bool = False
    latencies: list[float] = field(default_factory=list)
    dropped: int = 0
    redraws: list[float] = field(default_factory=list)
    """When a run that drew the page's screen ended: a full run, or a run
    of the screen fragment (deltas of a fragment other than the poll's)."""
    drawing: bool = False
    pause_button: str | None = None
    """The id of the page's Pause / Resume button, once drawn."""
    socket: websockets.ClientConnection | None = None
    query: str = ""
    """The page's query string, when it is not a seat's or a watch page's
    (a class page's `class=CODE`)."""
    cookies: tuple[str, ...] = ()
    """More cookies the tab carries (a teacher's key to a class)."""

    @property
    def query_string(self) -> str:
        if self.query:
            return self.query
        return f"room={self.code}" if self.token else f"watch={self.code}"

    @property
    def here(self) -> str:
        """The page the server last ran for this tab."""
        return self.pages.get(self.page_hash, "?")

    def first_request(self) -> bytes:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query_string
        state.page_name = self.page
        state.context_info.url = f"{self.url}/{self.page}?{state.query_string}"
        return bytes(message.SerializeToString())

    def poll_request(self) -> bytes:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query_string
        state.page_script_hash = self.page_hash
        state.fragment_id = self.fragment or ""
        state.is_auto_rerun = True
        return bytes(message.SerializeToString())

    def click_request(self) -> bytes:
        """A tap on the page's Pause / Resume button, as the browser sends it."""
        message = BackMsg()
        state = message.rerun_script
        state.query_string = f"room={self.code}"
        state.page_script_hash = self.page_hash
        state.widget_states.widgets.add(id=self.pause_button or "", trigger_value=True)
        return bytes(message.SerializeToString())

    def receive(self, data: bytes, now: float) -> None:
        message = ForwardMsg.FromString(data)
        kind = message.WhichOneof("type")
        if kind == "delta" and message.delta.fragment_id not in ("", self.fragment):
            self.drawing = True
        if kind == "delta" and message.delta.new_element.WhichOneof("type") == "button":
            button = message.delta.new_element.button
            if button.id.endswith("-pause"):
                self.pause_button = button.id
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
            if message.script_finished == FULL_RUN or self.drawing:
                self.redraws.append(now)
            self.drawing = False


async def run_client(client: Client, stop: float) -> None:
    host = client.url.split("//", 1)[1]
    cookies = [f"oneword_seat_{client.code}={client.token}"] if client.token else []
    cookies += [f"{COOKIE}={client.route}"] if client.route else []
    cookies += list(client.cookies)
    cookie = "; ".join(cookies)
    headers = {"Origin": client.url, **({"Cookie": cookie} if cookie else {})}
    async with websockets.connect(
        f"ws://{host}/_stcore/stream",
        subprotocols=[websockets.Subprotocol("streamlit")],
        additional_headers=headers,
        max_size=None,
    ) as socket:
        await socket.send(client.first_request())
        client.socket = socket
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
    as the browser does, not while the server says a run is going on). The
    timer starts at a random moment of the first interval (pages opened one
    after another do not poll in step), or at once with `in_step`."""
    if not client.in_step:
        await asyncio.sleep(random.uniform(0, client.interval))
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
    """Pause and resume in every room in turn, with when each happened:
    through the room service from this process (another server's player),
    or, with `clickers`, by tapping the button on a host's page (a player
    of the same server process)."""

    service: RoomService
    seats: list[Seat]
    every: float
    clickers: dict[str, Client] | None = None
    done: list[tuple[str, float]] = field(default_factory=list)

    async def run(self, start: float, stop: float) -> None:
        await asyncio.sleep(max(0.0, start - time.monotonic()))
        paused: set[str] = set()
        rooms = {seat.code: seat for seat in self.seats}
        while time.monotonic() < stop - 3:
            for code, seat in rooms.items():
                clicker = (self.clickers or {}).get(code)
                if clicker is not None and clicker.socket and clicker.pause_button:
                    await clicker.socket.send(clicker.click_request())
                else:
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
    client_cpu_percent: float
    """The load client's own CPU (this process): near a whole core, its
    clients tick late and the figures hold its own delays."""
    polls: int
    latencies: list[float]
    dropped_percent: float
    rss_mb: float
    pages: Counter[str]
    paces: Counter[float]
    """How often the tabs were told to poll, at the end (seconds: tabs)."""


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


def away(db: Path, seats: list[Seat]) -> int:
    """How many of the seats their rooms count as away (X-4 to X-7)."""
    service = RoomService(Store(db))
    count = 0
    for code in {seat.code for seat in seats}:
        view = service.view(code, None)
        count += sum(1 for member in view.members if not member.connected)
    return count


async def measure(
    cluster: Cluster,
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
    start_cpu = cluster.cpu_seconds()
    start_own = time.process_time()
    await asyncio.sleep(seconds)
    used = cluster.cpu_seconds() - start_cpu
    own = time.process_time() - start_own
    await asyncio.gather(*tasks, return_exceptions=True)
    latencies = [x for c in clients for x in c.latencies]
    dropped = sum(c.dropped for c in clients)
    return Figures(
        cpu_percent=used / seconds * 100,
        cpu_ms_per_poll=used * 1000 / max(1, len(latencies)),
        client_cpu_percent=own / seconds * 100,
        polls=len(latencies),
        latencies=latencies,
        dropped_percent=100 * dropped / max(1, dropped + len(latencies)),
        rss_mb=cluster.rss_mb(),
        pages=Counter(c.here for c in clients),
        paces=Counter(c.interval for c in clients),
    )


def propagation(clients: list[Client], actions: Actions) -> list[float]:
    """For each action, how long until each page of its room had redrawn."""
    delays = []
    for code, at in actions.done:
        for client in (c for c in clients if c.code == code):
            seen = [t for t in client.redraws if t > at]
            if seen:
                delays.append(seen[0] - at)
    return delays


def report(label: str, got: Figures) -> None:
    ms = [x * 1000 for x in got.latencies]
    print(
        f"  {label:22} CPU {got.cpu_percent:5.1f}% of a core, {got.cpu_ms_per_poll:5.2f} ms/poll;"
        f" poll p50 {percentile(ms, 0.5):6.1f} p95 {percentile(ms, 0.95):7.1f}"
        f" p99 {percentile(ms, 0.99):7.1f} ms; dropped {got.dropped_percent:4.1f}%;"
        f" RSS {got.rss_mb:4.0f} MB; load client CPU {got.client_cpu_percent:3.0f}%"
    )
    paces = ", ".join(f"{every:g} s: {tabs}" for every, tabs in sorted(got.paces.items()))
    print(f"  {'':22} tabs polling every {paces}")


def clients_for(
    cluster: Cluster, seats: list[Seat], page: str, in_step: bool = False
) -> list[Client]:
    """One client per seat, handed to the cluster's servers in turn."""
    routes = cluster.routes
    return [
        Client(cluster.url, s.code, s.token, page, route=routes[i % len(routes)], in_step=in_step)
        for i, s in enumerate(seats)
    ]


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        seats = seat_rooms(db, args.clients, args.rooms)
        bare_script = Path(folder) / "bare_app.py"
        bare_script.write_text(BARE_APP, encoding="utf-8")
        print(
            f"{args.clients} clients in {args.rooms} rooms, {args.servers} app process(es),"
            f" {args.seconds:.0f} s a phase:"
        )
        app = start_cluster(ROOT / "streamlit_app.py", db, args.servers, Path(folder) / "app")
        bare = start_cluster(bare_script, db, args.servers, Path(folder) / "bare")
        try:
            ratios = []
            for round_ in range(1, args.rounds + 1):
                idle = await measure(
                    app, clients_for(app, seats, "board", args.in_step), args.seconds
                )
                report(f"app, idle ({round_})", idle)
                if round_ == 1:
                    print(f"  {'':22} pages reached: {dict(idle.pages)}")
                empty = await measure(
                    bare, clients_for(bare, seats, "", args.in_step), args.seconds
                )
                report(f"bare app, idle ({round_})", empty)
                ratio = idle.cpu_ms_per_poll / empty.cpu_ms_per_poll if empty.polls else 0.0
                ratios.append(ratio)
                print(f"  {'':22} idle CPU per poll, app / bare: {ratio:.2f}x")
            bare.stop()
            if ratios:  # --rounds 0: the actions phase alone
                print(
                    f"  idle app / bare, median of {len(ratios)}: {statistics.median(ratios):.2f}x"
                )
            await actions_phase(args, app, db, seats)
        finally:
            for cluster in (app, bare):
                with contextlib.suppress(ProcessLookupError, subprocess.TimeoutExpired):
                    cluster.stop()


async def actions_phase(
    args: argparse.Namespace, app: Cluster, db: Path, seats: list[Seat]
) -> tuple[Figures, list[float]]:
    """Pause and resume in every room while every page polls."""
    clients = clients_for(app, seats, "board", args.in_step)
    hosts = list({s.code: s for s in reversed(seats)}.values())  # each room's host
    actions = Actions(RoomService(Store(db)), hosts, every=args.action_every)
    if args.in_process:
        host_tokens = {s.token for s in hosts}
        actions.clickers = {c.code: c for c in clients if c.token in host_tokens}
    busy = await measure(app, clients, args.seconds, actions)
    report("app, actions" + (" (taps)" if args.in_process else ""), busy)
    delays = propagation([c for c in clients if c.token not in {s.token for s in hosts}], actions)
    print(
        f"  {'':22} {len(actions.done)} actions; change on every screen of the room:"
        f" p50 {percentile(delays, 0.5):.2f} s, p95 {percentile(delays, 0.95):.2f} s,"
        f" max {max(delays, default=float('nan')):.2f} s; players counted away: {away(db, seats)}"
    )
    return busy, delays


CURVE = (40, 100, 200, 300, 400)
"""Tabs at each point of `--curve`, in rooms of ten."""


async def curve(args: argparse.Namespace) -> None:
    """The whole curve in one run: at each number of tabs, the app idle,
    the bare app idle and the app with actions (fresh rooms each time),
    then one table of it all."""
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        bare_script = Path(folder) / "bare_app.py"
        bare_script.write_text(BARE_APP, encoding="utf-8")
        app = start_cluster(ROOT / "streamlit_app.py", db, args.servers, Path(folder) / "app")
        bare = start_cluster(bare_script, db, args.servers, Path(folder) / "bare")
        try:
            for tabs in CURVE:
                print(f"{tabs} tabs in rooms of 10, {args.servers} app process(es):")
                seats = seat_rooms(db, tabs, tabs // 10)
                idle = await measure(app, clients_for(app, seats, "board"), args.seconds)
                report("app, idle", idle)
                empty = await measure(bare, clients_for(bare, seats, ""), args.seconds)
                report("bare app, idle", empty)
                busy, delays = await actions_phase(args, app, db, seat_rooms(db, tabs, tabs // 10))
                rows.append((tabs, idle, empty, busy, delays))
        finally:
            for cluster in (app, bare):
                with contextlib.suppress(ProcessLookupError, subprocess.TimeoutExpired):
                    cluster.stop()
    print_curve(rows)


def print_curve(rows: list[tuple[int, Figures, Figures, Figures, list[float]]]) -> None:
    """One line per number of tabs, as docs/design.md keeps it."""
    print(
        "\n| tabs | idle: app / bare per poll | idle dropped, app / bare"
        " | actions: CPU | dropped | poll p95 | change p50 / p95 | pace |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for tabs, idle, empty, busy, delays in rows:
        ratio = idle.cpu_ms_per_poll / empty.cpu_ms_per_poll if empty.polls else float("nan")
        ms = [x * 1000 for x in busy.latencies]
        paces = ", ".join(f"{every:g} s" for every in sorted(busy.paces))
        print(
            f"| {tabs} | {ratio:.2f}x | {idle.dropped_percent:.1f}% / {empty.dropped_percent:.1f}%"
            f" | {busy.cpu_percent:.0f}% | {busy.dropped_percent:.1f}%"
            f" | {percentile(ms, 0.95):.0f} ms"
            f" | {percentile(delays, 0.5):.2f} s / {percentile(delays, 0.95):.2f} s | {paces} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--rooms", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--rounds", type=int, default=1, help="idle app / bare pairs (0: actions only)"
    )
    parser.add_argument("--servers", type=int, default=1, help="app processes behind nginx")
    parser.add_argument(
        "--in-process", action="store_true", help="actions are taps on the hosts' pages"
    )
    parser.add_argument(
        "--in-step",
        action="store_true",
        help="every client polls at the same moment of the second (the worst case for bursts)",
    )
    parser.add_argument(
        "--action-every", type=float, default=2.0, help="seconds between actions in a room"
    )
    parser.add_argument(
        "--curve",
        action="store_true",
        help=f"measure {', '.join(map(str, CURVE))} tabs in one run and print a table",
    )
    args = parser.parse_args()
    if args.curve:
        asyncio.run(curve(args))
        return
    if not 4 * args.rooms <= args.clients <= 10 * args.rooms:
        parser.error("each room needs 4 to 10 players")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()

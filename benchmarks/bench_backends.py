"""Act and poll latency on SQLite and on PostgreSQL under the same load
(H-4). Prints figures; it is not a test, so a slow machine fails nothing.

    python benchmarks/bench_backends.py [--processes 2] [--threads 8]
        [--seconds 10] [--act-every 5] [--url postgresql://...]

Each process stands for one app server, each of its threads for one
player's page, with a room service per process (as a server has). Players
sit in lobbies of four spread over the processes. For `--seconds` every
page polls without pause (a real page polls once a second: this is many
pages' worth) and acts every `--act-every` polls (a team pick: one write
that bumps the room's version). The same run is made on a fresh SQLite
file, then on PostgreSQL: the URL given, or a throw-away cluster started
for the run with PostgreSQL's durable defaults (fsync and synchronous
commit on; SQLite runs with its usual synchronous=NORMAL in WAL mode).

Prints p50/p95 of polls and actions in milliseconds, and the calls per
second the whole run served.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oneword.engine import PickTeam, Team
from oneword.service import RoomService, Seat, StorageError
from oneword.storage.backends import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))


@dataclass
class Target:
    """Where the rooms are: a PostgreSQL URL or a SQLite file."""

    url: str | None = None
    path: str | None = None

    def service(self) -> RoomService:
        return RoomService(open_store(url=self.url, sqlite_path=self.path))


def seat_rooms(target: Target, players: int) -> list[Seat]:
    """`players` seats in lobbies of four."""
    service, seats = target.service(), []
    while len(seats) < players:
        host = service.create_room("Host")
        seats += [host] + [service.join(host.code, f"P{i}") for i in range(3)]
    return seats[:players]


def page(
    target: Target,
    service: RoomService,
    seat: Seat,
    until: float,
    act_every: int,
    out: dict[str, list[float]],
) -> None:
    """One page: poll flat out, act every `act_every` polls."""
    polls, acts, team, count = out["poll"], out["act"], Team.RED, 0
    while time.time() < until:
        start = time.perf_counter()
        try:
            service.poll(seat.code, seat.token)
            polls.append(time.perf_counter() - start)
        except StorageError:
            out["busy"].append(0.0)
        count += 1
        if count % act_every == 0:
            team = Team.BLUE if team is Team.RED else Team.RED
            start = time.perf_counter()
            try:
                service.act(seat.code, seat.token, PickTeam(team=team))
                acts.append(time.perf_counter() - start)
            except StorageError:
                out["busy"].append(0.0)


def server(
    target: Target, seats: list[Seat], start_at: float, seconds: float, act_every: int, queue: Any
) -> None:
    """One process: its own service, one thread per seat."""
    service = target.service()
    out: dict[str, list[float]] = {"poll": [], "act": [], "busy": []}
    time.sleep(max(0.0, start_at - time.time()))
    threads = [
        threading.Thread(
            target=page, args=(target, service, seat, start_at + seconds, act_every, out)
        )
        for seat in seats
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    queue.put(out)


def run(target: Target, args: argparse.Namespace) -> dict[str, list[float]]:
    seats = seat_rooms(target, args.processes * args.threads)
    context = mp.get_context("spawn")
    queue = context.Queue()
    start_at = time.time() + 3.0
    workers = [
        context.Process(
            target=server,
            args=(
                target,
                seats[i :: args.processes],
                start_at,
                args.seconds,
                args.act_every,
                queue,
            ),
        )
        for i in range(args.processes)
    ]
    for worker in workers:
        worker.start()
    merged: dict[str, list[float]] = {"poll": [], "act": [], "busy": []}
    for _ in workers:
        for key, values in queue.get().items():
            merged[key] += values
    for worker in workers:
        worker.join()
    return merged


def report(label: str, found: dict[str, list[float]], seconds: float) -> None:
    print(f"{label}")
    for kind in ("poll", "act"):
        values = found[kind]
        if len(values) < 2:
            print(f"  {kind:5s} too few calls")
            continue
        cuts = statistics.quantiles(values, n=100)
        print(
            f"  {kind:5s} p50 {cuts[49] * 1e3:7.2f} ms   p95 {cuts[94] * 1e3:7.2f} ms"
            f"   {len(values) / seconds:8.0f} calls/s"
        )
    print(f"  busy refusals: {len(found['busy'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--act-every", type=int, default=5)
    parser.add_argument("--url", default=None, help="default: a throw-away local cluster")
    args = parser.parse_args()
    pages = args.processes * args.threads
    print(f"{args.processes} processes x {args.threads} pages, {args.seconds:.0f} s each backend")
    with tempfile.TemporaryDirectory() as folder:
        sqlite = run(Target(path=str(Path(folder) / "bench.sqlite3")), args)
    report(f"SQLite ({pages} pages)", sqlite, args.seconds)
    cluster = None
    url = args.url
    if url is None:
        import pg_cluster

        reason = pg_cluster.missing()
        if reason is not None:
            print(f"PostgreSQL skipped: {reason}")
            return
        cluster = pg_cluster.start(fast=False)
        url = cluster.new_schema()
    try:
        postgres = run(Target(url=url), args)
    finally:
        if cluster is not None:
            cluster.stop()
    report(f"PostgreSQL ({pages} pages)", postgres, args.seconds)


if __name__ == "__main__":
    main()

"""How the room service holds up when many processes share one SQLite file
(docs/design.md, "Refresh and the database"). Prints figures; it is not a test,
so a slow machine fails nothing.

    python benchmarks/bench_contention.py [--workers 40] [--seconds 10]
        [--act-every 5] [--stuck 0] [--db PATH]

Each worker is one player's page in a process of its own, with its own
`RoomService` over the same file, in lobbies of four. For `--seconds` it
polls without pause, as fast as it can (a page polls once a second: this
is many pages' worth), acts every `--act-every` polls (a team pick: one
write that bumps the room's version), and when a poll finds a new version
it reads the room again as a page's rerun does (`enter`). With `--stuck S`
another process holds the write lock for S seconds in the middle of the
run, to show that polls do not wait for it (their heartbeat is skipped)
while actions queue, and are refused as busy after the busy timeout.

Prints p50/p99/max latency of polls, page reruns and actions, the busy
refusals (a poll is refused as busy only when the store had no sign of
life for SERVER_AWAY_AFTER and the gap cannot be recorded yet; the page
ignores it), and the heartbeats and timer checks that polls skipped.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import TypeVar

from oneword.engine import PickTeam, Refusal, Team
from oneword.engine.errors import Reason
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

T = TypeVar("T")
NAMES = ["Ana", "Bo", "Cy", "Di"]
JOIN_TIMEOUT = 60.0
"""Seconds past the run a worker may take to report before it is stopped."""


@dataclass
class Tally:
    """One worker's figures: latencies in milliseconds, and counts."""

    poll: list[float] = field(default_factory=list)
    enter: list[float] = field(default_factory=list)
    act: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    skipped: int = 0

    def count(self, call: str, refusal: Refusal) -> None:
        self.refused[f"{call} {refusal.code}"] += 1

    def add(self, other: Tally) -> None:
        self.poll += other.poll
        self.enter += other.enter
        self.act += other.act
        self.refused += other.refused
        self.skipped += other.skipped


def seat_players(path: Path, count: int) -> list[Seat]:
    """`count` seats in lobbies of four, made before the workers start."""
    service = RoomService(Store(path))
    seats: list[Seat] = []
    while len(seats) < count:
        host = service.create_room(NAMES[0])
        seats += [host] + [service.join(host.code, name) for name in NAMES[1:]]
    service.store.close()
    return seats[:count]


def timed(samples: list[float], call: Callable[..., T], *args: object) -> T:
    """`call(*args)`, its time in milliseconds added to `samples`."""
    start = time.perf_counter()
    try:
        return call(*args)
    finally:
        samples.append((time.perf_counter() - start) * 1000)


def play(
    path: Path,
    seat: Seat,
    act_every: int,
    until: float,
    go: Event,
    out: mp.Queue,  # type: ignore[type-arg]
) -> None:
    """One page: poll, act now and then, reread the room when it changed."""
    service = RoomService(Store(path))
    tally, seen, polls = Tally(), 0, 0
    go.wait()
    while time.time() < until:
        polls += 1
        try:
            version = timed(tally.poll, service.poll, seat.code, seat.token)
            if version != seen:
                seen = timed(tally.enter, service.enter, seat.code, seat.token).version
        except Refusal as refusal:
            tally.count("poll", refusal)
        if polls % act_every == 0:
            pick = PickTeam(team=Team.RED if polls // act_every % 2 else Team.BLUE)
            try:
                timed(tally.act, service.act, seat.code, seat.token, pick)
            except Refusal as refusal:
                tally.count("act", refusal)
    tally.skipped = service.skipped_writes
    out.put(tally)


def hold_lock(path: Path, after: float, seconds: float, go: Event) -> None:
    """A stuck writer: BEGIN IMMEDIATE, then nothing for `seconds`."""
    go.wait()
    time.sleep(after)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    time.sleep(seconds)
    conn.execute("ROLLBACK")
    conn.close()


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def report(tally: Tally, args: argparse.Namespace) -> None:
    stuck = f"{args.stuck:g} s in the middle" if args.stuck else "none"
    print(
        f"{args.workers} worker processes, {args.seconds:g} s, one SQLite file "
        f"({math.ceil(args.workers / 4)} lobbies of 4), an action every {args.act_every} polls, "
        f"stuck writer: {stuck}"
    )
    print(f"{'':8}{'calls':>9}{'p50 ms':>10}{'p99 ms':>10}{'max ms':>10}")
    for name, samples in (("poll", tally.poll), ("rerun", tally.enter), ("act", tally.act)):
        if samples:
            print(
                f"{name:8}{len(samples):9d}{statistics.median(samples):10.2f}"
                f"{percentile(samples, 0.99):10.2f}{max(samples):10.2f}"
            )
    busy = {call: tally.refused[f"{call} {Reason.STORAGE_BUSY}"] for call in ("act", "poll")}
    others = sum(tally.refused.values()) - sum(busy.values())
    print(f"busy refusals: {busy['act']} actions, {busy['poll']} polls; other refusals: {others}")
    print(f"heartbeats and timer checks that polls skipped (lock busy): {tally.skipped}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--act-every", type=int, default=5, help="polls between two actions")
    parser.add_argument("--stuck", type=float, default=0.0, help="seconds a writer holds the lock")
    parser.add_argument("--db", type=Path, default=None, help="default: a temporary file")
    args = parser.parse_args()
    # fork: forty interpreters importing the app would take longer than the run
    context = mp.get_context("fork") if sys.platform.startswith("linux") else mp.get_context()
    with tempfile.TemporaryDirectory() as folder:
        path = args.db or Path(folder) / "contention.sqlite3"
        seats = seat_players(path, args.workers)
        go, out = context.Event(), context.Queue()
        until = time.time() + 3.0 + args.seconds  # time for every worker to start
        workers = [
            context.Process(target=play, args=(path, seat, args.act_every, until, go, out))
            for seat in seats
        ]
        if args.stuck:
            middle = 3.0 + (args.seconds - args.stuck) / 2
            workers.append(context.Process(target=hold_lock, args=(path, middle, args.stuck, go)))
        for worker in workers:
            worker.start()
        go.set()
        total = Tally()
        for _ in seats:
            total.add(out.get(timeout=until - time.time() + JOIN_TIMEOUT))
        for worker in workers:
            worker.join(timeout=JOIN_TIMEOUT)
            if worker.is_alive():
                worker.terminate()
        report(total, args)


if __name__ == "__main__":
    main()

"""How much a page's 1 s poll and a player's action cost (docs/design.md:
"Refresh"). Prints figures; it is not a test, so a slow machine fails nothing.

    python benchmarks/bench_poll.py [--rounds 2000] [--db PATH]

The room is a running 8-player Versus game in a fresh SQLite file. Time
is a fake clock that stands still, so a poll takes its common path: one
query, no heartbeat write, no state parsing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from oneword.engine import INFINITY, GiveClue, Mark, PickTeam, Team
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def running_game(service: RoomService) -> tuple[list[Seat], Seat, int]:
    """Seats, a guesser of the playing team, and a closed card to mark."""
    host = service.create_room(NAMES[0])
    seats = [host] + [service.join(host.code, name) for name in NAMES[1:]]
    for i, seat in enumerate(seats):
        service.act(seat.code, seat.token, PickTeam(team=list(Team)[i % 2]))
    service.start_game(host.code, host.token)
    views = {seat: service.view(seat.code, seat.token).game for seat in seats}
    captain = next(
        s
        for s, g in views.items()
        if g and g.seat == "captain" and g.turn and g.turn.team is g.your_team
    )
    service.act(captain.code, captain.token, GiveClue(word="qwrtz", number=INFINITY))
    guesser = next(
        s
        for s, g in views.items()
        if g and g.seat == "guesser" and g.turn and g.turn.team is g.your_team
    )
    return seats, guesser, 0


def per_call(rounds: int, call: Callable[[], object]) -> tuple[float, float]:
    """Median and mean microseconds per call, over 5 batches."""
    batches = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(rounds // 5):
            call()
        batches.append((time.perf_counter() - start) / (rounds // 5) * 1e6)
    return statistics.median(batches), statistics.fmean(batches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--db", type=Path, default=None, help="default: a temporary file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.db or Path(folder) / "bench.sqlite3"
        clock = Clock()
        service = RoomService(Store(path), clock=clock)
        seats, guesser, card = running_game(service)
        code, token = guesser.code, guesser.token
        rows = [
            ("poll (player, common path)", lambda: service.poll(code, token)),
            ("poll (watch page)", lambda: service.poll(code, None)),
            ("heartbeat (one write)", lambda: service.heartbeat(code, token)),
            ("view (load + view_for)", lambda: service.view(code, token)),
            ("act (Mark, full transaction)", lambda: service.act(code, token, Mark(card=card))),
        ]
        print(f"SQLite file: {path}  ({len(seats)} players, {args.rounds} calls each)")
        for label, call in rows:
            median, mean = per_call(args.rounds, call)
            print(f"{label:32s} {median:8.0f} µs median  {mean:8.0f} µs mean")


if __name__ == "__main__":
    main()

"""What creating a room costs as rooms pile up (docs/design.md, "The store":
cleanup). Prints figures; it is not a test.

    python benchmarks/bench_rooms.py --rooms 100 1000 10000

For each count, a fresh SQLite file is filled with that many live lobbies
(copies of one real room, written directly, changed a minute ago) and a
tenth as many abandoned ones (unchanged and unheard for two days), and
then `create_room` is timed: as a player meets it (a cleanup batch at most
once a minute per process), and with a cleanup batch on every creation
(the worst case, when rooms expire faster than that) until the abandoned
rooms are gone.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from oneword.service import RoomService, codes, hash_token
from oneword.service.codec import parse_state, room_record
from oneword.storage.sqlite_store import Store


class Clock:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


def fill(service: RoomService, count: int, now: float) -> None:
    """`count` live lobbies and `count // 10` abandoned ones."""
    seat = service.create_room("Template")
    with service.store.read() as tx:
        stored = tx.load(seat.code)
    assert stored is not None
    record = room_record(parse_state(stored.state_json))
    member = seat.member_id
    with service.store.write() as tx:
        for i in range(count + count // 10):
            code = codes.unique_code(tx.code_taken)
            at = now - 60 if i < count else now - 2 * 86400
            tx.add_player(code, member, hash_token(f"t{i}"), "Host", False, at)
            tx.insert_room(code, record, at)


def time_creations(service: RoomService, clock: Clock, times: int, every: bool) -> list[float]:
    taken = []
    for _ in range(times):
        if every:
            service._cleaned_at = -float("inf")
        clock.now += 0.5
        start = time.perf_counter()
        service.create_room("Ana")
        taken.append((time.perf_counter() - start) * 1000)
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--times", type=int, default=200)
    args = parser.parse_args()
    for count in args.rooms:
        with tempfile.TemporaryDirectory() as folder:
            clock = Clock()
            service = RoomService(Store(Path(folder) / "rooms.sqlite3"), clock=clock)
            fill(service, count, clock.now)
            usual = time_creations(service, clock, args.times, every=False)
            worst = time_creations(service, clock, args.times, every=True)
        print(
            f"{count:6d} rooms: create_room median {statistics.median(usual):5.2f} ms,"
            f" p95 {sorted(usual)[int(0.95 * len(usual))]:5.2f} ms;"
            f" with a cleanup batch each time: median {statistics.median(worst):5.2f} ms,"
            f" p95 {sorted(worst)[int(0.95 * len(worst))]:5.2f} ms"
        )


if __name__ == "__main__":
    main()

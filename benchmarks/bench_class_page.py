"""A whole class on one server: what the teacher's class page costs the
server against one watch page per room.

    python -m pip install -e ".[bench]"
    python benchmarks/bench_class_page.py --students 30 --rooms 4 --seconds 20

Makes a class of `--students` in `--rooms` rooms on a fresh SQLite file
(every student seated, every room's game started), starts one real
`streamlit run` server, then measures its CPU for `--seconds` while:

1. one tab holds the teacher's class page (its rooms' fragment reruns
   at the interval the server announces, every 2 s);
2. one tab per room holds that room's watch page (each polls every
   second, as a projector's would).

Each phase runs alone, with and without a stream of pauses and resumes
in every room (a change every `--action-every` seconds a room, from this
process, as another server's player would), so the figures show what
the class page costs while rooms change and while they stand still. The
students' own pages are not open: they cost the same either way. It
prints figures and fails nothing (the benchmarks' clients from
`bench_classroom.py` speak Streamlit's websocket protocol as a tab does).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import subprocess
import tempfile
from pathlib import Path

from bench_classroom import Actions, Client, Figures, measure
from bench_cluster import Cluster, start_cluster

from oneword.classes.keys import room_key
from oneword.classes.models import ClassSettings
from oneword.classes.service import ClassSeat, ClassService
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

ROOT = Path(__file__).resolve().parents[1]


def make_class(db: Path, students: int, rooms: int) -> ClassSeat:
    """A class with every student seated and every room's game started."""
    classes = ClassService(RoomService(Store(db)))
    names = [f"Student {n}" for n in range(1, students + 1)]
    made = classes.create("Ms Reed", "\n".join(names), rooms, ClassSettings())
    for name in names:
        classes.join(made.code, name)
    refused = {room: r for room, r in classes.start_all(made.code, made.key).items() if r}
    if refused:
        raise SystemExit(f"rooms that did not start: {refused}")
    return made


def class_tab(cluster: Cluster, made: ClassSeat) -> Client:
    return Client(
        cluster.url,
        made.code,
        None,
        "class",
        query=f"class={made.code}",
        cookies=(f"oneword_class_{made.code}={made.key}",),
    )


def watch_tabs(cluster: Cluster, codes: list[str]) -> list[Client]:
    return [Client(cluster.url, code, None, "watch") for code in codes]


def hosts(db: Path, made: ClassSeat) -> list[Seat]:
    """Each room's host seat (the teacher's key for it), for the pauses."""
    whole = ClassService(RoomService(Store(db))).view(made.code, made.key)
    return [
        Seat(room.code, "", room_key(made.key, index)) for index, room in enumerate(whole.rooms)
    ]


def line(label: str, got: Figures, tabs: int) -> None:
    print(
        f"  {label:38} CPU {got.cpu_percent:4.1f}% of a core, {tabs} tab(s),"
        f" {len(got.latencies)} refreshes, {got.cpu_ms_per_poll:5.1f} ms each;"
        f" memory {got.rss_mb:.0f} MB"
    )


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        made = make_class(db, args.students, args.rooms)
        codes = [seat.code for seat in hosts(db, made)]
        print(f"{args.students} students in {args.rooms} rooms, {args.seconds:.0f} s a phase:")
        app = start_cluster(ROOT / "streamlit_app.py", db, 1, Path(folder) / "app")
        try:
            for busy in (False, True):
                where = "rooms changing" if busy else "rooms standing still"
                for label, tabs in (
                    ("the class page", lambda: [class_tab(app, made)]),
                    ("a watch page per room", lambda: watch_tabs(app, codes)),
                ):
                    clients = tabs()
                    ClassService(RoomService(Store(db))).resume_all(made.code, made.key)
                    actions = (
                        Actions(RoomService(Store(db)), hosts(db, made), every=args.action_every)
                        if busy
                        else None
                    )
                    got = await measure(app, clients, args.seconds, actions)
                    line(f"{label}, {where}", got, len(clients))
                    if busy and actions is not None:
                        print(f"  {'':38} {len(actions.done)} pauses and resumes")
        finally:
            with contextlib.suppress(ProcessLookupError, subprocess.TimeoutExpired):
                app.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rooms", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--action-every", type=float, default=2.0, help="seconds between changes in a room"
    )
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()

"""One process of the cross-process race tests (test_backend_race.py).

Reads a task as JSON on stdin, runs it on THREADS threads, each with a
store and service of its own (its own connection), and prints each
thread's results as JSON. Threads wait for the task's wall-clock start
times, so the threads of both processes act at the same moment.

    python tests/service/race_worker.py < task.json
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from service_helpers import click_randomly

from oneword.engine import Open, Refusal
from oneword.engine.errors import Reason
from oneword.service import RoomService, Seat
from oneword.service.errors import StorageError
from oneword.storage.backends import open_store

THREADS = 8
BUSY_TRIES = 10


def service(task: dict[str, Any]) -> RoomService:
    return RoomService(open_store(url=task.get("url"), sqlite_path=task.get("sqlite")))


def wait_until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.time()))


def play(task: dict[str, Any], index: int) -> dict[str, int]:
    """Random clicks from one seat's own view, as `choose` picks them."""
    seat = Seat(*task["seats"][index])
    svc, rng = service(task), random.Random(task["seed"] + index)
    wait_until(task["start_at"])
    return click_randomly(svc, seat, rng, task["rounds"], host=index == 0)


def open_same_card(task: dict[str, Any], index: int) -> list[str]:
    """Each round, every thread opens that round's card at the same moment."""
    seat = Seat(*task["seats"][index % len(task["seats"])])
    svc, results = service(task), []
    for round_number, card in enumerate(task["cards"]):
        wait_until(task["start_at"] + round_number * task["spacing"])
        results.append(outcome(partial(opened, svc, seat, card)))
    return results


def opened(svc: RoomService, seat: Seat, card: int) -> str:
    svc.act(seat.code, seat.token, Open(card=card))
    return "opened"


def join(task: dict[str, Any], index: int) -> str:
    svc = service(task)
    wait_until(task["start_at"])
    name = f"P{task['process']}-{index}"
    return outcome(lambda: svc.join(task["code"], name).member_id)


def outcome(call: Callable[[], str]) -> str:
    """What `call` returns, or the code of its refusal. Told the server is
    busy (on a loaded machine the queue for the room's lock can outlast
    BUSY_TIMEOUT), the thread tries again as a player would, up to
    BUSY_TRIES times: the races must still end with one winner."""
    for _ in range(BUSY_TRIES):
        try:
            return call()
        except StorageError as problem:
            if problem.code != Reason.STORAGE_BUSY:
                raise
        except Refusal as refusal:
            return str(refusal.code)
    return str(Reason.STORAGE_BUSY)


TASKS = {"play": play, "open_same_card": open_same_card, "join": join}


def main() -> None:
    task = json.load(sys.stdin)
    work = TASKS[task["task"]]
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        results = list(pool.map(lambda i: work(task, i), range(THREADS)))
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()

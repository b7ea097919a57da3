"""One process of the exactly-once test (test_profiles_once.py): four
pages that keep reading the room, as open tabs do, and one player who
opens the card that ends the game, all at the task's wall-clock moment.

    python tests/service/profile_end_worker.py < task.json
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from oneword.engine import Open, Refusal
from oneword.service import RoomService, Seat
from oneword.storage.backends import open_store

PAGES = 4


def service(task: dict[str, Any]) -> RoomService:
    return RoomService(open_store(url=task.get("url"), sqlite_path=task.get("sqlite")))


def page(task: dict[str, Any], index: int) -> str:
    """Index 0 opens the card; the others are pages polling until the end."""
    svc = service(task)
    seat = Seat(*task["seats"][index % len(task["seats"])])
    time.sleep(max(0.0, task["start_at"] - time.time()))
    if index == PAGES:
        try:
            svc.act(seat.code, seat.token, Open(card=task["card"]))
            return "opened"
        except Refusal as refusal:
            return str(refusal.code)
    seen = "running"
    for _ in range(200):
        entry = svc.enter(seat.code, seat.token)
        svc.view(seat.code, None)
        if entry.view.game is not None and entry.view.game.outcome is not None:
            seen = "over"
            break
    return seen


def main() -> None:
    task = json.load(sys.stdin)
    with ThreadPoolExecutor(max_workers=PAGES + 1) as pool:
        results = list(pool.map(lambda i: page(task, i), range(PAGES + 1)))
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()

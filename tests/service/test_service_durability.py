"""Rooms live in the file, not in a process (X-8, H-1): another process sees
them, and a restart mid-game loses no timer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from service_helpers import (
    FakeClock,
    alternating,
    make_room,
    pass_time,
    pick_teams,
    roles,
    version_of,
)

from oneword.engine import GiveClue, SetClueTimer
from oneword.engine.models import SkipReason
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store


def run_python(code: str, db_path: Path) -> str:
    """Run `code` in a fresh interpreter with ONEWORD_DB set; its stdout."""
    env = {**os.environ, "ONEWORD_DB": str(db_path)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_second_process_sees_the_room_and_its_writes_come_back(
    service: RoomService, db_path: Path
) -> None:
    host = service.create_room("Ana")
    service.join(host.code, "Bo")
    out = run_python(
        f"""
        import json
        from oneword.service import RoomService
        from oneword.storage.sqlite_store import Store
        service = RoomService(Store())
        seat = service.join({host.code.lower()!r}, "Cy")
        view = service.view({host.code!r}, None)
        print(json.dumps([m.name for m in view.members]))
        """,
        db_path,
    )
    assert json.loads(out) == ["Ana", "Bo", "Cy"]
    assert [m.name for m in service.view(host.code, host.token).members] == ["Ana", "Bo", "Cy"]


def test_a_room_survives_a_restart_mid_game_with_its_timers(
    db_path: Path, clock: FakeClock
) -> None:
    service = RoomService(Store(db_path), clock=clock)
    seats = make_room(service, 4)
    host = seats[0]
    service.act(host.code, host.token, SetClueTimer(seconds=60))
    pick_teams(service, seats, alternating(4))
    service.start_game(host.code, host.token)
    cast = roles(service, seats)
    first = cast.playing
    pass_time(service, clock, 30, host.code, [s.token for s in seats])
    del service

    restarted = RoomService(Store(db_path), clock=clock)
    view = restarted.view(host.code, host.token)
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.team is first and view.game.turn.clue_deadline == clock.now + 30
    version = version_of(restarted.store, host.code)
    pass_time(restarted, clock, 31, host.code, [s.token for s in seats])
    view = restarted.view(host.code, None)
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.team is first.other and view.game.turn.number == 2
    assert view.game.log[-1].skip is SkipReason.TIME_RAN_OUT
    assert version_of(restarted.store, host.code) == version + 1
    captain = cast.captains[first.other]
    view = restarted.act(captain.code, captain.token, GiveClue(word="qwrtz", number=2))
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.clue is not None

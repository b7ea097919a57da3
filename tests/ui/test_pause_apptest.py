"""L-7 through the pages: one player pauses, everyone sees it, anyone
resumes."""

from __future__ import annotations

from pathlib import Path

from apptest_helpers import button, create_room, join_room, room_state, shown


def test_L7_a_player_pauses_and_another_resumes(db_path: Path) -> None:
    host, code = create_room("Ana")
    guests = [join_room(code, name) for name in ("Ben", "Cy", "Dee")]
    host.run()
    button(host, "Start game").click().run()
    button(host, "Pause").click().run()
    assert room_state(db_path, code).paused_at is not None
    for guest in guests:
        guest.run()
        assert any("Paused by Ana" in shown(w.value) for w in guest.warning)
    button(guests[0], "Resume").click().run()
    assert room_state(db_path, code).paused_at is None
    host.run()
    assert not any("Paused by" in shown(w.value) for w in host.warning)
    assert button(host, "Pause")

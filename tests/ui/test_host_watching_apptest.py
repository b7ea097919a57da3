"""L-4 through the lobby page: the host switches on "Host without playing",
is no longer counted or listed on a team, the guests see who hosts, and
the game is dealt to the others while the host keeps the controls."""

from __future__ import annotations

from pathlib import Path

from apptest_helpers import button, create_room, join_room, lobby_lines, room_state, shown

PLAYERS = ("Ben", "Cy", "Dee", "Eve")


def test_L4_a_teacher_hosts_without_playing_and_deals_the_game_to_the_class(
    db_path: Path,
) -> None:
    host, code = create_room("Ms Ada")
    guests = [join_room(code, name) for name in PLAYERS]
    host.run()
    assert any("Players (5 of 10)" in s.value for s in host.subheader)
    host.toggle(key="set_watching").set_value(True).run()
    state = room_state(db_path, code)
    assert [m.name for m in state.members if m.watching] == ["Ms Ada"]
    assert any("Players (4 of 10)" in s.value for s in host.subheader)
    assert not any("Ms Ada" in line for line in lobby_lines(host))  # on no team
    assert not [b for b in host.button if b.label.startswith("Join ")]  # no own choices
    guest = guests[0]
    guest.run()
    assert any("Ms Ada hosts without playing." in shown(c.value) for c in guest.caption)

    button(host, "Start game").click().run()
    game = room_state(db_path, code).game
    assert game is not None
    assert {p.name for p in game.players} == set(PLAYERS)


def test_L4_the_switch_back_to_playing_is_refused_clearly_when_the_room_is_full(
    db_path: Path,
) -> None:
    host, code = create_room("Ms Ada")
    host.toggle(key="set_watching").set_value(True).run()
    for i in range(10):
        join_room(code, f"Kid {i}")
    host.run()
    host.toggle(key="set_watching").set_value(False).run()
    assert any("remove one first" in shown(e.value) for e in host.error)
    assert room_state(db_path, code).member(room_state(db_path, code).host_id).watching  # type: ignore[union-attr]
    assert host.toggle(key="set_watching").value is True

"""K-2 through the pages: a host alone picks Codewords and bots take the
empty seats; the side the host will hand clues to is called by the host's
colour on every control (the bot buttons, the host's move menu), the map's
legend names no green it does not have, and the clue log calls the side
by its colour too."""

from __future__ import annotations

from pathlib import Path

from apptest_helpers import button, control, create_room, room_state

from oneword.engine import Preset, Team
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.view_parts import ClueView, LogEntryView, SideView
from oneword.ui.game_info import _entry_line


def test_K_2_a_side_named_green_is_green_on_every_control(db_path: Path) -> None:
    host, code = create_room("Sol")
    control(host.segmented_control, "set_preset").set_value(Preset.CODEWORDS).run()
    room = room_state(db_path, code)
    assert len(room.members) == 4 and sum(m.bot for m in room.members) == 3
    button(host, "Join Blue").click().run()
    control(host.toggle, "volunteer").set_value(True).run()
    control(host.selectbox, "colour").set_value("green").run()
    labels = [b.label for b in host.button]
    assert "Add bot to ● Green team" in labels, labels
    assert "Move to ● Green" in labels, labels
    assert not any("Blue" in label for label in labels), labels
    button(host, "Lock the sides").click().run()
    assert room_state(db_path, code).sides_locked
    button(host, "Start game").click().run()
    host.run()
    game = room_state(db_path, code).game
    assert isinstance(game, CodewordsGame) and game.side_colours[Team.BLUE] == "green"
    captions = [c.value for c in host.caption]
    legend = next(c for c in captions if c.startswith("Your map"))
    assert "★" not in legend and legend.lower().count("green") == 1, legend


def test_K_2_R_2_the_clue_log_calls_a_side_by_its_colour() -> None:
    entry = LogEntryView(
        turn=1,
        team=Team.RED,
        giver_id="m1",
        giver_name="Sol",
        clue=ClueView(word="ocean", number=2, number_text="2", unlimited=False),
        openings=[],
        skip=None,
        final_round=False,
    )
    green = {Team.RED: SideView(colour="green", name="Green", hex=PALETTE["green"].hex)}
    assert _entry_line(entry, green).startswith("1. ▲ Green · Sol: ocean 2")
    assert _entry_line(entry, {}).startswith("1. ▲ Red · Sol")

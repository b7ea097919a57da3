"""The host's bot controls in the lobby (B-1, B-6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_helpers import button, control, create_room, lobby_lines, room_state

from oneword.engine import Team
from oneword.ui.symbols import team_badge


def test_B1_the_host_adds_a_bot_at_a_level_and_fills_the_room(db_path: Path) -> None:
    host, code = create_room("Ana")
    host.segmented_control(key="bot-level").set_value("hard").run()
    button(host, f"Add bot to {team_badge(Team.RED)} team").click().run()
    bots = [m for m in room_state(db_path, code).members if m.bot]
    assert [(b.team, b.bot_level) for b in bots] == [(Team.RED, "hard")]
    assert any("(bot, hard)" in line for line in lobby_lines(host))
    button(host, "Fill with bots").click().run()
    state = room_state(db_path, code)
    assert len(state.members) == 4
    assert state.host_id == state.members[0].id


def test_B1_bots_are_offered_in_every_word_language(db_path: Path) -> None:
    host, _ = create_room("Ana")
    control(host.selectbox, "set_language").set_value("de").run()
    assert [b for b in host.button if b.label == "Fill with bots"]


def test_B1_the_lobby_says_plainly_when_bots_lack_the_language(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("oneword.bots.LANGUAGES", ("en",))
    host, _ = create_room("Ana")
    control(host.selectbox, "set_language").set_value("de").run()
    assert any("do not play in this language" in i.value for i in host.info)
    assert not [b for b in host.button if "bot" in b.label.lower()]

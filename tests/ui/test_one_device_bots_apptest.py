"""Bots at a one-device table through the pages (B-1, B-5 with O-1, O-2,
O-3): the setup adds a bot at a difficulty and makes it captain; during
its turn the device shows the board and "is thinking", with nothing to
tap; then the people guessing see the bot's clue and play on the device."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from apptest_helpers import open_app, query, room_state, shown, token_of
from streamlit.testing.v1 import AppTest
from test_one_device_apptest import add, click, game_of, html_of, labels, map_on_page

from oneword.engine import EndTurn, GiveClue, Open, StartGuessing, Team
from oneword.engine.models import Colour
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

PACE = 1.0


def _setup_with_a_bot_captain(app: AppTest) -> None:
    click(app, "home-one-device")
    for name in ("Ana", "Bo", "Cy"):
        add(app, name)
    app.segmented_control(key="od_bot_level").set_value("hard").run()
    click(app, "od-add-bot")
    seat_labels = [b.label for b in app.button if b.key and b.key.startswith("od-seat-")]
    assert "Pixel (bot, Hard)" in seat_labels
    click(app, "od-star-3")  # the bot (Blue, the smaller team) captains Blue
    assert app.button(key="od-star-3").label == "★"


def test_B1_O2_the_device_waits_for_a_bot_captain_then_shows_its_clue(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONEWORD_BOT_PACE", str(PACE))
    app = open_app()
    _setup_with_a_bot_captain(app)
    click(app, "od-start")
    code = query(app, "room")
    state = room_state(db_path, code)
    bot = next(m for m in state.members if m.bot)
    assert (bot.name, bot.bot_level, bot.team) == ("Pixel", "hard", Team.BLUE)
    game = game_of(db_path, code)
    if game.starting_team is Team.RED:  # Red's turn first, played on the device
        service = RoomService(Store(db_path))
        token = token_of(app)
        service.table_act(code, token, GiveClue(word="zzyzx", number=1))
        service.act(code, token, StartGuessing())
        service.table_act(code, token, Open(card=game.key.index(Colour.RED)))
        service.table_act(code, token, EndTurn())
        app.run()

    # B-5: the bot's turn: the board and "thinking", no map, nothing to tap.
    assert "Pixel (bot) is thinking of a clue" in html_of(app)
    assert "Show the Map" not in labels(app) and not map_on_page(app)
    time.sleep(PACE + 0.3)
    app.run()
    turn = game_of(db_path, code).turn
    assert turn is not None and turn.clue is not None and turn.team is Team.BLUE
    # O-3: Blue's person guessing sees the bot's clue and starts guessing.
    assert f"{turn.clue.word.upper()} · {turn.clue.number}" in html_of(app)
    click(app, "od-start-guessing")
    card = next(i for i, c in enumerate(game.key) if c is Colour.BLUE)
    click(app, f"card-{card}")
    click(app, "od-open")
    assert game_of(db_path, code).opened[card]
    assert not [e for e in app.error if "bot" in shown(e.value).lower()]

"""One device through the pages without a browser (O-1, O-2, O-3, O-4, O-5): the table is
typed in on one AppTest, which then plays a whole game, passing itself
round: Show the Map, Give the Clue, Start Guessing, Open, End Turn, results,
New Game (Same Teams). The map must be on the page only while it is shown."""

from __future__ import annotations

import re
import time
from pathlib import Path

from apptest_helpers import (
    APP,
    button,
    open_app,
    open_page,
    query,
    room_state,
    shown,
    texts,
    titles,
    token_of,
)
from streamlit.testing.v1 import AppTest

from oneword.engine import Team
from oneword.engine.models import team_colour
from oneword.engine.versus.state import VersusGame
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store


def html_of(app: AppTest) -> str:
    return "\n".join(str(h.value) for h in app.get("html") if hasattr(h, "value"))


def map_on_page(app: AppTest) -> bool:
    """A card drawn from the map: the `ow-map` class on an element (the
    style sheet names the class in every board) or an "on your map" label."""
    page = html_of(app)
    return bool(re.search(r'class="[^"]*\bow-map\b', page)) or "on your map" in page


def labels(app: AppTest) -> list[str]:
    return [b.label for b in app.button]


def add(app: AppTest, name: str) -> None:
    app.text_input(key="od_name").input(name)
    next(b for b in app.get("form_submit_button") if b.label == "Add player").click().run()


def click(app: AppTest, key: str) -> None:
    app.button(key=key).click().run()
    assert not app.exception, app.exception


def game_of(db_path: Path, code: str) -> VersusGame:
    game = room_state(db_path, code).game
    assert isinstance(game, VersusGame)
    return game


def reopen(app: AppTest) -> AppTest:
    """The same URL in a fresh session: a reload."""
    again = open_page("one_device.py", room=query(app, "room"), token=token_of(app))
    assert not again.exception
    return again


def test_O1_to_O5_a_whole_game_on_one_device(db_path: Path) -> None:
    app = open_app()
    click(app, "home-one-device")
    assert titles(app) == ["Play on one device"]

    # O-1: names, with clear refusals for empty, duplicate and too-long ones.
    for name in ("Ana", "Bo", "Cy"):
        add(app, name)
    add(app, "  ")
    assert any("Type the player's name" in shown(e.value) for e in app.error)
    add(app, "ana")
    assert any("already a player called ana" in shown(e.value) for e in app.error)
    add(app, "x" * 30)
    assert any("at most 24 characters" in shown(e.value) for e in app.error)
    assert app.button(key="od-start").disabled
    add(app, "Di")
    assert not app.error
    assert [b.label for b in app.button if b.key and b.key.startswith("od-seat-")] == [
        "Ana",
        "Cy",
        "Bo",
        "Di",
    ], "Red's names, then Blue's"
    assert not app.button(key="od-start").disabled

    # Tap a name: it switches team; Red left with one player cannot start.
    click(app, "od-seat-2")
    assert any("Red needs at least 2 players (now 1)" in shown(i.value) for i in app.info)
    assert app.button(key="od-start").disabled
    click(app, "od-seat-2")
    # Tap a star: Cy becomes Red's captain instead of Ana.
    click(app, "od-star-2")
    assert app.button(key="od-star-2").label == "★"
    assert app.button(key="od-star-0").label == "☆"
    click(app, "od-start")
    code = query(app, "room")
    game = game_of(db_path, code)
    state = room_state(db_path, code)
    names = {m.id: m.name for m in state.members}
    assert names[game.captains[Team.RED]] == "Cy" and names[game.captains[Team.BLUE]] == "Bo"
    assert game.one_device and game.clue_timer == 0

    # O-2: the captain is named; the map appears only on Show the Map.
    turn = game.turn
    assert turn is not None
    team, captain = turn.team, names[game.captains[turn.team]]
    assert any(f"Captain: {captain}." in h for h in [html_of(app)])
    assert not map_on_page(app)
    assert "Give the Clue" not in labels(app)
    click(app, "od-show-map")
    assert map_on_page(app)
    assert reopen(app).button(key="od-show-map"), "a reload hides the map again"
    assert not map_on_page(reopen(app))

    # The clue's fields are one form, sent with the press (no run per field).
    assert app.text_input(key="od_clue_word").form_id == "od-clue-form"
    assert app.segmented_control(key="od_clue_number").form_id == "od-clue-form"

    # A refused clue is explained and the map stays up (C-2, C-6).
    app.text_input(key="od_clue_word").input(next(w for w in game.words if " " not in w))
    app.segmented_control(key="od_clue_number").set_value(0)
    click(app, "od-give-clue")
    assert any("on the board" in shown(e.value) for e in app.error)
    assert map_on_page(app)
    clue = next(w for w in ("zebra", "quartz", "nimbus") if w not in game.words)
    app.text_input(key="od_clue_word").input(clue)
    app.segmented_control(key="od_clue_number").set_value(0)
    click(app, "od-give-clue")
    assert not app.error
    assert not map_on_page(app), "Give the Clue hides the map"
    assert f"{clue.upper()} · 0" in html_of(app)
    assert "Start Guessing" in labels(app)
    assert not any(b.key and b.key.startswith("card-") for b in app.button)

    # O-3: select a card, Open it; End Turn needs one open card.
    click(app, "od-start-guessing")
    assert not map_on_page(app)
    assert app.button(key="od-end-turn").disabled
    own = [i for i, c in enumerate(game.key) if c is team_colour(team)]
    click(app, f"card-{own[0]}")
    click(app, "od-open")
    assert game_of(db_path, code).opened[own[0]]
    assert not app.button(key="od-end-turn").disabled
    assert not map_on_page(reopen(app)), "a reload while guessing shows no map"
    for index in own[1:]:
        click(app, f"card-{index}")
        assert f"Open {game.words[index].upper()}" in labels(app)
        click(app, "od-open")

    # results as in Versus.
    assert titles(app) == [f"{'▲' if team is Team.RED else '●'} {team.label} wins!"]
    assert any("found all its cards" in s.value for s in app.subheader)
    assert any(f"Best clue: {clue} 0" in t for t in texts(app))
    assert "on your map" not in html_of(app), "the revealed map is no captain's map"

    # O-5: the captaincy moves to the next player on each team.
    click(app, "od-new-game")
    again = game_of(db_path, code)
    assert again.outcome is None
    assert {names[c] for c in again.captains.values()} == {"Di", "Ana"}
    assert not map_on_page(app)


def test_O4_when_the_clue_time_is_up_only_a_warning_shows(db_path: Path) -> None:
    service = RoomService(Store(db_path), clock=lambda: time.time() - 90)
    table = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Cy", Team.RED), ("Di", Team.BLUE)]
    seat = service.create_one_device_room(table, {Team.RED: 0, Team.BLUE: 1}, clue_timer=60)
    with Store(db_path).write() as tx:
        tx.set_alive(time.time())  # the server was up all along: the room is just 90 s old
    app = open_page("one_device.py", room=seat.code, token=seat.token)
    assert not app.exception
    assert "Show the Map" in labels(app)
    assert any("Time is up for the clue" in shown(w.value) for w in app.warning)
    game = game_of(db_path, seat.code)
    assert game.turn is not None and game.turn.number == 1 and game.turn.clue is None
    click(app, "od-show-map")
    assert any("Time is up for the clue" in shown(w.value) for w in app.warning)
    assert "Give the Clue" in labels(app)


def test_O_a_one_device_link_opened_on_another_page_lands_on_the_table(db_path: Path) -> None:
    service = RoomService(Store(db_path))
    table = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Cy", Team.RED), ("Di", Team.BLUE)]
    seat = service.create_one_device_room(table, {Team.RED: 0, Team.BLUE: 1})
    app = AppTest.from_file(str(APP), default_timeout=20)
    app.query_params["room"] = seat.code
    app.query_params["token"] = seat.token
    app.run()
    assert any("on one device" in shown(i.value) for i in app.info)
    button(app, "Back to my room").click().run()
    assert "Show the Map" in labels(app)
    assert not map_on_page(app)

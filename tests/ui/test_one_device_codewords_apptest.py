"""Codewords on one device through the pages (K-1, K-2 with O-1, O-2,
O-3): the setup offers the rules, the handler's clue form offers 1 up to
the cards left, a tap on a card opens it on the shared device, and the
bonus guess offers End Turn."""

from __future__ import annotations

from pathlib import Path

from apptest_helpers import open_app, query, room_state
from test_one_device_apptest import add, click, game_of, html_of, labels

from oneword.engine import Team
from oneword.engine.codewords.clues import make_clue
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.errors import Refusal
from oneword.engine.models import Preset, team_colour

CLUES = ["orbit", "harbor", "meadow", "lantern", "puzzle", "velvet"]


def test_K_2_O_3_a_codewords_turn_on_one_device(db_path: Path) -> None:
    app = open_app()
    click(app, "home-one-device")
    for name in ("Ana", "Bo", "Cy", "Di"):
        add(app, name)
    app.segmented_control(key="od_rules").set_value(Preset.CODEWORDS).run()
    assert any("volunteers to be handler" in c.value for c in app.caption)
    click(app, "od-start")
    code = query(app, "room")
    state = room_state(db_path, code)
    game = state.game
    assert isinstance(game, CodewordsGame) and state.settings.preset is Preset.CODEWORDS
    team = game.starting_team

    click(app, "od-show-map")
    numbers = app.segmented_control(key="od_clue_number")
    assert list(numbers.options) == [str(n) for n in range(1, game.cards_left(team) + 1)]
    word = next(w for w in CLUES if _fits(w, game))
    app.text_input(key="od_clue_word").input(word)
    numbers.set_value(1)
    click(app, "od-give-clue")
    click(app, "od-start-guessing")
    assert "od-open" not in [b.key for b in app.button], "no Open step: a tap opens"
    assert "End Turn" not in labels(app)
    own = [i for i, c in enumerate(game.key) if c is team_colour(team)]
    click(app, f"card-{own[0]}")
    assert game_of(db_path, code).opened[own[0]], "one tap opened the card"
    assert any("Bonus guess" in i.value for i in app.info)
    click(app, "od-end-turn")
    after = game_of(db_path, code)
    assert after.turn is not None and after.turn.team is team.other
    assert "Tap a card" not in html_of(app)


def _fits(word: str, game: CodewordsGame) -> bool:
    try:
        make_clue(word, 1, game.closed_words(), 9, "en")
    except Refusal:
        return False
    return True


def test_K_1_the_setup_keeps_the_usual_rules_by_default(db_path: Path) -> None:
    app = open_app()
    click(app, "home-one-device")
    for name in ("Ana", "Bo", "Cy", "Di"):
        add(app, name)
    click(app, "od-start")
    state = room_state(db_path, query(app, "room"))
    assert state.settings.preset is Preset.IN_ONE_WORD
    assert state.game is not None and not isinstance(state.game, CodewordsGame)
    assert Team.RED in state.game.captains

"""The pages without a browser: four players, each with their own AppTest,
play a Versus game from creating the room to the results page (P-1, P-2, P-3, P-4, P-5)."""

from __future__ import annotations

from pathlib import Path

from apptest_helpers import (
    button,
    create_room,
    join_room,
    lobby_lines,
    member_id,
    room_state,
    shown,
    texts,
    titles,
)
from streamlit.testing.v1 import AppTest

from oneword.engine import Colour
from oneword.engine.versus.state import VersusGame


def _seats(apps: list[AppTest], db_path: Path) -> dict[str, AppTest]:
    return {member_id(app, db_path): app for app in apps}


def test_P1_to_P5_a_whole_versus_game_through_the_pages(db_path: Path) -> None:
    host, code = create_room("Ana")
    assert titles(host) == [f"Room {code}"]
    players = [host] + [join_room(code, name) for name in ("Ben", "Cy", "Dee")]
    for player in players[1:]:
        assert titles(player) == [f"Room {code}"]
    host.run()
    assert any("Dee" in line for line in lobby_lines(host)), "the host's lobby lists every player"

    button(host, "Start game").click().run()
    for player in players:
        player.run()
    game = room_state(db_path, code).game
    assert isinstance(game, VersusGame)
    seats = _seats(players, db_path)
    team = game.turn.team if game.turn else None
    assert team is not None
    captain = seats[game.captains[team]]
    assert titles(captain) == [f"{'▲' if team.value == 'red' else '●'} {team.label} captain"]

    # The clue's fields are one form: the word and the number travel with
    # the press of "Give the clue", not as runs of their own.
    assert captain.text_input(key="clue_word").form_id == "clue-form"
    assert captain.segmented_control(key="clue_number").form_id == "clue-form"

    # A refused clue is explained under the form and changes nothing (C-2, C-6).
    on_board = next(w for w in game.words if " " not in w)
    captain.text_input(key="clue_word").input(on_board)
    captain.segmented_control(key="clue_number").set_value(2)
    button(captain, "Give the clue").click().run()
    assert any("on the board" in shown(e.value) for e in captain.error)

    # An unlimited clue lets the team open all its cards in one turn (V-6, V-12).
    captain.text_input(key="clue_word").input("everything")
    captain.segmented_control(key="clue_number").set_value(0)
    button(captain, "Give the clue").click().run()
    assert not captain.error

    guesser = next(
        seats[p.id] for p in game.players if p.team is team and p.id != game.captains[team]
    )
    guesser.run()
    assert any("EVERYTHING" in h.value for h in guesser.html if hasattr(h, "value"))
    own = [i for i, c in enumerate(game.key) if c is Colour(team.value)]
    for index in own:
        guesser.button(key=f"card-{index}").click().run()
        button(guesser, f"Open {game.words[index].upper()}").click().run()
        assert not guesser.exception

    for player in players:
        player.run()
        assert titles(player) == [f"{'▲' if team.value == 'red' else '●'} {team.label} wins!"]
        assert not player.exception
    assert any("found all its cards" in s.value for s in host.subheader)
    assert any("Best clue: everything 0" in line for line in texts(host))
    assert button(host, "Play again")
    downloads = host.get("download_button")
    assert [d.label for d in downloads] == ["Download the results (CSV)"]


def test_L3_a_link_with_a_wrong_token_lands_on_home_without_secrets(db_path: Path) -> None:
    host, code = create_room("Ana")
    stranger = AppTest.from_file(str(host._script_path), default_timeout=20)
    stranger.query_params["room"] = code
    stranger.query_params["token"] = "not-a-real-token"
    stranger.run()
    assert titles(stranger) == ["In One Word"]
    assert stranger.warning, "the player is told why they are not in the room"
    assert not stranger.exception


def test_L4_lobby_refusal_is_shown_in_the_lobby(db_path: Path) -> None:
    host, code = create_room("Ana")
    host.run()
    button(host, "Start game").click().run()
    assert titles(host) == [f"Room {code}"]
    assert any("Versus needs 4-10 players" in shown(e.value) for e in host.error)

"""oneword.notebook: board and log tables escape user text and colour only
what the seat's view holds; `launch` links to the right address."""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

from oneword import notebook
from oneword.engine import (
    GiveClue,
    Join,
    MakeCaptain,
    Mark,
    Open,
    PickTeam,
    RoomState,
    StartGame,
    Team,
    apply,
    new_room,
    view_for,
)
from oneword.engine.models import Colour
from oneword.engine.versus.state import VersusGame
from oneword.notebook import board_table, clue_log, launch

WORDS = ["<b>x</b>", *(f"word{i}" for i in range(24))]
SEATS = [
    ("r1", "<i>Red cap</i>", Team.RED),
    ("r2", "<u>Red two</u>", Team.RED),
    ("b1", "<em>Blue cap</em>", Team.BLUE),
    ("b2", "<s>Blue two</s>", Team.BLUE),
]


def _started() -> RoomState:
    room = new_room(seed=3)
    for member_id, name, team in SEATS:
        room = apply(room, Join(by=member_id, name=name), 0.0)
        room = apply(room, PickTeam(by=member_id, team=team), 0.0)
    room = apply(room, MakeCaptain(by="r1", player="r1"), 0.0)
    room = apply(room, MakeCaptain(by="r1", player="b1"), 0.0)
    return apply(room, StartGame(by="r1", words=WORDS), 0.0)


def _colours(markup: str) -> list[str]:
    return re.findall(r'data-colour="(\w+)"', markup)


def _playing(room: RoomState) -> tuple[str, str]:
    """(captain, guesser) of the team to play."""
    game = room.game
    assert isinstance(game, VersusGame) and game.turn is not None
    team = game.turn.team
    captain = game.captains[team]
    guesser = next(p.id for p in game.players if p.team is team and p.id != captain)
    return captain, guesser


def test_words_are_escaped() -> None:
    markup = board_table(view_for(_started(), "r2"))._repr_html_()
    assert "&lt;b&gt;x&lt;/b&gt;" in markup
    assert "<b>x</b>" not in markup


def test_guesser_sees_no_colour_until_a_card_opens() -> None:
    room = _started()
    captain, guesser = _playing(room)
    assert _colours(board_table(view_for(room, guesser)).html) == []
    assert _colours(board_table(view_for(room, None)).html) == []
    assert len(_colours(board_table(view_for(room, captain)).html)) == 25

    game = room.game
    assert isinstance(game, VersusGame) and game.turn is not None
    own = next(i for i, c in enumerate(game.key) if c.value == game.turn.team.value)
    room = apply(room, GiveClue(by=captain, word="clue", number=1), 1.0)
    room = apply(room, Open(by=guesser, card=own), 2.0)
    shown = board_table(view_for(room, guesser))
    assert _colours(shown.html) == [game.key[own].value]
    assert f"{WORDS[own]}[{game.key[own].value}]" in shown.text


def test_finished_game_shows_the_map_to_everyone() -> None:
    room = _started()
    captain, guesser = _playing(room)
    game = room.game
    assert isinstance(game, VersusGame)
    black = game.key.index(Colour.BLACK)
    room = apply(room, GiveClue(by=captain, word="clue", number=1), 1.0)
    room = apply(room, Open(by=guesser, card=black), 2.0)
    for seat in ("r1", "r2", "b1", "b2", None):
        shown = board_table(view_for(room, seat))
        assert len(_colours(shown.html)) == 25
        assert "black card" in shown.html


def test_names_in_marks_and_log_are_escaped() -> None:
    names = {member_id: name for member_id, name, _ in SEATS}
    room = _started()
    captain, guesser = _playing(room)
    room = apply(room, GiveClue(by=captain, word="clue", number=2), 1.0)
    room = apply(room, Mark(by=guesser, card=3), 2.0)
    marked = board_table(view_for(room, guesser)).html
    assert f"marked by {html.escape(names[guesser])}" in marked
    assert names[guesser] not in marked
    log = clue_log(view_for(room, guesser))._repr_html_()
    assert f"<td>{html.escape(names[captain])}</td>" in log
    assert names[captain] not in log


def test_a_room_without_a_game_is_refused() -> None:
    room = apply(new_room(seed=1), Join(by="a", name="Ana"), 0.0)
    with pytest.raises(ValueError, match="no game"):
        board_table(view_for(room, "a"))


def test_link_is_local_outside_a_hub(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(notebook.HUB_PREFIX_ENV, raising=False)
    assert notebook._link(8600, None) == "http://127.0.0.1:8600/"


def test_link_goes_through_the_hub_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(notebook.HUB_PREFIX_ENV, "/user/ana/")
    assert notebook._link(8600, None) == "/user/ana/proxy/8600/"
    assert notebook._link(8600, "/jh") == "/jh/proxy/8600/"


class _Health(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"ok" if self.path == notebook.HEALTH_PATH else b"no"
        self.send_response(200)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def healthy_port() -> Iterator[int]:
    """Something on loopback that answers Streamlit's health check."""
    server = HTTPServer(("127.0.0.1", 0), _Health)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(server.server_address[1])
    finally:
        server.shutdown()
        server.server_close()


def test_launch_reuses_a_running_app_and_leaves_it_alone(
    healthy_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(notebook.HUB_PREFIX_ENV, raising=False)
    app = launch(healthy_port)
    assert app.process is None and app.port == healthy_port
    assert f'href="http://127.0.0.1:{healthy_port}/"' in app._repr_html_()
    app.stop()  # not ours: nothing to end
    assert app.alive()


def test_link_markup_is_escaped() -> None:
    app = notebook.RunningApp(8600, '/user/"><script>/proxy/8600/')
    assert "<script>" not in app._repr_html_()
    assert "&quot;&gt;&lt;script&gt;" in app._repr_html_()


@pytest.mark.parametrize("preset", ["in_one_word", "codewords"])
def test_B1_a_notebook_seats_bots_and_plays_a_whole_game_through_the_service(
    tmp_path: Path, preset: str
) -> None:
    """Three bots and the notebook's own seat, played to the end; every
    move went through the service and is in the room's log."""
    from oneword.engine import Preset, SetPreset
    from oneword.service import RoomService
    from oneword.storage.sqlite_store import Store

    service = RoomService(Store(tmp_path / "rooms.sqlite3"), bot_pace=(0, 0))
    host = service.create_room("Ada")
    service.act(host.code, host.token, PickTeam(team=Team.RED))
    service.act(host.code, host.token, SetPreset(preset=Preset(preset)))
    service.fill_with_bots(host.code, host.token, "hard")
    service.start_game(host.code, host.token)
    final = notebook.play_with_bots(service, host.code, host.token)
    assert final.game is not None and final.game.outcome is not None
    assert final.game.preset == preset
    log = service.history(host.code)
    bots = {m.id for m in final.members if m.bot}
    clues = [e for e in log if e.action.kind == "give_clue"]
    assert clues and {e.action.by for e in clues} <= bots | {host.member_id}
    assert any(e.action.by in bots and e.action.kind == "open" for e in log)
    assert "<table" in clue_log(final).html


def test_B1_play_with_bots_needs_a_game(tmp_path: Path) -> None:
    from oneword.service import RoomService
    from oneword.storage.sqlite_store import Store

    service = RoomService(Store(tmp_path / "rooms.sqlite3"), bot_pace=(0, 0))
    host = service.create_room("Ada")
    with pytest.raises(ValueError, match="no game yet"):
        notebook.play_with_bots(service, host.code, host.token)


# The gallery's entries in a notebook


def test_P_2_every_gallery_entry_shows_as_a_table() -> None:
    from oneword.gallery import ENTRIES

    for name, entry in ENTRIES.items():
        if entry.build(0.0).room is None:
            with pytest.raises(ValueError, match="no room"):
                notebook.gallery_table(name)
            continue
        shown = notebook.gallery_table(name)
        assert str(shown).startswith(entry.title), name
        assert "<table" in shown.html, name


def test_V_3_a_gallery_entry_table_shows_only_what_its_seat_sees() -> None:
    """The captain's entry colours every card; the guesser's only the open ones."""
    captain = notebook.gallery_table("captain-before-clue").html
    guesser = notebook.gallery_table("guesser-marks").html
    assert len(re.findall(r'data-colour="', captain)) == 25
    assert len(re.findall(r'data-colour="', guesser)) == 1
    assert "marked by" in guesser


def test_an_unknown_gallery_entry_names_the_real_ones() -> None:
    with pytest.raises(KeyError, match="lobby-host"):
        notebook.gallery_view("no-such-entry")


def test_J_4_the_clue_check_table_shows_what_is_kept_removed_and_why() -> None:
    shown = notebook.clue_check_table("night", ["knight", "moon", "stars", "Star", "<b>dark</b>"])
    lines = str(shown).splitlines()
    assert lines[0] == "Mystery word: night (en)"
    assert lines[1] == "knight | removed: sounds like night"
    assert lines[2] == "moon | kept"
    assert lines[3:5] == [
        "stars | removed: a form of Star",
        "Star | removed: a form of stars",
    ]
    assert "<b>dark</b>" not in shown.html and html.escape("<b>dark</b>") in shown.html


def test_J_2_the_just_one_table_hides_the_card_from_its_guesser() -> None:
    """The guesser's table has no mystery word and none of the removed
    clues; a clue giver's table has both, with why each clue went."""
    guesser = notebook.just_one_table(notebook.gallery_view("jo-guess"))
    giver = notebook.just_one_table(notebook.gallery_view("jo-compare"))
    assert "doctor" not in guesser.html and "doctor" not in str(guesser)
    assert "(hidden)" in str(guesser) and "orbit" not in str(guesser)
    assert "harbour (kept)" in str(guesser)
    assert "doctor" in str(giver) and "orbit (removed: the same word as orbit)" in str(giver)


def test_J_6_the_just_one_table_lists_every_card_played_with_its_answer() -> None:
    shown = str(notebook.just_one_table(notebook.gallery_view("jo-results")))
    assert shown.startswith("player view · score 7 · 0 cards left")
    assert shown.count("Played ") == 13
    assert "answer: doctor · Right" in shown


def test_the_just_one_table_refuses_an_in_one_word_room() -> None:
    with pytest.raises(ValueError, match="board_table"):
        notebook.just_one_table(view_for(_started(), "r2"))


def test_just_one_names_and_clues_are_escaped() -> None:
    view = notebook.gallery_view("jo-compare")
    game = view.game
    assert game is not None and game.card is not None  # type: ignore[attr-defined]
    card = game.card  # type: ignore[attr-defined]
    card.clues[0].by_name = "<i>Amara</i>"
    card.clues[0].word = "[x](javascript:alert(1))<script>"
    shown = notebook.just_one_table(view).html
    assert "<i>Amara</i>" not in shown and "<script>" not in shown
    assert html.escape("<i>Amara</i>") in shown

"""Issue #20: with the UI in German, no page shows a text of the English
catalog that German says otherwise. Every page is drawn in AppTest for
seats of rooms in their states (lobby, each game's turn, results, the
watch screen, one device, Home), and everything on it (titles, texts,
labels, options, help, messages, the HTML of boards and banners) is
looked through for the English wording of each translated message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from apptest_helpers import APP, room_state, shown
from google.protobuf.json_format import MessageToDict
from streamlit.testing.v1 import AppTest
from test_profile_apptest import profile_key_of

from oneword.engine import Colour, GiveClue, Mode, Open, Preset, SetMode, SetPreset, Team
from oneword.engine.justone.actions import PickNumber
from oneword.engine.justone.state import JustOneGame
from oneword.engine.together.state import TogetherGame
from oneword.engine.versus.state import VersusGame
from oneword.i18n.extract import read
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

SYLLABLES = ["zor", "vak", "quel", "mib", "drof", "tysh", "plen", "kru"]
DECK = [f"{a}{b}{c}" for a in SYLLABLES[:5] for b in SYLLABLES[3:] for c in ("ix", "um", "ot")]
_FIELD = re.compile(r"\{[^}]*\}")
_NOISE = re.compile(
    r"<style.*?</style>|<script.*?</script>|style=\"[^\"]*\"|class=\"[^\"]*\"|data:[^\"' ]+",
    re.S,
)


def _fragments(text: str) -> list[str]:
    """The English words of a template between its placeholders, where
    there are enough of them to tell English from a name or a word."""
    parts = [part.strip(" :·,.()!?→") for part in _FIELD.split(text)]
    return [part for part in parts if sum(ch.isalpha() for ch in part) >= 4]


@cache
def _english_only(language: str = "de") -> dict[str, re.Pattern[str]]:
    """A pattern per English fragment whose translation is different."""
    german = read(language)
    patterns = set()
    for message in german:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        translated = message.string if isinstance(message.string, tuple) else (message.string,)
        kept = {f for text in translated for f in _fragments(text)}
        for text in english:
            for fragment in _fragments(text):
                if fragment not in kept and not any(fragment in k for k in kept):
                    patterns.add(fragment)
    return {f: re.compile(rf"(?<![\w-]){re.escape(f)}(?![\w-])") for f in sorted(patterns)}


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _everything(node: object) -> Iterator[str]:
    """Every string of every element and block on the page."""
    proto = getattr(node, "proto", None)
    if proto is not None and hasattr(proto, "DESCRIPTOR"):
        yield from _strings(MessageToDict(proto))
    children = getattr(node, "children", None) or {}
    for child in children.values():
        yield from _everything(child)


def english_on(app: AppTest, language: str = "de") -> list[str]:
    """The English fragments the page shows, where `language` says otherwise."""
    assert not app.exception, [e.value for e in app.exception]
    text = "\n".join(shown(_NOISE.sub(" ", s)) for s in _everything(app._tree))
    assert len(text) > 200, "the page shows something to look through"
    english = _english_only(language)
    return sorted(fragment for fragment, pattern in english.items() if pattern.search(text))


def german(script: str | None = None, language: str = "de", **query: str) -> AppTest:
    """A fresh session that chose German (or `language`), opened at
    `script` with `query`."""
    app = AppTest.from_file(str(APP), default_timeout=30)
    app.session_state["ui_language"] = language
    app.run()
    if script is not None:
        app.query_params.update(query)
        app.switch_page(f"app_pages/{script}").run()
    return app


def seat_page(seat: Seat, script: str = "lobby.py") -> AppTest:
    """The page this seat is sent to (the lobby sends on to the game)."""
    return german(script, room=seat.code, token=seat.token)


def assert_german(*apps: AppTest) -> None:
    for app in apps:
        assert english_on(app) == []


@pytest.fixture
def rooms(db_path: Path) -> RoomService:
    return RoomService(Store(db_path))


def _room(rooms: RoomService, names: tuple[str, ...]) -> list[Seat]:
    host = rooms.create_room(names[0], language="de")
    return [host, *(rooms.join(host.code, name) for name in names[1:])]


def test_the_check_finds_english_on_a_page() -> None:
    """The check itself: an English page is caught, its German is not."""
    english = AppTest.from_file(str(APP), default_timeout=30)
    english.run()
    found = english_on(english)
    assert {"Create room", "Join a room", "Your name", "Room code"} <= set(found)
    assert english_on(german()) == []


def test_home_and_one_device_setup_speak_german() -> None:
    home = german()
    assert home.title[0].value == "In einem Wort"
    assert_german(home, german("one_device.py"))


@pytest.mark.parametrize("language", ["fr", "es", "it", "pt", "nl"])
def test_home_and_one_device_setup_speak_every_language(language: str) -> None:
    assert english_on(german(language=language), language) == []
    assert english_on(german("one_device.py", language=language), language) == []


def test_versus_pages_speak_german(db_path: Path, rooms: RoomService) -> None:
    seats = _room(rooms, ("Ana", "Ben", "Cy", "Dee"))
    host = seats[0]
    assert_german(seat_page(host), seat_page(seats[1]), german("watch.py", watch=host.code))
    rooms.act(host.code, host.token, SetPreset(preset=Preset.CODEWORDS))
    assert_german(seat_page(host), seat_page(seats[2]))
    rooms.act(host.code, host.token, SetPreset(preset=Preset.IN_ONE_WORD))

    rooms.start_game(host.code, host.token)
    game = room_state(db_path, host.code).game
    assert isinstance(game, VersusGame) and game.turn is not None
    by_id = {seat.member_id: seat for seat in seats}
    team = game.turn.team
    captain = by_id[game.captains[team]]
    guesser = next(
        by_id[p.id] for p in game.players if p.team is team and p.id != game.captains[team]
    )
    assert_german(*(seat_page(seat) for seat in seats))
    rooms.act(host.code, captain.token, GiveClue(word="Quatschwort", number=0))
    assert_german(seat_page(guesser), seat_page(captain), german("watch.py", watch=host.code))

    for index, colour in enumerate(game.key):
        if colour is Colour(team.value):
            rooms.act(host.code, guesser.token, Open(card=index))
    assert_german(*(seat_page(seat) for seat in seats), german("watch.py", watch=host.code))


def test_together_pages_speak_german(db_path: Path, rooms: RoomService) -> None:
    seats = _room(rooms, ("Ana", "Ben", "Cy"))
    host = seats[0]
    rooms.act(host.code, host.token, SetMode(mode=Mode.TOGETHER))
    assert_german(seat_page(host), seat_page(seats[1]))
    rooms.start_game(host.code, host.token)
    assert isinstance(room_state(db_path, host.code).game, TogetherGame)
    assert_german(*(seat_page(seat) for seat in seats), german("watch.py", watch=host.code))


def test_just_one_pages_speak_german(db_path: Path, rooms: RoomService) -> None:
    seats = _room(rooms, ("Ana", "Ben", "Cy", "Dee"))
    host = seats[0]
    rooms.set_custom_words(host.code, host.token, "\n".join(DECK))
    rooms.act(host.code, host.token, SetMode(mode=Mode.JUST_ONE))
    assert_german(seat_page(host), seat_page(seats[1]), german("watch.py", watch=host.code))
    rooms.start_game(host.code, host.token)
    assert_german(*(seat_page(seat) for seat in seats), german("watch.py", watch=host.code))

    game = room_state(db_path, host.code).game
    assert isinstance(game, JustOneGame)
    guesser_id = game.cards[game.current].guesser_id
    guesser = next(seat for seat in seats if seat.member_id == guesser_id)
    rooms.act(host.code, guesser.token, PickNumber(number=1))
    assert_german(*(seat_page(seat) for seat in seats), german("watch.py", watch=host.code))

    for seat in seats[2:]:
        rooms.leave(host.code, seat.token)
    rooms.leave(host.code, seats[1].token)
    assert_german(seat_page(host), german("watch.py", watch=host.code))


def test_one_device_table_speaks_german(rooms: RoomService) -> None:
    table = rooms.create_one_device_room(
        [("Ana", Team.RED), ("Ben", Team.RED), ("Cy", Team.BLUE), ("Dee", Team.BLUE)],
        {Team.RED: 0, Team.BLUE: 2},
        language="de",
    )
    assert_german(seat_page(table, "one_device.py"), german("watch.py", watch=table.code))


def _won_by_black_card(rooms: RoomService, db_path: Path, host: Seat, seats: list[Seat]) -> None:
    """Play until a team opens the black card, the other winning (V-5)."""
    by_id = {seat.member_id: seat for seat in seats}
    game = room_state(db_path, host.code).game
    assert isinstance(game, VersusGame) and game.turn is not None
    team = game.turn.team
    captain = by_id[game.captains[team]]
    guesser = next(by_id[p.id] for p in game.team_players(team) if p.id != captain.member_id)
    rooms.act(host.code, captain.token, GiveClue(word="Quatschwort", number=1))
    rooms.act(host.code, guesser.token, Open(card=game.key.index(Colour.BLACK)))


def test_profile_home_results_and_profile_page_speak_german(
    db_path: Path, rooms: RoomService
) -> None:
    """PR-1..PR-3 in German: the profile card on Home, XP and titles on the
    results, and the profile page with its stats and every title."""
    home = german()
    home.text_input(key="profile_name").input("Mina")
    [create] = [b for b in home.get("form_submit_button") if b.proto.form_id == "profile_create"]
    create.click().run()
    key = profile_key_of(home)
    host = rooms.create_room("Mina", language="de", profile=key)
    seats = [host, *(rooms.join(host.code, name) for name in ("Bo", "Cy", "Di"))]
    rooms.start_game(host.code, host.token)
    _won_by_black_card(rooms, db_path, host, seats)
    results = seat_page(host)
    assert any("XP" in m.value for m in results.markdown), "the results show XP earned"
    assert_german(results)
    home.button(key="home-my-profile").click().run()
    assert home.dataframe, "the profile page with its stats"
    assert_german(home)

"""The browser tests' secrets check (`play_helpers.check_html`) must bite.

No browser here: real games are dealt through the service, the board is
drawn with the app's own renderers, and the check must pass what a seat may
see and fail each way a map colour could leak (an `ow-map` card, a coloured
`st-key-card-N` rule, a colour symbol on a button, the other side's map).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from play_helpers import check_html

from oneword.engine import Colour, Mode, PickTeam, SetMode, Team
from oneword.engine.together.state import TogetherGame
from oneword.engine.versus.state import VersusGame
from oneword.engine.views import CardView
from oneword.service import RoomService
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store
from oneword.ui.card_buttons import _card_css
from oneword.ui.cards import board_html
from oneword.ui.symbols import SYMBOL


def _deal(tmp_path: Path, players: int, mode: Mode) -> VersusGame | TogetherGame:
    service = RoomService(Store(tmp_path / "secrets.sqlite3"))
    host = service.create_room("Host")
    seats = [host] + [service.join(host.code, f"P{n}") for n in range(1, players)]
    for number, seat in enumerate(seats):
        service.act(host.code, seat.token, PickTeam(team=[Team.RED, Team.BLUE][number % 2]))
    if mode is Mode.TOGETHER:
        service.act(host.code, host.token, SetMode(mode=mode))
    service.start_game(host.code, host.token)
    with service.store.read() as tx:
        stored = tx.load(host.code)
    assert stored is not None
    game = parse_state(stored.state_json).game
    assert game is not None
    return game


def _closed_cards(game: VersusGame | TogetherGame) -> list[CardView]:
    return [CardView(index=i, word=w) for i, w in enumerate(game.words)]


def _style(game: VersusGame | TogetherGame, colours: list[Colour] | None) -> str:
    """The tappable board's <style> block, as `card_buttons` writes it."""
    rules = [
        _card_css(card, colours[card.index] if colours else None, False)
        for card in _closed_cards(game)
    ]
    return f"<style>{''.join(rules)}</style>"


def _button(index: int, label: str) -> str:
    return (
        f'<div class="stElementContainer st-key-card-{index}"><div class="stButton">'
        f"<button><div><p>{label}</p></div></button></div></div>"
    )


def test_versus_guesser_page_passes_only_without_the_map(tmp_path: Path) -> None:
    game = _deal(tmp_path, 4, Mode.VERSUS)
    assert isinstance(game, VersusGame)
    cards = _closed_cards(game)
    clean = board_html(cards) + _style(game, None) + _button(3, game.words[3])
    report = check_html(clean, game, "guesser")
    assert report.html_cards == 25 and report.card_rules == 25 and report.buttons == 1
    check_html(clean, game, "spectator")

    leaks = {
        "the captain's map": board_html(cards, game.key),
        "a coloured card rule": _style(game, list(game.key)),
        "a colour symbol on a button": _button(3, f"{SYMBOL[game.key[3]]} {game.words[3]}"),
        "an 'on your map' label": '<span aria-label="x: closed, red on your map"></span>',
    }
    for what, html in leaks.items():
        with pytest.raises(AssertionError):
            check_html(clean + html, game, "guesser")
            pytest.fail(f"not caught: {what}")
    check_html(clean + board_html(cards, game.key), game, "captain")


def test_together_page_passes_only_with_its_own_side_map(tmp_path: Path) -> None:
    game = _deal(tmp_path, 2, Mode.TOGETHER)
    assert isinstance(game, TogetherGame)
    cards = _closed_cards(game)
    for side in Team:
        own, other = game.keys[side], game.keys[side.other]
        page = board_html(cards, own) + _style(game, list(own))
        report = check_html(page, game, "player", side)
        assert report.html_cards == 25 and report.card_rules == 25
        with pytest.raises(AssertionError):
            check_html(page, game, "player", side.other)
        with pytest.raises(AssertionError):
            check_html(page + board_html(cards, other), game, "player", side)
        with pytest.raises(AssertionError):
            check_html(page, game, "spectator")

"""P-7 and V-3 for screen readers: a card's accessible name says its word
and what the seat may know of it, and never a colour the seat cannot see.

The names are read the way a screen reader gets them: the `aria-label` of
each HTML card (`board_html`) and the names the card buttons' script sets
(`card_name_script`), for every seat at every step of a whole game.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

from tables import versus_game

from oneword.engine import (
    Colour,
    EndTurn,
    GiveClue,
    Mark,
    Open,
    RoomState,
    Team,
    apply,
    view_for,
)
from oneword.engine.actions import Action
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusCaptainView, VersusView
from oneword.engine.views import CardView, SideView
from oneword.ui.card_buttons import card_name_script
from oneword.ui.card_names import card_name
from oneword.ui.cards import board_html

WORDS = [f"word{n}" for n in range(25)]
HOSTILE = 'A"><img src=x>'
PLAYERS = {"r1": "Rex", "r2": HOSTILE, "b1": "Bo", "b2": "B & <b>C</b>"}


class _Labels(HTMLParser):
    """Every `data-card` element's attributes, by card index."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cards: dict[int, dict[str, str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "data-card" in values:
            self.cards[int(values["data-card"])] = values


def labels_of(html: str) -> dict[int, str]:
    parser = _Labels()
    parser.feed(html)
    return {index: attrs.get("aria-label", "") for index, attrs in parser.cards.items()}


def script_names(script: str) -> dict[int, str]:
    found = re.search(r"const names = (\{.*?\});", script)
    assert found, script
    return {int(k): v for k, v in json.loads(found.group(1)).items()}


def _state(name: str, word: str) -> str:
    """The part of a name that may tell a colour: after the word, before marks."""
    assert name.startswith(f"{word}: "), name
    return name[len(word) + 2 :].split("; ")[0]


def _room() -> RoomState:
    return versus_game(WORDS, names=PLAYERS, seed=7)


def _moves(game: VersusGame) -> list[Action]:
    """The next moves: a clue, or a mark and an open of the lowest closed
    card (any colour, so the game also ends on a black card or a run of
    opens), then End Turn once a turn has opened a card."""
    turn = game.turn
    assert turn is not None
    captain = game.captains[turn.team]
    guesser = next(p.id for p in game.team_players(turn.team) if p.id != captain)
    if turn.clue is None:
        return [GiveClue(by=captain, word="zebra", number=2)]
    if turn.opened:
        return [EndTurn(by=guesser)]
    card = next(i for i, opened in enumerate(game.opened) if not opened)
    return [Mark(by=guesser, card=card), Open(by=guesser, card=card)]


def _check_seats(room: RoomState) -> int:
    """Every seat's names, as the pages build them; returns how many names
    of closed cards were checked."""
    game = room.game
    assert isinstance(game, VersusGame)
    checked = 0
    for member in [*PLAYERS, None]:
        view = view_for(room, member).game
        assert isinstance(view, VersusView)
        key = view.key if isinstance(view, VersusCaptainView) else None
        from_html = labels_of(board_html(view.board, key, sides=view.sides))
        from_script = script_names(
            card_name_script(
                {c.index: card_name(c, key[c.index] if key else None) for c in view.board}, None
            )
        )
        for index, word in enumerate(game.words):
            for name in (from_html[index], from_script[index]):
                state = _state(name, word)
                if game.opened[index]:
                    assert state == f"open, {game.key[index].value}", name
                elif key is None:
                    assert state == "closed", f"{member} hears {name!r}"
                    checked += 1
                else:
                    assert state == f"closed, {game.key[index].value} on your map", name
    return checked


def test_P_7_V_3_no_guesser_or_spectator_name_says_a_closed_cards_colour() -> None:
    """Across a whole game, every card name a guesser or a spectator gets
    says "closed" for a closed card and nothing more of its state;
    captains hear their map; open cards are named with their colour."""
    room = _room()
    checked = _check_seats(room)
    now = 1.0
    for _ in range(200):
        game = room.game
        assert isinstance(game, VersusGame)
        if game.over:
            break
        for move in _moves(game):
            now += 1.0
            room = apply(room, move, now)
        checked += _check_seats(room)
    game = room.game
    assert isinstance(game, VersusGame) and game.over, "the game should have ended"
    assert checked > 100, checked


def test_P_7_names_say_word_state_and_marks() -> None:
    card = CardView(index=3, word="apple", marked_by=["Ana", "Bo"])
    assert card_name(card, None) == "apple: closed; marked by Ana, Bo"
    assert card_name(card, Colour.RED) == "apple: closed, red on your map; marked by Ana, Bo"
    opened = CardView(index=3, word="apple", colour=Colour.BLUE)
    assert card_name(opened, None) == "apple: open, blue"
    assert card_name(opened, None, unopened=True) == "apple: never opened, blue"
    neutral = CardView(index=3, word="apple", neutral_for=[Team.RED])
    assert card_name(neutral, Colour.GREEN) == "apple: closed, green on your map; neutral for Red"


def test_K_2_a_side_colour_is_named_by_the_sides_name() -> None:
    sides = {Team.RED: SideView(colour="gold", name="Gold", hex="#c99a06")}
    card = CardView(index=0, word="apple", colour=Colour.RED)
    assert card_name(card, None, sides=sides) == "apple: open, gold"


def test_player_names_in_card_names_never_become_markup() -> None:
    """A marked card names its markers inside an attribute (escaped) and
    inside a script (as JSON that cannot close the script)."""
    card = CardView(index=0, word="apple", marked_by=[HOSTILE, "</script><script>alert(1)//"])
    html = board_html([card.model_copy(update={"index": i}) for i in range(25)])
    assert "<img" not in html and "<script" not in html
    assert labels_of(html)[0] == card_name(card, None)
    script = card_name_script({0: card_name(card, None)}, 0)
    assert script.count("<script") == 1 and script.count("</script") == 1
    assert "<img" not in script
    assert script_names(script)[0] == card_name(card, None)
    assert "const pressed = 0;" in script

"""P-4 for screen readers: the news a live region says when the game moves
on (whose turn, the clue, guesses left, the card opened last), built from
the seat's view, and the script that hands them over without markup."""

from __future__ import annotations

import json
import re

from tables import versus_game

from oneword.engine import (
    Colour,
    GiveClue,
    Open,
    RoomState,
    apply,
    view_for,
)
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusView
from oneword.ui.announce import game_news, news_script

HOSTILE = "</script><b>Rex"
WORDS = [f"word{n}" for n in range(25)]


def _room() -> RoomState:
    return versus_game(WORDS, names={"r1": HOSTILE, "r2": "Ria", "b1": "Bo", "b2": "Bea"}, seed=3)


def _news(room: RoomState, member: str) -> str:
    view = view_for(room, member).game
    assert isinstance(view, VersusView)
    return game_news(view)


def test_P_4_the_news_say_the_turn_the_clue_guesses_left_and_the_last_open() -> None:
    room = _room()
    game = room.game
    assert isinstance(game, VersusGame) and game.turn is not None
    team = game.turn.team
    captain = game.captains[team]
    guesser = next(p.id for p in game.team_players(team) if p.id != captain)
    side, giver = team.label, next(p.name for p in game.players if p.id == captain)
    assert _news(room, guesser).endswith(f"{side} plays: waiting for the clue from {giver}.")

    room = apply(room, GiveClue(by=captain, word="zebra", number=2), 1.0)
    assert _news(room, guesser) == f"{side} plays. Clue from {giver}: ZEBRA, 2. 3 guesses left."

    own = Colour(team.value)
    card = next(i for i, c in enumerate(game.key) if c is own)
    room = apply(room, Open(by=guesser, card=card), 2.0)
    news = _news(room, guesser)
    assert news.startswith(f"WORD{card} was {own.value}. {side} plays.")
    assert news.endswith("2 guesses left.")


def test_P_4_a_guessers_news_never_name_a_closed_cards_colour() -> None:
    """Only opened cards reach the news: before any open, no colour is said."""
    room = _room()
    game = room.game
    assert isinstance(game, VersusGame) and game.turn is not None
    captain = game.captains[game.turn.team]
    room = apply(room, GiveClue(by=captain, word="zebra", number=2), 1.0)
    for member in ("r2", "b2"):
        news = _news(room, member).lower()
        assert not re.search(r"\b(neutral|black|was)\b", news), news


def test_the_news_reach_the_page_as_json_only() -> None:
    script = news_script(f"Clue from {HOSTILE}: ZEBRA, 2.")
    assert script.count("</script") == 1 and "<b>" not in script
    said = re.search(r"const news = (\".*?\");", script)
    assert said and json.loads(said.group(1)) == f"Clue from {HOSTILE}: ZEBRA, 2."
    assert "region.dataset.said === news" in script, "unchanged news are not written again"

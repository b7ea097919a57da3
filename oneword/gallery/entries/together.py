"""Together and its Final Round (T, F)."""

from __future__ import annotations

from oneword.engine import (
    Colour,
    Join,
    Mode,
)
from oneword.engine.together.state import TogetherGame
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import HOST, Room, lobby, started
from oneword.i18n import N_


def together_room(now: float, players: int = 4) -> Room:
    return started(lobby(players, now=now, mode=Mode.TOGETHER), now)


def _neutral_turn(room: Room) -> Room:
    """A clue, then a card neutral on the giver's map ends the turn (T-5)."""
    return room.clue(number=1).open_colour(Colour.NEUTRAL)


def final_round_room(now: float) -> Room:
    """Every turn of the limit used with greens still hidden (F-1)."""
    room = together_room(now)
    while True:
        game = room.game
        assert isinstance(game, TogetherGame)
        if game.final_round:
            return room
        _neutral_turn(room)


@entry(
    "together-giver",
    N_("Together: clue giver"),
    N_("The clue giver's own map (green, black, neutral) and the clue form."),
    ("T-2", "T-4", "P-3"),
)
def together_giver(now: float) -> Scene:
    room = together_room(now)
    return Scene(room.state, room.giver())


@entry(
    "together-board",
    N_("Together: the other side guesses"),
    N_("The guessing side sees its own map on the cards; one green is found."),
    ("T-4", "T-5", "T-6", "P-4"),
)
def together_board(now: float) -> Scene:
    room = together_room(now).clue(number=2)
    room.open_colour(Colour.GREEN)
    return Scene(room.state, room.guesser())


@entry(
    "together-late",
    N_("Together: late joiner"),
    N_("Someone who joined during the game watches it and plays the next one."),
    ("L-5", "T-2"),
)
def together_late(now: float) -> Scene:
    room = together_room(now).clue()
    room.act(Join(name="Kim"), by="late")
    return Scene(room.state, "late")


@entry(
    "final-round",
    N_("Final Round"),
    N_("The turn limit is reached: anyone opens any card, each open confirmed first."),
    ("F-1", "F-2", "F-3"),
)
def final_round(now: float) -> Scene:
    room = final_round_room(now)
    return Scene(room.state, HOST)

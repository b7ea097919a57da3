"""The Codewords preset (K-2)."""

from __future__ import annotations

from oneword.engine import (
    PickColour,
    Preset,
    Volunteer,
)
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import Room, lobby, member_id, started
from oneword.i18n import N_


def _codewords(now: float) -> Room:
    room = lobby(6, now=now, preset=Preset.CODEWORDS)
    for index, colour in ((2, "teal"), (3, "gold")):
        room.act(Volunteer(), by=member_id(index))
        room.act(PickColour(colour=colour), by=member_id(index))
    return started(room, now)


@entry(
    "codewords-handler",
    N_("Codewords: handler"),
    N_("The handler's map in the sides' own colours."),
    ("K-2", "P-3"),
)
def codewords_handler(now: float) -> Scene:
    room = _codewords(now)
    return Scene(room.state, room.giver())


@entry(
    "codewords-board",
    N_("Codewords: tap to open"),
    N_("A tap opens a card at once; the sides keep their handlers' colours."),
    ("K-2", "P-4"),
)
def codewords_board(now: float) -> Scene:
    room = _codewords(now).clue(number=2)
    room.open_colour(room.own())
    return Scene(room.state, room.guesser())


@entry(
    "codewords-bonus",
    N_("Codewords: the bonus question"),
    N_("The team found as many cards as the number: one more, or end the turn."),
    ("K-2", "P-4"),
)
def codewords_bonus(now: float) -> Scene:
    room = _codewords(now).clue(number=1)
    room.open_colour(room.own())
    return Scene(room.state, room.guesser())

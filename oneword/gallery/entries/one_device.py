"""A table playing on one device (O)."""

from __future__ import annotations

from oneword.engine import (
    Colour,
    SetUpOneDevice,
    StartGuessing,
    TableSeat,
    Team,
    new_room,
)
from oneword.gallery.entries.versus import bot_due
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import HOST, LEAD, NAMES, SECRET, Room, member_id, started
from oneword.i18n import N_

TABLE = [(NAMES[i], Team.RED if i % 2 == 0 else Team.BLUE, i < 2) for i in range(6)]


def _one_device(now: float, *, bot: bool = False) -> Room:
    """A table of six on one device (O-1), Blue's captain a bot if asked."""
    seats = [
        TableSeat(id=member_id(i), name=name, team=team, captain=captain, bot=bot and i == 1)
        for i, (name, team, captain) in enumerate(TABLE)
    ]
    room = Room(new_room(SECRET), now - LEAD - 10)
    room.act(SetUpOneDevice(seats=seats))
    return started(room, now)


@entry(
    "od-setup",
    N_("One device: set-up"),
    N_("The table's names, teams and captains before the game."),
    ("O-1",),
)
def od_setup(now: float) -> Scene:
    return Scene(None, None, "one_device_setup", table=TABLE)


@entry(
    "od-show-map",
    N_("One device: Show the Map"),
    N_("The captain takes the device; everyone else looks away."),
    ("O-2",),
)
def od_show_map(now: float) -> Scene:
    return Scene(_one_device(now).state, HOST)


@entry(
    "od-map-shown",
    N_("One device: the map shown"),
    N_("The captain's map and the clue form, for the captain's eyes only."),
    ("O-2", "V-3"),
)
def od_map_shown(now: float) -> Scene:
    return Scene(_one_device(now).state, HOST, map_shown=True)


@entry(
    "od-pass",
    N_("One device: pass the device"),
    N_("The clue is given: the device goes to the middle of the table."),
    ("O-3",),
)
def od_pass(now: float) -> Scene:
    return Scene(_one_device(now).clue().state, HOST)


@entry(
    "od-guessing",
    N_("One device: guessing"),
    N_("The team selects a card and opens it; End Turn after one open card."),
    ("O-3", "V-11"),
)
def od_guessing(now: float) -> Scene:
    room = _one_device(now).clue()
    room.act(StartGuessing(), by=HOST)
    room.open_colour(room.own())
    return Scene(room.state, HOST)


@entry(
    "od-results",
    N_("One device: results"),
    N_("The end of a table's game, with New Game (Same Teams)."),
    ("O-5", "R-1"),
)
def od_results(now: float) -> Scene:
    room = _one_device(now).clue(number=0)
    room.act(StartGuessing(), by=HOST)
    while room.game.outcome is None:
        room.open_colour(room.own())
    return Scene(room.state, HOST)


@entry(
    "od-bot-captain",
    N_("One device: a bot captain"),
    N_("The table watches while a bot captain thinks of its clue."),
    ("B-1", "B-5", "O-2"),
)
def od_bot_captain(now: float) -> Scene:
    room = _one_device(now, bot=True)
    if room.team() is Team.RED:
        room.clue().act(StartGuessing(), by=HOST)
        room.open_colour(Colour.NEUTRAL, by=member_id(2))
    return Scene(bot_due(room, now).state, HOST)

"""The watch page for a projector (P-6)."""

from __future__ import annotations

from oneword.engine import (
    Pause,
)
from oneword.gallery.entries.results import all_found
from oneword.gallery.entries.versus import versus_room
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import lobby
from oneword.i18n import N_


@entry(
    "watch-lobby",
    N_("Watch: lobby"),
    N_("The projector while players join: code, QR code, who is here."),
    ("P-6", "L-1"),
)
def watch_lobby(now: float) -> Scene:
    return Scene(lobby(6, now=now).state, None, "watch")


@entry(
    "watch-clue",
    N_("Watch: waiting for the clue"),
    N_("The board and the clue timer while the captain thinks."),
    ("P-6", "X-1"),
)
def watch_clue(now: float) -> Scene:
    return Scene(versus_room(now).state, None, "watch")


@entry(
    "watch-guessing",
    N_("Watch: guessing"),
    N_("The clue, the open cards and cards left per team."),
    ("P-6", "V-3"),
)
def watch_guessing(now: float) -> Scene:
    room = versus_room(now).clue()
    room.open_colour(room.own())
    return Scene(room.state, None, "watch")


@entry("watch-paused", N_("Watch: paused"), N_("The game is paused for everyone."), ("P-6", "L-7"))
def watch_paused(now: float) -> Scene:
    room = versus_room(now).clue()
    room.act(Pause(), by=room.guesser())
    return Scene(room.state, None, "watch")


@entry(
    "watch-results",
    N_("Watch: results"),
    N_("Who won and why, over the revealed map."),
    ("P-6", "R-1"),
)
def watch_results(now: float) -> Scene:
    return Scene(all_found(versus_room(now)).state, None, "watch")

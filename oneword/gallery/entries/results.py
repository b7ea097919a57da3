"""The results page after each kind of ending (R-1, R-2, P-5)."""

from __future__ import annotations

from oneword.engine import (
    Colour,
    EndTurn,
    Open,
    Team,
)
from oneword.engine.together.state import TogetherGame
from oneword.gallery.entries.together import final_round_room, together_room
from oneword.gallery.entries.versus import versus_room
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import HOST, Room, member_id
from oneword.i18n import N_


def all_found(room: Room) -> Room:
    """The playing team clues 0 (unlimited) and opens all its cards (V-12)."""
    room.clue(number=0)
    while room.game.outcome is None:
        room.open_colour(room.own())
    return room


@entry(
    "results-all-found",
    N_("Results: all cards found"),
    N_("A team opened all its cards."),
    ("V-12", "R-1", "R-2", "P-5"),
)
def results_all_found(now: float) -> Scene:
    return Scene(all_found(versus_room(now)).state, HOST)


@entry(
    "results-black-card",
    N_("Results: the black card"),
    N_("A team opened the black card and lost at once."),
    ("V-10", "R-1", "P-5"),
)
def results_black_card(now: float) -> Scene:
    room = versus_room(now).clue()
    room.open_colour(Colour.BLACK)
    return Scene(room.state, member_id(3))


@entry(
    "results-rival-last",
    N_("Results: the rival's last card"),
    N_("A team opened its rival's last card: the rival wins."),
    ("V-9", "R-1"),
)
def results_rival_last(now: float) -> Scene:
    room = versus_room(now).clue(number=0)
    while len(room.closed(room.own())) > 1:
        room.open_colour(room.own())
    first = room.own()
    room.act(EndTurn(), by=room.guesser())
    room.clue()
    room.act(Open(card=room.closed(first)[0]), by=room.guesser())
    return Scene(room.state, member_id(2))


@entry(
    "results-guest",
    N_("Results: a guest waits"),
    N_("A player who is not the host waits for Play again."),
    ("L-6", "R-1"),
)
def results_guest(now: float) -> Scene:
    return Scene(all_found(versus_room(now)).state, member_id(5))


@entry(
    "results-together-won",
    N_("Results: Together won"),
    N_("All 15 greens found: everyone wins."),
    ("T-9", "R-1"),
)
def results_together_won(now: float) -> Scene:
    room = together_room(now)
    while room.game.outcome is None:
        room.clue(number=0)
        while room.game.outcome is None and room.closed(Colour.GREEN):
            room.open_colour(Colour.GREEN)
        if room.game.outcome is None:
            room.act(EndTurn(), by=room.guesser())
    return Scene(room.state, HOST)


@entry(
    "results-together-lost",
    N_("Results: Together lost"),
    N_("A black card was opened: everyone loses."),
    ("T-10", "R-1"),
)
def results_together_lost(now: float) -> Scene:
    room = together_room(now).clue()
    room.open_colour(Colour.BLACK)
    return Scene(room.state, HOST)


@entry(
    "results-final-round",
    N_("Results: Final Round"),
    N_("The Final Round's open was not green on the other side's map: everyone loses."),
    ("F-3", "R-1"),
)
def results_final_round(now: float) -> Scene:
    room = final_round_room(now)
    game = room.game
    assert isinstance(game, TogetherGame)
    other = Team.BLUE  # the host plays Red: the Final Round checks Blue's map
    neutral = [i for i, c in enumerate(game.keys[other]) if c is Colour.NEUTRAL]
    card = next(i for i in neutral if not game.found[i])
    room.act(Open(card=card), by=HOST)
    return Scene(room.state, HOST)

"""A presence change alone leaves every screen of a game as it was.

A player who goes quiet or comes back moves the room's version, so that
rules can act on it (X-4, X-6, X-7, G-7). During a game no page shows who
is connected, so the polling fragment compares the new view with the
drawn one and reruns the page only when something else changed; the
lobby shows "(away)", so there it always reruns.
"""

from __future__ import annotations

from together_helpers import (
    CLUE,
    T0,
    versus,
    versus_room,
)

from oneword.engine import (
    Disconnect,
    GiveClue,
    Open,
    Reconnect,
    RoomState,
    Team,
    apply,
    view_for,
)
from oneword.ui.presence import same_screen

SEATS = [None, "p0", "p1", "p2", "p3", "p4", "p5"]
"""The watch page and every seat of a six-player Versus game."""


def _guesser_of(room: RoomState, team: Team) -> str:
    game = versus(room)
    return next(p.id for p in game.team_players(team) if p.id != game.captains[team])


def _screens_alike(before: RoomState, after: RoomState) -> list[bool]:
    return [same_screen(view_for(before, s), view_for(after, s)) for s in SEATS]


def test_a_guesser_going_away_and_back_changes_no_screen_in_a_game() -> None:
    room = versus_room(6)
    turn = versus(room).turn
    assert turn is not None
    quiet = _guesser_of(room, turn.team.other)
    away = apply(room, Disconnect(by=quiet), T0 + 5)
    assert away != room and not away.member(quiet).connected  # type: ignore[union-attr]
    assert _screens_alike(room, away) == [True] * len(SEATS)
    back = apply(away, Reconnect(by=quiet), T0 + 9)
    assert _screens_alike(away, back) == [True] * len(SEATS)


def test_X_4_the_captain_away_during_the_clue_changes_every_screen() -> None:
    """The wait for the captain is shown (a banner with its deadline)."""
    room = versus_room(6, clue_timer=120)
    turn = versus(room).turn
    assert turn is not None
    away = apply(room, Disconnect(by=versus(room).captains[turn.team]), T0 + 5)
    assert _screens_alike(room, away) == [False] * len(SEATS)


def test_in_the_lobby_presence_is_on_the_screen() -> None:
    room = versus_room(4)
    lobby = room.model_copy(update={"game": None})
    away = apply(lobby, Disconnect(by="p3"), T0 + 5)
    assert not any(_screens_alike(lobby, away))


def test_a_clue_or_an_opened_card_changes_every_screen() -> None:
    room = versus_room(6)
    turn = versus(room).turn
    assert turn is not None
    captain = versus(room).captains[turn.team]
    clued = apply(room, GiveClue(by=captain, word=CLUE, number=1), T0 + 5)
    assert not any(_screens_alike(room, clued))
    opened = apply(clued, Open(by=_guesser_of(clued, turn.team), card=0), T0 + 9)
    assert not any(_screens_alike(clued, opened))

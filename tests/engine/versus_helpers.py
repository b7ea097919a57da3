"""Shared helpers for the Versus engine tests: a seated room, a fake clock,
shortcuts for the usual moves, and the checks that views never leak the map.

Tests play only through `apply` and `advance`; they read the state (for
example the secret map) to choose their moves and to check the outcome.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from tables import versus_lobby

from oneword.engine import (
    EndTurn,
    GiveClue,
    Join,
    Open,
    RoomState,
    RoomView,
    RuleError,
    SetClueTimer,
    StartGame,
    Team,
    advance,
    apply,
    view_for,
)
from oneword.engine.actions import Action
from oneword.engine.models import Colour, Turn, team_colour
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusView

WORDS = [
    "horse",
    "cat",
    "café",
    "Straße",
    "apple",
    "bridge",
    "castle",
    "dragon",
    "engine",
    "forest",
    "garden",
    "hammer",
    "island",
    "jacket",
    "kettle",
    "ladder",
    "mirror",
    "needle",
    "pencil",
    "rocket",
    "saddle",
    "tunnel",
    "violin",
    "window",
    "yacht",
]
"""25 board words, none of them a colour name, so a colour in a view's JSON
can only come from the map."""

START = 1000.0
"""The fake clock's first reading, in seconds."""

HOST = "r1"
LATE = "late"
"""A member who joins while the game runs: they watch (L-5)."""


def lobby(red: int = 3, blue: int = 3, seed: int = 0, clue_timer: int = 120) -> RoomState:
    """A lobby with `red` + `blue` players on their teams; r1 (the host) and
    b1 are the captains."""
    room = versus_lobby(red, blue, seed=seed, now=START)
    if clue_timer != 120:
        room = apply(room, SetClueTimer(by=HOST, seconds=clue_timer), START)
    return room


def started(
    seed: int = 0, red: int = 3, blue: int = 3, clue_timer: int = 120, words: Sequence[str] = WORDS
) -> RoomState:
    """A Versus game just dealt from `seed`, at time START."""
    room = lobby(red, blue, seed, clue_timer)
    return apply(room, StartGame(by=HOST, words=list(words)), START)


def seed_where(starting: Team, red: int = 3, blue: int = 3) -> int:
    """The first seed whose game is started by `starting` (V-2 is random)."""
    for seed in range(100):
        game = started(seed, red, blue).game
        assert isinstance(game, VersusGame)
        if game.starting_team is starting:
            return seed
    raise AssertionError(f"no seed in 0-99 lets {starting} start")


class Table:
    """A Versus room plus a fake clock: each move happens `wait` seconds
    after the one before."""

    def __init__(self, room: RoomState, now: float = START) -> None:
        self.room = room
        self.now = now

    @classmethod
    def versus(
        cls,
        starting: Team = Team.RED,
        red: int = 3,
        blue: int = 3,
        clue_timer: int = 120,
        words: Sequence[str] = WORDS,
    ) -> Table:
        seed = seed_where(starting, red, blue)
        return cls(started(seed, red, blue, clue_timer, words))

    # Reading the state

    @property
    def game(self) -> VersusGame:
        game = self.room.game
        assert isinstance(game, VersusGame)
        return game

    @property
    def turn(self) -> Turn:
        turn = self.game.turn
        assert turn is not None, "the game is over"
        return turn

    @property
    def team(self) -> Team:
        """The team whose turn it is."""
        return self.turn.team

    def captain(self, team: Team | None = None) -> str:
        return self.game.captains[team or self.team]

    def guessers(self, team: Team | None = None) -> list[str]:
        team = team or self.team
        return [p.id for p in self.game.team_players(team) if p.id != self.captain(team)]

    def guesser(self, team: Team | None = None) -> str:
        return self.guessers(team)[0]

    def closed(self, colour: Colour) -> list[int]:
        """Indices of the closed cards of a colour, in board order."""
        game = self.game
        return [i for i, c in enumerate(game.key) if c is colour and not game.opened[i]]

    def own(self, team: Team | None = None) -> Colour:
        return team_colour(team or self.team)

    def rival(self) -> Colour:
        return team_colour(self.team.other)

    def view(self, member_id: str | None) -> RoomView:
        return view_for(self.room, member_id)

    def seen(self, member_id: str | None) -> VersusView:
        """The game part of a seat's view."""
        view = view_for(self.room, member_id).game
        assert isinstance(view, VersusView)
        return view

    # Moves

    def act(self, action: Action, wait: float = 1.0) -> RoomState:
        self.now += wait
        self.room = apply(self.room, action, self.now)
        return self.room

    def wait(self, seconds: float) -> RoomState:
        """Let the fake clock run; deadlines that pass are applied."""
        self.now += seconds
        self.room = advance(self.room, self.now)
        return self.room

    def clue(self, word: str = "zebra", number: int | str = 1, by: str | None = None) -> RoomState:
        return self.act(GiveClue(by=by or self.captain(), word=word, number=number))

    def open(self, card: int, by: str | None = None) -> RoomState:
        return self.act(Open(by=by or self.guesser(), card=card))

    def open_colour(self, colour: Colour, by: str | None = None) -> int:
        """Open the first closed card of `colour`; returns its index."""
        card = self.closed(colour)[0]
        self.open(card, by)
        return card

    def end_turn(self, by: str | None = None) -> RoomState:
        return self.act(EndTurn(by=by or self.guesser()))

    def refused(self, action: Action, code: str, wait: float = 1.0) -> RuleError:
        """The action is refused with `code` and changes nothing (G-9)."""
        return assert_refused(self.room, action, self.now + wait, code)


def assert_refused(room: RoomState, action: Action, now: float, code: str) -> RuleError:
    """G-9: a refusal has a stable code and a readable message, and the room
    it was applied to is exactly as it was."""
    before = room.model_dump()
    with pytest.raises(RuleError) as info:
        apply(room, action, now)
    error = info.value
    assert error.code == code, f"{error.code}: {error.message}"
    assert error.message.strip(), "a refusal must say why"
    assert str(error) == error.message
    assert room.model_dump() == before
    return error


# Views never leak the map (V-3)


def string_values(data: Any) -> Iterator[str]:
    """Every string value (not key) in parsed JSON."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from string_values(value)
    elif isinstance(data, list):
        for value in data:
            yield from string_values(value)


def keys_in(data: Any) -> set[str]:
    """Every key at any depth of parsed JSON."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            found.add(key)
            found |= keys_in(value)
    elif isinstance(data, list):
        for value in data:
            found |= keys_in(value)
    return found


def assert_map_hidden(view: RoomView, game: VersusGame) -> None:
    """A view of a seat that must not see the map (guesser, spectator, late
    joiner) holds no colour of a closed card anywhere in its JSON."""
    assert view.game is not None
    assert not hasattr(view.game, "key")
    data = json.loads(view.model_dump_json())
    assert data["game"]["view"] in {"versus_guesser", "versus_spectator"}
    assert "key" not in keys_in(data) and "keys" not in keys_in(data)
    for i, card in enumerate(data["game"]["board"]):
        assert card["index"] == i
        if game.opened[i]:
            assert card["colour"] == game.key[i].value
        else:
            assert card["colour"] is None, f"closed card {i} shows its colour"
    values = set(string_values(data))
    for colour in (Colour.BLACK, Colour.NEUTRAL):
        shown = any(o and c is colour for c, o in zip(game.key, game.opened, strict=True))
        if not shown:
            assert colour.value not in values, f"{colour.value} leaks while no such card is open"


def with_closed_colours_swapped(room: RoomState) -> RoomState:
    """The same room with the closed cards' colours permuted (counts kept):
    a seat that may not see the map must get exactly the same view."""
    game = room.game
    assert isinstance(game, VersusGame)
    closed = [i for i, o in enumerate(game.opened) if not o]
    colours = [game.key[i] for i in closed]
    key = list(game.key)
    for i, colour in zip(closed, reversed(colours), strict=True):
        key[i] = colour
    return room.model_copy(update={"game": game.model_copy(update={"key": key})}, deep=True)


def join_late(room: RoomState, now: float) -> RoomState:
    """A member who joins while the game runs watches it."""
    return apply(room, Join(by=LATE, name="Late"), now)


def words_placing(word: str, index: int, words: Sequence[str] = WORDS) -> list[str]:
    """The board words with `word` moved to card `index` (the map depends on
    the seed only, so a test can put a word on a card of a known colour)."""
    moved = list(words)
    at = moved.index(word)
    moved[at], moved[index] = moved[index], moved[at]
    return moved

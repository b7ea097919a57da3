"""Shared helpers for the Together, Final Round, timer and presence tests.

The clock is fake: every `now` is a plain float passed in by the test, so a
test can jump past a deadline without sleeping. Tests act only through
`apply` and `advance`; they read the state (the secret maps) to pick their
moves and to check the result, as a referee would.
"""

from __future__ import annotations

import json
from typing import Any

from tables import seated

from oneword.engine import (
    EndTurn,
    GiveClue,
    Mode,
    Open,
    PickTeam,
    RoomState,
    SetClueTimer,
    SetMode,
    SetTogetherTurns,
    StartGame,
    Team,
    apply,
    view_for,
)
from oneword.engine.models import Colour
from oneword.engine.together.state import TogetherGame
from oneword.engine.versus.state import VersusGame

WORDS = [
    "anchor",
    "bottle",
    "candle",
    "desert",
    "engine",
    "feather",
    "guitar",
    "harbor",
    "igloo",
    "jungle",
    "kitten",
    "lemon",
    "magnet",
    "needle",
    "orchard",
    "parrot",
    "quarry",
    "rocket",
    "saddle",
    "tunnel",
    "umbrella",
    "violin",
    "walnut",
    "yogurt",
    "zipper",
]
"""25 board words, none of them a colour name or a view field, so a colour in
a view's JSON can only come from a map."""

CLUE = "music"
"""A clue word that is not on the board and not too close to any board word."""

T0 = 1000.0
"""The fake clock's first reading, in seconds."""

HOST = "p0"


def ids(count: int) -> list[str]:
    return [f"p{i}" for i in range(count)]


def lobby(
    players: int = 4,
    *,
    mode: Mode = Mode.TOGETHER,
    clue_timer: int | None = None,
    turns: int | None = None,
    seed: int = 0,
    now: float = T0,
) -> RoomState:
    """A lobby of `players` members, p0 (the host) first; even seats Red, odd
    seats Blue."""
    sides = [Team.RED if i % 2 == 0 else Team.BLUE for i in range(players)]
    seats = [(m, f"Player {i}", None) for i, m in enumerate(ids(players))]
    room = seated(seats, seed=seed, now=now)
    if mode is Mode.TOGETHER:
        room = apply(room, SetMode(by=HOST, mode=mode), now)
        if turns is not None:  # None keeps the default (T-8: 9 turns, Normal)
            room = apply(room, SetTogetherTurns(by=HOST, turns=turns), now)
    if clue_timer is not None:  # None keeps the default (X-1: two minutes)
        room = apply(room, SetClueTimer(by=HOST, seconds=clue_timer), now)
    for member, side in zip(ids(players), sides, strict=True):
        room = apply(room, PickTeam(by=member, team=side), now)
    return room


def together_room(
    players: int = 4,
    *,
    clue_timer: int | None = None,
    turns: int | None = None,
    seed: int = 0,
    now: float = T0,
) -> RoomState:
    """A running Together game, just started at `now`."""
    room = lobby(players, clue_timer=clue_timer, turns=turns, seed=seed, now=now)
    return apply(room, StartGame(by=HOST, words=WORDS), now)


def together_room_starting(side: Team, players: int = 4, **kwargs: Any) -> RoomState:
    """A Together game whose first clue comes from `side` (T-3 draws it; this
    tries seeds until the draw falls that way)."""
    for seed in range(100):
        room = together_room(players, seed=seed, **kwargs)
        if clue_side(room) is side:
            return room
    raise AssertionError(f"no seed below 100 starts with {side}")


def versus_room(players: int = 4, *, clue_timer: int | None = None, now: float = T0) -> RoomState:
    """A running Versus game (p0, p2, ... Red; p1, p3, ... Blue)."""
    room = lobby(players, mode=Mode.VERSUS, clue_timer=clue_timer, now=now)
    return apply(room, StartGame(by=HOST, words=WORDS), now)


def together(room: RoomState) -> TogetherGame:
    assert isinstance(room.game, TogetherGame)
    return room.game


def versus(room: RoomState) -> VersusGame:
    assert isinstance(room.game, VersusGame)
    return room.game


def clue_side(room: RoomState) -> Team:
    turn = together(room).turn
    assert turn is not None
    return turn.team


def giver(room: RoomState) -> str:
    turn = room.game.turn if room.game else None
    assert turn is not None and turn.giver_id is not None
    return turn.giver_id


def side_ids(room: RoomState, side: Team) -> list[str]:
    return [p.id for p in together(room).team_players(side)]


def guesser(room: RoomState) -> str:
    """A player of the side that opens cards this turn."""
    return side_ids(room, clue_side(room).other)[0]


def pair(game: TogetherGame, card: int) -> tuple[Colour, Colour]:
    """(colour on Red's map, colour on Blue's map)."""
    return game.keys[Team.RED][card], game.keys[Team.BLUE][card]


def cards(
    game: TogetherGame,
    side: Team,
    colour: Colour,
    *,
    other: Colour | None = None,
    openable: bool = True,
) -> list[int]:
    """Cards that are `colour` on `side`'s map (and `other` on the other map,
    if given). `openable`: not found and not already marked neutral for
    `side`."""
    found = []
    for i in range(25):
        if game.keys[side][i] is not colour:
            continue
        if other is not None and game.keys[side.other][i] is not other:
            continue
        if openable and (game.found[i] or side in game.neutral_for[i]):
            continue
        found.append(i)
    return found


def giver_card(room: RoomState, colour: Colour, *, other: Colour | None = None) -> int:
    """A card that is `colour` on the clue giver's map and may be opened."""
    game = together(room)
    return cards(game, clue_side(room), colour, other=other)[0]


def clue(room: RoomState, now: float, number: int | str = 1) -> RoomState:
    return apply(room, GiveClue(by=giver(room), word=CLUE, number=number), now)


def open_card(room: RoomState, card: int, now: float, by: str | None = None) -> RoomState:
    return apply(room, Open(by=by or guesser(room), card=card), now)


def end_turn(room: RoomState, now: float, by: str | None = None) -> RoomState:
    return apply(room, EndTurn(by=by or guesser(room)), now)


def neutral_turn(room: RoomState, now: float, greens: int = 0) -> RoomState:
    """One whole turn: a clue, `greens` greens of the giver's map found, then
    a card neutral on the giver's map ends it (T-5)."""
    room = clue(room, now)
    for _ in range(greens):
        room = open_card(room, giver_card(room, Colour.GREEN), now)
    return open_card(room, giver_card(room, Colour.NEUTRAL), now)


def reach_final_round(room: RoomState, now: float, greens_per_turn: int = 1) -> RoomState:
    """Play neutral-ending turns until the turn limit starts the Final Round."""
    while not together(room).final_round:
        room = neutral_turn(room, now, greens_per_turn)
        now += 1
    return room


def final_round_card(room: RoomState, opener: str, colour: Colour) -> int:
    """A closed card that is `colour` on the map of the opener's other side (F-3)."""
    game = together(room)
    player = game.player(opener)
    assert player is not None
    other = player.team.other
    return next(i for i in range(25) if not game.found[i] and game.keys[other][i] is colour)


def view_json(room: RoomState, member: str | None) -> dict[str, Any]:
    """A member's view as the page would receive it: plain JSON."""
    data: dict[str, Any] = json.loads(view_for(room, member).model_dump_json())
    return data


def assert_no_other_map(room: RoomState) -> None:
    """While a Together game runs, each player's view holds only their own
    side's map (`key`) and never `keys`; a watcher's holds no map (T-2)."""
    game = together(room)
    if game.over:
        return
    for member in [*[m.id for m in room.members], None]:
        view = view_json(room, member)["game"]
        assert "keys" not in view, member
        player = game.player(member) if member else None
        if player is None or player.left:
            assert "key" not in view, member
        else:
            assert view["key"] == [c.value for c in game.keys[player.team]], member

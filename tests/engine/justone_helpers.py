"""Shared helpers for the Just One engine tests (J-1 to J-6).

The clock is a plain float; tests act through `apply` and read the state
as a referee would (which card is in play, who guesses, the mystery word).
The deck's words are made up here, distinct and plain, so the comparison
module's exact matching decides every clue these tests write.
"""

from __future__ import annotations

from oneword.engine import (
    Join,
    Mode,
    RoomState,
    SetJustOneTimer,
    SetMode,
    StartGame,
    apply,
    new_room,
    view_for,
)
from oneword.engine.justone.actions import (
    Answer,
    JustOneAction,
    NextCard,
    PickNumber,
    ShowClues,
    WriteClues,
)
from oneword.engine.justone.deck import clues_each, current_card
from oneword.engine.justone.state import DECK_WORDS, JustOneCard, JustOneGame
from oneword.engine.justone.views import CardLine, JustOneView
from oneword.engine.models import ClueTimer

NAMES = ["Ada", "Bruno", "Chloé", "Dmitri", "Eun", "Farah", "Gus", "Hana"]
STEMS = ("maple", "river", "socket", "tulip", "violin")
DECK = [f"{stem}{n:02d}" for stem in STEMS for n in range(13)]
"""Same-length words, so no deck word is part of another."""
assert len(DECK) == DECK_WORDS
T0 = 1000.0


def ids(count: int) -> list[str]:
    return [f"p{i}" for i in range(count)]


def just_one_room(players: int = 4, timer: ClueTimer = 0, seed: int = 7) -> RoomState:
    """A room of `players` people set to Just One, game started."""
    room = new_room(seed=seed)
    for member_id, name in zip(ids(players), NAMES, strict=False):
        room = apply(room, Join(by=member_id, name=name), T0)
    room = apply(room, SetMode(by="p0", mode=Mode.JUST_ONE), T0)
    if timer:
        room = apply(room, SetJustOneTimer(by="p0", seconds=timer), T0)
    return apply(room, StartGame(by="p0", words=list(DECK)), T0)


def game(room: RoomState) -> JustOneGame:
    assert isinstance(room.game, JustOneGame)
    return room.game


def card(room: RoomState) -> JustOneCard:
    return current_card(game(room))


def guesser(room: RoomState) -> str:
    found = card(room).guesser_id
    assert found is not None
    return found


def givers(room: RoomState) -> list[str]:
    return list(card(room).givers)


def act(room: RoomState, action: JustOneAction, now: float = T0) -> RoomState:
    return apply(room, action, now)


CLUE_BANK = [
    "orchestra",
    "velvet",
    "pyramid",
    "glacier",
    "harbor",
    "tornado",
    "lantern",
    "saddle",
    "compass",
    "meadow",
    "thunder",
    "quartz",
    "canyon",
    "riddle",
]
"""Everyday words far apart from each other and from the deck: no way of
comparing clues takes two of them for the same word."""


def distinct_clues(room: RoomState, giver: str) -> list[str]:
    """This giver's own clues from the bank, two apart from everyone else's."""
    seat = [p.id for p in game(room).players].index(giver)
    return CLUE_BANK[2 * seat : 2 * seat + clues_each(game(room))]


def write_all(room: RoomState, clues: dict[str, list[str]] | None = None) -> RoomState:
    """Every giver writes: `clues` where given, distinct clues otherwise."""
    for giver in givers(room):
        words = (clues or {}).get(giver) or distinct_clues(room, giver)
        room = act(room, WriteClues(by=giver, words=words))
    return room


def show_all(room: RoomState) -> RoomState:
    for giver in givers(room):
        room = act(room, ShowClues(by=giver))
    return room


def to_guess(
    room: RoomState, number: int = 1, clues: dict[str, list[str]] | None = None
) -> RoomState:
    """Pick, write and compare: the card waits for the guesser's answer."""
    room = act(room, PickNumber(by=guesser(room), number=number))
    return show_all(write_all(room, clues))


def play_card(room: RoomState, right: bool, number: int = 1) -> RoomState:
    """One whole card, answered right or wrong, then on to the next."""
    room = to_guess(room, number)
    mystery = card(room).mystery
    assert mystery is not None
    room = act(room, Answer(by=guesser(room), word=mystery if right else "zzzwrong"))
    return act(room, NextCard(by=givers(room)[0]))


def seen(room: RoomState, seat: str | None) -> JustOneView:
    """The Just One game as `seat` sees it (None: the watch page)."""
    game_view = view_for(room, seat).game
    assert isinstance(game_view, JustOneView)
    return game_view


def seen_card(room: RoomState, seat: str | None) -> CardLine:
    line = seen(room, seat).card
    assert line is not None
    return line

"""Just One, card by card (J)."""

from __future__ import annotations

from oneword.engine import (
    Mode,
)
from oneword.engine.justone.actions import Answer, NextCard, PickNumber, ShowClues, WriteClues
from oneword.engine.justone.deck import clues_each, current_card
from oneword.engine.justone.state import JustOneGame
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import HOST, Room, lobby, started
from oneword.i18n import N_

CLUES = ("orbit", "velvet", "harbour", "lantern", "glacier", "meadow", "thunder", "quartz")
"""Clue words for the sample cards, none of them in the English packages."""


def _just_one(now: float, players: int = 5) -> Room:
    return started(lobby(players, now=now, mode=Mode.JUST_ONE), now)


def _card(room: Room) -> tuple[str, list[str]]:
    """The current card's guesser and clue givers."""
    game = room.game
    assert isinstance(game, JustOneGame)
    card = current_card(game)
    assert card.guesser_id is not None
    return card.guesser_id, list(card.givers)


def _picked(room: Room) -> Room:
    guesser, _ = _card(room)
    return room.act(PickNumber(number=3), by=guesser)


def _written(room: Room, *, same: bool = False) -> Room:
    """Every giver writes; with `same`, the first two write the same clue (J-4)."""
    game = room.game
    assert isinstance(game, JustOneGame)
    each = clues_each(game)
    _, givers = _card(room)
    for n, giver in enumerate(givers):
        start = 0 if same and n == 1 else n * each
        room.act(WriteClues(words=list(CLUES[start : start + each])), by=giver)
    return room


def _shown(room: Room) -> Room:
    for giver in _card(room)[1]:
        room.act(ShowClues(), by=giver)
    return room


@entry(
    "jo-pick",
    N_("Just One: the guesser picks"),
    N_("The guesser picks a number without seeing the card."),
    ("J-2",),
)
def jo_pick(now: float) -> Scene:
    room = _just_one(now)
    return Scene(room.state, _card(room)[0])


@entry(
    "jo-write",
    N_("Just One: writing a clue"),
    N_("A clue giver sees the mystery word and writes one clue."),
    ("J-2", "J-3"),
)
def jo_write(now: float) -> Scene:
    room = _picked(_just_one(now))
    return Scene(room.state, _card(room)[1][0])


@entry(
    "jo-compare",
    N_("Just One: comparing clues"),
    N_("Two clues were the same: both are removed before the guesser sees them."),
    ("J-4",),
)
def jo_compare(now: float) -> Scene:
    room = _written(_picked(_just_one(now)), same=True)
    return Scene(room.state, _card(room)[1][0])


@entry(
    "jo-guess",
    N_("Just One: the guess"),
    N_("The guesser reads the surviving clues and answers or passes."),
    ("J-4", "J-5"),
)
def jo_guess(now: float) -> Scene:
    room = _shown(_written(_picked(_just_one(now)), same=True))
    return Scene(room.state, _card(room)[0])


@entry(
    "jo-reveal",
    N_("Just One: the card's end"),
    N_("A wrong answer: everyone sees the card, and the clue givers may count a near miss."),
    ("J-5",),
)
def jo_reveal(now: float) -> Scene:
    room = _shown(_written(_picked(_just_one(now))))
    guesser, givers = _card(room)
    room.act(Answer(word="nothing"), by=guesser)
    return Scene(room.state, givers[0])


@entry(
    "jo-results",
    N_("Just One: results"),
    N_("Thirteen cards played: the score and its rating."),
    ("J-6",),
)
def jo_results(now: float) -> Scene:
    room = _just_one(now)
    played = 0
    while room.game.outcome is None:
        _shown(_written(_picked(room)))
        guesser, givers = _card(room)
        game = room.game
        assert isinstance(game, JustOneGame)
        mystery = current_card(game).mystery
        right = played % 3 != 2  # every third card missed
        room.act(Answer(word=mystery if right and mystery else "nothing"), by=guesser)
        room.act(NextCard(), by=givers[0])
        played += 1
    return Scene(room.state, HOST)


@entry(
    "jo-watch", N_("Just One: watch"), N_("The projector during a Just One card."), ("J-3", "P-6")
)
def jo_watch(now: float) -> Scene:
    return Scene(_written(_picked(_just_one(now))).state, None, "watch")

"""What a Just One game holds (J): the deck of 13 cards, each with its five
words and how it was played. The card's words are the secret until the
card is over; the guesser never sees them (`views`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from ..models import GameBase, Model

MIN_PLAYERS = 3
"""J-1: Just One takes 3-7 players."""
MOST_PLAYERS = 7

JUST_ONE_CARDS = 13
"""J-1: cards in a Just One deck."""
WORDS_PER_CARD = 5
"""J-1: mystery words on each card; the guesser picks one by number (J-2)."""
DECK_WORDS = JUST_ONE_CARDS * WORDS_PER_CARD


class CardPhase(StrEnum):
    """Where the card in play is (J-2 to J-5)."""

    PICK = "pick"  # the guesser picks a number without seeing the card
    CLUES = "clues"  # the clue givers write in secret
    COMPARE = "compare"  # the clue givers check the clues and vote
    GUESS = "guess"  # the guesser answers or passes
    REVEAL = "reveal"  # the card is over: everyone sees it


class CardResult(StrEnum):
    """How a card ended (J-5)."""

    RIGHT = "right"
    WRONG = "wrong"
    PASSED = "passed"
    LOST = "lost"
    """Taken off the deck by the wrong answer before it."""
    UNPLAYED = "unplayed"
    """The game ended (too few players left) before this card."""


class WrittenClue(Model):
    """One clue on a card: who wrote it, the app's check (`removal`, a
    `compare.Removal` code or None; `kind`, a `compare.Kind` code, and
    `like`, the word it was found too close to) and the clue givers who
    voted to turn the app's decision round (J-4)."""

    by: str
    word: str
    removal: str | None = None
    kind: str | None = None
    like: str | None = None
    flip_votes: list[str] = Field(default_factory=list)


class JustOneCard(Model):
    """One card of the deck, its five words, and how it was played."""

    words: list[str] = Field(min_length=WORDS_PER_CARD, max_length=WORDS_PER_CARD)
    phase: CardPhase | None = None
    """None: not played yet (or lost, `result` says)."""
    guesser_id: str | None = None
    givers: list[str] = Field(default_factory=list)
    number: int | None = None
    clues: list[WrittenClue] = Field(default_factory=list)
    ready: list[str] = Field(default_factory=list)
    answer: str | None = None
    result: CardResult | None = None
    overrule_votes: list[str] = Field(default_factory=list)
    overruled: bool = False
    clue_deadline: float | None = None

    @property
    def mystery(self) -> str | None:
        """The picked word; None until the guesser picks (J-2)."""
        return self.words[self.number - 1] if self.number is not None else None


class JustOneGame(GameBase):
    """J: a cooperative game, everyone on one side (`players` all carry
    Team.RED). `cards` is the deck, `current` the card in play."""

    mode: Literal["just_one"] = "just_one"
    words: list[str] = Field(default_factory=list)
    cards: list[JustOneCard] = Field(min_length=JUST_ONE_CARDS, max_length=JUST_ONE_CARDS)
    current: int = 0
    language: str = "en"
    first_guesser: int = 0
    """Index into `players` of the first card's guesser; each card passes
    the role to the next player (J-1)."""

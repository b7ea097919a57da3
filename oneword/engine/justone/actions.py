"""Just One's own moves, as data (J-2 to J-6): what the guesser and the clue
givers may ask of a card. The mode's table (`mode.MOVES`) applies them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..actions import Action
from .state import WORDS_PER_CARD


class PickNumber(Action):
    """J-2: the guesser picks which of the card's words is the mystery word."""

    kind: Literal["pick_number"] = "pick_number"
    number: int = Field(ge=1, le=WORDS_PER_CARD)


class WriteClues(Action):
    """J-3: a clue giver's clue (two with 3 or 4 players), written once."""

    kind: Literal["write_clues"] = "write_clues"
    words: list[str] = Field(min_length=1, max_length=2)


class VoteClue(Action):
    """J-4: a clue giver's vote to turn the app's decision on one clue round
    (remove a kept clue, restore a removed one), or to take that vote back."""

    kind: Literal["vote_clue"] = "vote_clue"
    clue: int = Field(ge=0)
    flip: bool = True


class ShowClues(Action):
    """J-4: a clue giver is done comparing; when all are, the guesser sees
    the clues that survive."""

    kind: Literal["show_clues"] = "show_clues"


class Answer(Action):
    """J-5: the guesser's one answer."""

    kind: Literal["answer"] = "answer"
    word: str


class PassCard(Action):
    """J-5: the guesser passes; the card is lost."""

    kind: Literal["pass_card"] = "pass_card"


class Overrule(Action):
    """J-5: a clue giver's vote to count a near miss as right (or not)."""

    kind: Literal["overrule"] = "overrule"
    agree: bool = True


class NextCard(Action):
    """J-1: the card is over; the next guesser's card comes up."""

    kind: Literal["next_card"] = "next_card"


JustOneAction = (
    PickNumber | WriteClues | VoteClue | ShowClues | Answer | PassCard | Overrule | NextCard
)
"""The Just One game's own actions, applied by its moves table (`mode.MOVES`)."""

"""Just One (J): the second game, cooperative, everyone on one side.

`rules` holds the rules, `views` what each seat may know and do; the
`JustOneMode` object below is the game's shape as the generic core sees
it (`game_mode.GameMode`). Its own actions (pick, write, vote, show,
answer, pass, overrule, next card) come through `act`; the board's four
(clue with a number, mark, open, end turn) are refused.
"""

from __future__ import annotations

import random
from typing import ClassVar

from oneword.i18n import N_

from ..actions import (
    Answer,
    JustOneAction,
    NextCard,
    Overrule,
    PassCard,
    PickNumber,
    ShowClues,
    VoteClue,
    WriteClues,
)
from ..errors import Reason, TurnError
from ..game_mode import Due, GameMode
from ..models import DECK_WORDS, ClueNumber, Colour, JustOneGame, Member, Mode, RoomState, Team
from . import rules, views

__all__ = ["JUST_ONE", "JustOneMode", "rules", "views"]


def _not_here() -> TurnError:
    return TurnError(Reason.OTHER_GAME, N_("That is a move of another game, not of Just One."))


class JustOneMode(GameMode[JustOneGame]):
    mode = Mode.JUST_ONE
    state = JustOneGame
    words_needed: ClassVar[int] = DECK_WORDS

    def start(
        self,
        room: RoomState,
        members: list[Member],
        captains: dict[Team, str],
        words: list[str],
        rng: random.Random,
        now: float,
    ) -> JustOneGame:
        """J-1: no teams, no captains; the deck and the first guesser."""
        settings = room.settings
        return rules.start(members, words, settings.language, settings.just_one_timer, rng)

    def act(self, room: RoomState, game: JustOneGame, action: JustOneAction, now: float) -> None:
        by = action.by
        match action:
            case PickNumber():
                rules.pick(room, game, by, action.number, now)
            case WriteClues():
                rules.write(room, game, by, list(action.words))
            case VoteClue():
                rules.vote(game, by, action.clue, action.flip)
            case ShowClues():
                rules.show(room, game, by)
            case Answer():
                rules.answer(game, by, action.word)
            case PassCard():
                rules.pass_card(game, by)
            case Overrule():
                rules.overrule(game, by, action.agree)
            case NextCard():
                rules.next_card(game, by)

    def give_clue(
        self, room: RoomState, game: JustOneGame, by: str, word: str, number: ClueNumber, now: float
    ) -> None:
        raise _not_here()

    def mark(self, room: RoomState, game: JustOneGame, by: str, card: int) -> None:
        raise _not_here()

    def open_card(self, room: RoomState, game: JustOneGame, by: str, card: int, now: float) -> None:
        raise _not_here()

    def end_turn(self, room: RoomState, game: JustOneGame, by: str, now: float) -> None:
        raise _not_here()

    def on_disconnect(self, room: RoomState, game: JustOneGame, player_id: str, now: float) -> None:
        rules.on_disconnect(room, game, player_id)

    def on_reconnect(self, room: RoomState, game: JustOneGame, player_id: str, now: float) -> None:
        """Nothing waits on a reconnect: the card went on without them."""

    def on_leave(self, room: RoomState, game: JustOneGame, player_id: str, now: float) -> None:
        rules.on_leave(room, game, player_id)

    def deadlines(self, room: RoomState, game: JustOneGame) -> list[Due]:
        """J-3: the clue timer, when the host set one."""
        deadline = rules.current_card(game).clue_deadline
        return [] if deadline is None else [self.due(deadline, rules.clue_timer_expired)]

    def shift_clocks(self, game: JustOneGame, seconds: float) -> None:
        card = rules.current_card(game)
        if card.clue_deadline is not None:
            card.clue_deadline += seconds

    def view(self, room: RoomState, game: JustOneGame, member_id: str | None) -> views.JustOneView:
        return views.view(room, game, member_id)

    def permissions(
        self, room: RoomState, game: JustOneGame, member_id: str | None
    ) -> views.JustOnePermissions:
        return views.permissions(room, game, member_id)

    def hit_colour(self, game: JustOneGame, team: Team | None) -> Colour:
        """No board, no colours: nothing counts as a hit (R-2 is In One Word's)."""
        return Colour.GREEN


JUST_ONE = JustOneMode()

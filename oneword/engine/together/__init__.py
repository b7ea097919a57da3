"""Together (T) and its Final Round (F): everyone on one side.

`rules` holds the rules, `views` what each seat may know and do; the
`TogetherMode` object below is the game's shape, as the generic core sees
it (`game_mode.GameMode`).
"""

from __future__ import annotations

import random

from ..actions import EndTurn, GiveClue, Mark, Open
from ..game_mode import Due, GameMode, Moves
from ..models import Colour, Member, Mode, RoomState, Team, TogetherGame
from ..view_parts import Permissions
from . import rules, views

__all__ = ["TOGETHER", "TogetherMode", "rules", "views"]


def _give_clue(room: RoomState, game: TogetherGame, action: GiveClue, now: float) -> None:
    rules.give_clue(room, game, action.by, action.word, action.number, now)


def _mark(room: RoomState, game: TogetherGame, action: Mark, now: float) -> None:
    rules.mark(game, action.by, action.card)


def _open(room: RoomState, game: TogetherGame, action: Open, now: float) -> None:
    rules.open_card(room, game, action.by, action.card, now)


def _end_turn(room: RoomState, game: TogetherGame, action: EndTurn, now: float) -> None:
    rules.end_turn(room, game, action.by, now)


MOVES: Moves = {GiveClue: _give_clue, Mark: _mark, Open: _open, EndTurn: _end_turn}
"""T-3 to T-7 and F: a side's clue, marks, opens and the end of a turn."""


class TogetherMode(GameMode[TogetherGame]):
    mode = Mode.TOGETHER
    state = TogetherGame
    moves = MOVES

    def start(
        self,
        room: RoomState,
        members: list[Member],
        captains: dict[Team, str],
        words: list[str],
        rng: random.Random,
        now: float,
    ) -> TogetherGame:
        """T-1: no captains; the clue giver rotates within each side (T-3)."""
        return rules.start(room, members, words, rng, now)

    def on_disconnect(
        self, room: RoomState, game: TogetherGame, player_id: str, now: float
    ) -> None:
        rules.on_disconnect(room, game, player_id, now)

    def on_reconnect(self, room: RoomState, game: TogetherGame, player_id: str, now: float) -> None:
        rules.on_reconnect(room, game, player_id, now)

    def on_leave(self, room: RoomState, game: TogetherGame, player_id: str, now: float) -> None:
        rules.on_leave(room, game, player_id, now)

    def deadlines(self, room: RoomState, game: TogetherGame) -> list[Due]:
        """X-1, X-2 and X-7."""
        turn = game.turn
        if turn is None:
            return []
        found: list[Due] = []
        if turn.clue_deadline is not None:
            found.append(self.due(turn.clue_deadline, rules.clue_timer_expired))
        if turn.giver_away_deadline is not None:
            found.append(self.due(turn.giver_away_deadline, rules.giver_away_expired))
        return found

    def view(
        self, room: RoomState, game: TogetherGame, member_id: str | None
    ) -> views.TogetherView:
        return views.view(room, game, member_id)

    def permissions(
        self, room: RoomState, game: TogetherGame, member_id: str | None
    ) -> Permissions:
        return views.permissions(room, game, member_id)

    def hit_colour(self, game: TogetherGame, team: Team | None) -> Colour:
        return views.hit_colour(team)


TOGETHER = TogetherMode()

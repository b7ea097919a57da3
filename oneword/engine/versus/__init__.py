"""Versus (V): two teams race to open their own cards; the black card loses.

`rules` holds the rules, `views` what each seat may know and do; the
`VersusMode` object below is the game's shape, as the generic core sees it
(`game_mode.GameMode`).
"""

from __future__ import annotations

import random

from ..game_mode import Due, GameMode
from ..models import ClueNumber, Colour, Member, Mode, RoomState, Team, VersusGame
from ..view_parts import Permissions
from . import rules, views
from .rules import guessers, guesses_left, may_guess

__all__ = ["VERSUS", "VersusMode", "guessers", "guesses_left", "may_guess", "rules", "views"]


class VersusMode(GameMode[VersusGame]):
    mode = Mode.VERSUS
    state = VersusGame

    def start(
        self,
        room: RoomState,
        members: list[Member],
        captains: dict[Team, str],
        words: list[str],
        rng: random.Random,
        now: float,
    ) -> VersusGame:
        return rules.start(room, members, captains, words, rng, now)

    def draws_captains(self) -> bool:
        return True

    def give_clue(
        self, room: RoomState, game: VersusGame, by: str, word: str, number: ClueNumber, now: float
    ) -> None:
        rules.give_clue(room, game, by, word, number, now)

    def mark(self, room: RoomState, game: VersusGame, by: str, card: int) -> None:
        rules.mark(room, game, by, card)

    def open_card(self, room: RoomState, game: VersusGame, by: str, card: int, now: float) -> None:
        rules.open_card(room, game, by, card, now)

    def end_turn(self, room: RoomState, game: VersusGame, by: str, now: float) -> None:
        rules.end_turn(room, game, by, now)

    def on_disconnect(self, room: RoomState, game: VersusGame, player_id: str, now: float) -> None:
        rules.on_disconnect(room, game, player_id, now)

    def on_reconnect(self, room: RoomState, game: VersusGame, player_id: str, now: float) -> None:
        rules.on_reconnect(room, game, player_id, now)

    def on_leave(self, room: RoomState, game: VersusGame, player_id: str, now: float) -> None:
        rules.on_leave(room, game, player_id, now)

    def deadlines(self, room: RoomState, game: VersusGame) -> list[Due]:
        """X-1, X-2 (the clue timer only warns on one device, O-4), X-4, X-6."""
        turn = game.turn
        if turn is None:
            return []
        found: list[Due] = []
        if turn.clue_deadline is not None and not game.one_device:
            found.append(self.due(turn.clue_deadline, rules.clue_timer_expired))
        if turn.giver_away_deadline is not None:
            found.append(self.due(turn.giver_away_deadline, rules.captain_away_expired))
        if turn.guessers_away_deadline is not None:
            found.append(self.due(turn.guessers_away_deadline, rules.guessers_away_expired))
        return found

    def view(self, room: RoomState, game: VersusGame, member_id: str | None) -> views.VersusView:
        return views.view(room, game, member_id)

    def permissions(self, room: RoomState, game: VersusGame, member_id: str | None) -> Permissions:
        return views.permissions(room, game, member_id)

    def hit_colour(self, game: VersusGame, team: Team | None) -> Colour:
        return views.hit_colour(team)


VERSUS = VersusMode()

"""Versus's shape as the generic core sees it (`game_mode.GameMode`): its
moves table, how it starts, its deadlines, connections and views."""

from __future__ import annotations

from oneword.i18n import N_

from ..game_mode import Deal, Due, GameMode, board_moves
from ..models import Colour, Mode, NoticeKind, RoomState, Team
from ..view_parts import Permissions
from . import rules, views
from .state import MIN_PLAYERS, MOST_PLAYERS, VersusGame

MOVES = board_moves(
    give_clue=rules.give_clue,
    mark=rules.mark,
    open_card=rules.open_card,
    end_turn=rules.end_turn,
)
"""V-5 to V-11: the captain's clue, the guessers' marks, opens and end of turn."""


class VersusMode(GameMode[VersusGame]):
    mode = Mode.VERSUS
    state = VersusGame
    moves = MOVES
    title = N_("Versus")
    players = (MIN_PLAYERS, MOST_PLAYERS)
    switched_to = NoticeKind.SWITCHED_TO_VERSUS

    def start(self, deal: Deal) -> VersusGame:
        return rules.start(deal)

    def draws_captains(self) -> bool:
        return True

    def check_teams(self, room: RoomState) -> None:
        rules.check_teams(room)

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

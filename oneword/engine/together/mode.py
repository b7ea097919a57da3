"""Together's shape as the generic core sees it (`game_mode.GameMode`): its
moves table, how it starts, its deadlines, connections and views."""

from __future__ import annotations

from oneword.i18n import N_

from ..game_mode import Deal, Due, GameMode, board_moves
from ..models import Colour, Mode, NoticeKind, RoomState, Team
from ..view_parts import Permissions
from . import rules, views
from .state import MIN_PLAYERS, MOST_PLAYERS, TogetherGame

MOVES = board_moves(
    give_clue=rules.give_clue,
    mark=lambda room, game, by, card: rules.mark(game, by, card),
    open_card=rules.open_card,
    end_turn=rules.end_turn,
)
"""T-3 to T-7 and F: a side's clue, marks, opens and the end of a turn."""


class TogetherMode(GameMode[TogetherGame]):
    mode = Mode.TOGETHER
    state = TogetherGame
    moves = MOVES
    title = N_("Together")
    players = (MIN_PLAYERS, MOST_PLAYERS)
    one_device_refusal = N_("Together is never played on one device.")
    switched_to = NoticeKind.SWITCHED_TO_TOGETHER

    def start(self, deal: Deal) -> TogetherGame:
        """T-1: no captains; the clue giver rotates within each side (T-3)."""
        return rules.start(deal)

    def check_teams(self, room: RoomState) -> None:
        rules.check_teams(room)

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

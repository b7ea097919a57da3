"""Codewords (K-2): a variant of Versus on the same board and teams.

This is the one place the variant declares how it differs: its clue rules
(`clues`, through `give_clue`), its guess flow (the bonus guess and the
first tap opening a card, `mark` and `end_turn`), its seat draw
(`draw_captains`: handlers from volunteers) and who takes over from a
handler who leaves (`on_leave`). Everything else is `VersusMode`'s.
"""

from __future__ import annotations

import random

from ..game_mode import Deal, board_moves
from ..models import Preset, RoomState, Team
from ..versus import rules as versus_rules
from ..versus.mode import VersusMode
from ..versus.state import VersusGame
from ..versus.views import VersusView
from ..view_parts import Permissions
from . import rules, views
from .state import CodewordsGame

MOVES = board_moves(
    give_clue=rules.give_clue,
    mark=lambda room, game, by, card: rules.check_mark(room, game, by),
    open_card=versus_rules.open_card,
    end_turn=rules.end_turn,
)
"""K-2: Versus's moves, with the Codewords clue, the mark refused (P is the
guesser's own key) and the end of a turn only at the bonus guess."""


class CodewordsMode(VersusMode):
    """Versus's shape (`game_mode.GameMode`) with the Codewords rules."""

    preset = Preset.CODEWORDS
    state = CodewordsGame  # type: ignore[assignment]
    moves = MOVES

    def draw_captains(self, room: RoomState, rng: random.Random) -> dict[Team, str] | None:
        return rules.draw_handlers(room, rng)

    def start(self, deal: Deal) -> CodewordsGame:
        return rules.start(deal)

    def on_leave(self, room: RoomState, game: VersusGame, player_id: str, now: float) -> None:
        rules.on_leave(room, _own(game), player_id, now)

    def view(self, room: RoomState, game: VersusGame, member_id: str | None) -> VersusView:
        return views.view(room, _own(game), member_id)

    def permissions(self, room: RoomState, game: VersusGame, member_id: str | None) -> Permissions:
        return views.permissions(room, _own(game), member_id)


def _own(game: VersusGame) -> CodewordsGame:
    """The core hands a mode only its own games (`modes.mode_of`)."""
    assert isinstance(game, CodewordsGame)
    return game


CODEWORDS = CodewordsMode()

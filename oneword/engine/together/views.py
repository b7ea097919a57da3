"""What each seat may know of a Together game (T-2, P-6), and what it may
do now.

A player sees their own side's map only; found cards are green for
everyone, and the card that ended the game shows its colour. Once the game
is over both maps are everyone's.
"""

from __future__ import annotations

from typing import Literal

from ..models import Colour, RoomState, Team
from ..results import best_clue
from ..turns import openings_so_far
from ..view_parts import (
    CardView,
    GameViewBase,
    LogEntryView,
    Permissions,
    allowed,
    log_entry_view,
    outcome_view,
    player_views,
    turn_view,
)
from . import rules
from .state import TogetherGame


class TogetherView(GameViewBase):
    mode: Literal["together"] = "together"
    turns_used: int
    turn_limit: int
    greens_left: int
    final_round: bool


class TogetherPlayerView(TogetherView):
    """A player sees only their own side's map (T-2)."""

    view: Literal["together_player"] = "together_player"
    key: list[Colour]


class TogetherSpectatorView(TogetherView):
    view: Literal["together_spectator"] = "together_spectator"


class TogetherFinishedView(TogetherView):
    view: Literal["together_finished"] = "together_finished"
    keys: dict[Team, list[Colour]]


def permissions(room: RoomState, game: TogetherGame, member_id: str | None) -> Permissions:
    """The seat's answers from the rules' own checks (T-3, T-4, T-6, F-2)."""
    if member_id is None:
        return Permissions()
    by = member_id
    return Permissions(
        give_clue=allowed(lambda: rules.check_give_clue(game, by)),
        open=allowed(lambda: rules.check_open(game, by)),
        end_turn=allowed(lambda: rules.check_end_turn(game, by)),
        confirm_each_open=game.final_round,
    )


def hit_colour(team: Team | None) -> Colour:
    """R-2: a Together clue hits green cards."""
    return Colour.GREEN


def _best_clue(game: TogetherGame) -> LogEntryView | None:
    entry = best_clue(game, hit_colour)
    return log_entry_view(entry) if entry else None


def _card(game: TogetherGame, index: int, word: str) -> CardView:
    if game.found[index]:
        colour: Colour | None = Colour.GREEN
    else:
        colour = game.fatal_colour if game.fatal_card == index else None
    return CardView(
        index=index, word=word, colour=colour, neutral_for=list(game.neutral_for[index])
    )


def view(room: RoomState, game: TogetherGame, member_id: str | None) -> TogetherView:
    player = game.player(member_id) if member_id else None
    if player is not None and player.left:
        player = None
    over = game.outcome is not None
    turn = game.turn
    common = dict(
        your_team=player.team if player else None,
        board=[_card(game, i, word) for i, word in enumerate(game.words)],
        players=player_views(
            room,
            game,
            lambda pid, _team: (
                "clue giver" if turn is not None and turn.giver_id == pid else "player"
            ),
        ),
        turn=turn_view(game, None),
        log=[log_entry_view(e) for e in game.log],
        outcome=outcome_view(game),
        best_clue=_best_clue(game) if over else None,
        one_device=game.one_device,
        openings_so_far=openings_so_far(game),
        turns_used=game.turns_used,
        turn_limit=game.turn_limit,
        greens_left=game.greens_left(),
        final_round=game.final_round,
        you_may=permissions(room, game, player.id if player else None),
    )
    if over:
        return TogetherFinishedView(
            seat="player" if player else "spectator",
            keys={t: list(k) for t, k in game.keys.items()},
            **common,
        )
    if player is None:
        return TogetherSpectatorView(seat="spectator", **common)
    return TogetherPlayerView(seat="player", key=list(game.keys[player.team]), **common)

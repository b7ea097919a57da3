"""What each seat may know of a Versus game (V-3, V-5, P-6), and what it
may do now.

Captains see the map; guessers and spectators see the colours of open
cards only, and marks only of their own team; once the game is over the
map is everyone's. Every view is a new object built field by field.
"""

from __future__ import annotations

from typing import Literal

from ..models import Colour, GamePlayer, RoomState, Team, team_colour
from ..results import best_clue
from ..turns import openings_so_far
from ..view_parts import (
    CardView,
    GameViewBase,
    LogEntryView,
    Permissions,
    Role,
    Seat,
    allowed,
    log_entry_view,
    outcome_view,
    player_views,
    turn_view,
)
from . import rules
from .state import VersusGame


class VersusView(GameViewBase):
    """What anyone at the table may know of a Versus game."""

    mode: Literal["versus"] = "versus"
    starting_team: Team
    cards_left: dict[Team, int]
    may_guess: bool = False


class VersusCaptainView(VersusView):
    """A captain's seat: the map (V-3)."""

    view: Literal["versus_captain"] = "versus_captain"
    key: list[Colour]


class VersusGuesserView(VersusView):
    view: Literal["versus_guesser"] = "versus_guesser"


class VersusSpectatorView(VersusView):
    view: Literal["versus_spectator"] = "versus_spectator"


class VersusFinishedView(VersusView):
    """V-3: when the game ends, the map is shown to everyone."""

    view: Literal["versus_finished"] = "versus_finished"
    key: list[Colour]


def permissions(room: RoomState, game: VersusGame, member_id: str | None) -> Permissions:
    """The seat's answers from the rules' own checks (V-5, V-11, V-14)."""
    if member_id is None:
        return Permissions()
    by = member_id
    return Permissions(
        give_clue=allowed(lambda: rules.check_give_clue(game, by)),
        mark=allowed(lambda: rules.check_guesser(room, game, by)),
        open=allowed(lambda: rules.check_guesser(room, game, by)),
        end_turn=allowed(lambda: rules.check_end_turn(room, game, by)),
    )


def _marks(game: VersusGame, team: Team | None) -> dict[int, list[str]]:
    """V-5: marks are visible to the marking team only."""
    turn = game.turn
    if turn is None or team is not turn.team:
        return {}
    names = {p.id: p.name for p in game.players}
    return {card: [names.get(i, "?") for i in ids] for card, ids in turn.marks.items()}


def _role(game: VersusGame) -> dict[str, Role]:
    return {
        p.id: "captain" if game.captains.get(p.team) == p.id else "guesser" for p in game.players
    }


def view(room: RoomState, game: VersusGame, member_id: str | None) -> VersusView:
    player = game.player(member_id) if member_id else None
    if player is not None and player.left:
        player = None
    team = player.team if player else None
    over = game.outcome is not None
    marks = {} if over else _marks(game, team)
    roles = _role(game)
    may = permissions(room, game, player.id if player else None)
    common = dict(
        your_team=team,
        board=[
            CardView(
                index=i,
                word=word,
                colour=game.key[i] if game.opened[i] else None,
                marked_by=marks.get(i, []),
            )
            for i, word in enumerate(game.words)
        ],
        players=player_views(room, game, lambda pid, _team: roles[pid]),
        turn=turn_view(game, rules.guesses_left(game)),
        log=[log_entry_view(e) for e in game.log],
        outcome=outcome_view(game),
        best_clue=_best_clue(game) if over else None,
        one_device=game.one_device,
        openings_so_far=openings_so_far(game),
        starting_team=game.starting_team,
        cards_left={t: game.cards_left(t) for t in Team},
        you_may=may,
    )
    if over:
        return VersusFinishedView(seat=_seat(game, player), key=list(game.key), **common)
    if player is None:
        return VersusSpectatorView(seat="spectator", **common)
    if game.captains.get(player.team) == player.id:
        return VersusCaptainView(seat="captain", key=list(game.key), **common)
    return VersusGuesserView(seat="guesser", may_guess=may.open, **common)


def hit_colour(team: Team | None) -> Colour:
    """R-2: a Versus clue hits its own team's cards."""
    assert team is not None
    return team_colour(team)


def _best_clue(game: VersusGame) -> LogEntryView | None:
    entry = best_clue(game, hit_colour)
    return log_entry_view(entry) if entry else None


def _seat(game: VersusGame, player: GamePlayer | None) -> Seat:
    if player is None:
        return "spectator"
    return "captain" if player.id in game.captains.values() else "guesser"

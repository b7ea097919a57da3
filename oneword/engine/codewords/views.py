"""What each seat may know of a Codewords game, and what it may do now.

A Codewords seat looks like a Versus one (seat "captain" for the handler,
with the map in `key`; "guesser"; "spectator"; the finished game's map for
everyone), so pages and bots that play Versus read it the same way. The
differences are in the view, never left to a page to work out: each side's
name and colour (`sides`), the bonus guess (`turn.bonus_guess`), and that a
tap opens a card (`you_may.open_on_tap`, with no marks).
"""

from __future__ import annotations

from typing import Any, Literal

from ..models import Preset, RoomState, Team
from ..versus import views as versus
from ..versus.rules import check_give_clue, check_guesser
from ..view_parts import Permissions, SideView, allowed
from . import rules
from .colours import PALETTE
from .state import CodewordsGame


class CodewordsCaptainView(versus.VersusCaptainView):
    """The handler's seat: the map."""

    view: Literal["codewords_captain"] = "codewords_captain"  # type: ignore[assignment]


class CodewordsGuesserView(versus.VersusGuesserView):
    view: Literal["codewords_guesser"] = "codewords_guesser"  # type: ignore[assignment]


class CodewordsSpectatorView(versus.VersusSpectatorView):
    view: Literal["codewords_spectator"] = "codewords_spectator"  # type: ignore[assignment]


class CodewordsFinishedView(versus.VersusFinishedView):
    view: Literal["codewords_finished"] = "codewords_finished"  # type: ignore[assignment]


_CLASSES: dict[type[versus.VersusView], type[versus.VersusView]] = {
    versus.VersusCaptainView: CodewordsCaptainView,
    versus.VersusGuesserView: CodewordsGuesserView,
    versus.VersusSpectatorView: CodewordsSpectatorView,
    versus.VersusFinishedView: CodewordsFinishedView,
}


def permissions(room: RoomState, game: CodewordsGame, member_id: str | None) -> Permissions:
    """The seat's answers from the Codewords rules' own checks."""
    if member_id is None:
        return Permissions()
    by = member_id
    may_open = allowed(lambda: check_guesser(room, game, by))
    return Permissions(
        give_clue=allowed(lambda: check_give_clue(game, by)),
        mark=allowed(lambda: rules.check_mark(room, game, by)),
        open=may_open,
        open_on_tap=may_open,
        end_turn=allowed(lambda: rules.check_end_turn(room, game, by)),
    )


def sides(game: CodewordsGame) -> dict[Team, SideView]:
    return side_views(game.side_colours)


def side_views(colours: dict[Team, str]) -> dict[Team, SideView]:
    """How each side is named and drawn, from its palette colour."""
    return {
        team: SideView(colour=colour, name=PALETTE[colour].name, hex=PALETTE[colour].hex)
        for team, colour in colours.items()
    }


def lobby_sides(room: RoomState) -> dict[Team, SideView]:
    """K-2 in a Codewords lobby: the sides whose colour is already certain
    (`rules.known_side_colours`), named as the game will name them."""
    if room.settings.preset is not Preset.CODEWORDS or room.game is not None:
        return {}
    return side_views(rules.known_side_colours(room))


def view(room: RoomState, game: CodewordsGame, member_id: str | None) -> versus.VersusView:
    """The Versus view of this seat, with the Codewords differences."""
    base = versus.view(room, game, member_id)
    player = game.player(member_id) if member_id else None
    may = permissions(room, game, player.id if player and not player.left else None)
    fields: dict[str, Any] = {
        name: getattr(base, name) for name in type(base).model_fields if name != "view"
    }
    fields["you_may"] = may
    fields["sides"] = sides(game)
    fields["preset"] = Preset.CODEWORDS.value
    if base.turn is not None:
        fields["turn"] = base.turn.model_copy(update={"bonus_guess": rules.bonus_guess(game)})
    if isinstance(base, versus.VersusGuesserView):
        fields["may_guess"] = may.open
    return _CLASSES[type(base)](**fields)

"""Per-seat views: separate whitelist objects, never a censored state.

`view_for(room, member_id)` builds the room as one seat may see it: the
members, the lobby's settings and, while a game runs, the game as its mode
shows it to that seat (V-3, T-2, P-6), with what the seat may do now.
Nothing is deleted from the state to make a view, so a field added to the
state later cannot leak by accident: it is simply not copied. Pages and
bots read views, never `RoomState`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, SerializeAsAny

from oneword.i18n import N_

from .codewords.views import lobby_sides
from .errors import LobbyError, Reason, TurnError
from .justone.state import JustOneGame
from .models import BotLevel, ClueTimer, Mode, Model, Notice, Preset, RoomState, Team, TogetherTurns
from .modes import mode_of
from .one_device import check_start_guessing, table_gives_clue, table_guesser, table_step
from .pause import may_pause, may_resume
from .player_counts import allowed_modes
from .versus.state import VersusGame
from .versus.views import VersusCaptainView
from .view_parts import (
    CardView,
    ClueView,
    GameViewBase,
    LogEntryView,
    OpeningView,
    OutcomeView,
    Permissions,
    PlayerView,
    Seat,
    SideView,
    TurnView,
    allowed,
)

__all__ = [
    "CardView",
    "ClueView",
    "GameView",
    "GameViewBase",
    "LogEntryView",
    "MemberView",
    "OpeningView",
    "OutcomeView",
    "Permissions",
    "PlayerView",
    "RoomView",
    "Seat",
    "SettingsView",
    "SideView",
    "TurnView",
    "game_view",
    "map_view",
    "view_for",
]

GameView = Annotated[GameViewBase, SerializeAsAny()]
"""A seat's view of the running game: whatever its mode's `view` gives,
shown with all of its own fields (no list of modes here)."""


class MemberView(Model):
    id: str
    name: str
    team: Team | None
    connected: bool
    bot: bool
    bot_level: BotLevel | None = None
    host: bool
    volunteer: bool = False
    colour: str | None = None
    """K-2: the colour picked in the lobby (a palette id)."""
    title: str | None = None
    """PR-3: the id of the title shown under this player's name."""
    watching: bool = False
    """L-4: the host runs the room without playing."""


class SettingsView(Model):
    """The lobby's settings as everyone may see them (L-4)."""

    mode: Mode
    preset: Preset = Preset.IN_ONE_WORD
    clue_timer: ClueTimer
    just_one_timer: ClueTimer = 0
    together_turns: TogetherTurns
    language: str
    package: str | None
    custom_words: list[str] | None
    one_device: bool
    locked: bool


class RoomView(Model):
    """A member's (or the watch page's) view of a whole room."""

    you: MemberView | None
    host_name: str | None
    host_warning: bool
    members: list[MemberView]
    settings: SettingsView
    captains: dict[Team, str]
    allowed_modes: list[Mode]
    notice: Notice | None
    paused_at: float | None = None
    paused_by: str | None = None
    game: GameView | None
    bot_thinking: bool = False
    """B-5: a bot's move is coming (the board says so)."""
    lobby_sides: dict[Team, SideView] = Field(default_factory=dict)
    """K-2: in a Codewords lobby, each side whose name and colour the deal
    can no longer change (a side left out is named by its usual colour,
    with a note that its handler's colour decides)."""
    sides_locked: bool = False
    """K-2: the host locked the Codewords sides."""

    def players(self) -> list[MemberView]:
        """The members who play: all but a host who only watches (L-4)."""
        return [m for m in self.members if not m.watching]


def view_for(room: RoomState, member_id: str | None) -> RoomView:
    """The room as `member_id` may see it; None is the watch page (P-6)."""
    members = [_member_view(room, m.id) for m in room.members]
    you = next((m for m in members if m.id == member_id), None)
    host = room.member(room.host_id)
    # O-2: on one device the seat is the whole table, so its view is what
    # everyone at the table may see; the map comes only from `map_view`.
    # A bot at the table plays its own seat, through its own view (B-1).
    table = room.settings.one_device and you is not None and not you.bot
    seat = None if table or you is None else member_id
    return RoomView(
        you=you,
        host_name=host.name if host else None,
        host_warning=room.host_warning,
        members=members,
        settings=_settings_view(room),
        captains=dict(room.captains),
        allowed_modes=allowed_modes(len(room.players()), room.settings.one_device),
        notice=room.notice.model_copy() if room.notice else None,
        paused_at=room.paused_at if room.game and not room.game.over else None,
        paused_by=_name(room, room.paused_by),
        game=game_view(room, seat, table=table),
        bot_thinking=room.bot_due is not None and room.game is not None and not room.game.over,
        lobby_sides=lobby_sides(room),
        sides_locked=room.sides_locked,
    )


def game_view(room: RoomState, member_id: str | None, *, table: bool = False) -> GameView | None:
    """The running game as this seat sees it, with what it may do now. At a
    one-device table (`table`) the device may pause and resume for everyone."""
    game = room.game
    if game is None:
        return None
    mode = mode_of(game)
    view = mode.view(room, game, member_id)
    may = _table_permissions(room) if table else view.you_may
    actor = room.host_id if table else member_id
    may = may.model_copy(
        update={"pause": may_pause(room, actor), "resume": may_resume(room, actor)}
    )
    step = table_step(game) if table else None
    return view.model_copy(update={"you_may": may, "table_step": step})


def _table_permissions(room: RoomState) -> Permissions:
    """O-2, O-3: the device gives the clue for the playing captain and opens
    cards for the team's first guesser (`one_device.table_guesser`)."""
    game = room.game
    turn = game.turn if game else None
    if game is None or turn is None:
        return Permissions()
    mode = mode_of(game)
    captain = mode.permissions(room, game, turn.giver_id)
    guesser = mode.permissions(room, game, table_guesser(room, game))
    start = allowed(lambda: check_start_guessing(room))
    give = captain.give_clue and table_gives_clue(room, game)
    return guesser.model_copy(update={"give_clue": give, "start_guessing": start})


def map_view(room: RoomState) -> VersusCaptainView:
    """O-2: the playing team's captain has taken the device and tapped Show
    the Map. Only in a one-device game, and only while that captain's clue
    is awaited: once the clue is given the map is out of reach again."""
    game = room.game
    if not room.settings.one_device or not isinstance(game, VersusGame):
        raise LobbyError(Reason.NOT_ONE_DEVICE, N_("The map is shown this way only on one device."))
    turn = game.turn
    if game.over or turn is None or turn.clue is not None:
        raise TurnError(
            Reason.MAP_HIDDEN, N_("The map is shown only while the captain picks the clue.")
        )
    view = mode_of(game).view(room, game, game.captains[turn.team])
    assert isinstance(view, VersusCaptainView)
    return view


def _settings_view(room: RoomState) -> SettingsView:
    """The lobby's settings. While a Just One game runs, the room's own word
    list stays out: it is the deck, and a guesser who held the 65 words
    would guess among them (J-2)."""
    s = room.settings
    deck_in_play = isinstance(room.game, JustOneGame) and not room.game.over
    return SettingsView(
        mode=s.mode,
        preset=s.preset,
        clue_timer=s.clue_timer,
        just_one_timer=s.just_one_timer,
        together_turns=s.together_turns,
        language=s.language,
        package=s.package,
        custom_words=list(s.custom_words) if s.custom_words and not deck_in_play else None,
        one_device=s.one_device,
        locked=s.locked,
    )


def _name(room: RoomState, member_id: str | None) -> str | None:
    player = room.game.player(member_id) if room.game and member_id else None
    return player.name if player else None


def _member_view(room: RoomState, member_id: str) -> MemberView:
    m = room.member(member_id)
    assert m is not None
    return MemberView(
        id=m.id,
        name=m.name,
        team=m.team,
        connected=m.connected,
        bot=m.bot,
        bot_level=m.bot_level if m.bot else None,
        host=m.id == room.host_id,
        volunteer=m.volunteer,
        colour=m.colour,
        title=m.title,
        watching=m.watching,
    )

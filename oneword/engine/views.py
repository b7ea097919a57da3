"""Per-seat views: separate whitelist objects, never a censored state.

Each builder copies into a new, smaller object only what that seat may
know (V-3, T-2, P-6). Nothing is deleted from the state to make a view, so
a field added to the state later cannot leak by accident: it is simply not
copied. Pages and bots read views, never `RoomState`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from . import lobby, versus
from .errors import SeatError, TurnError
from .models import (
    Clue,
    Colour,
    GamePlayer,
    LogEntry,
    Mode,
    Model,
    Outcome,
    RoomState,
    Settings,
    Team,
    TogetherGame,
    Turn,
    VersusGame,
)
from .results import best_clue

Seat = Literal["captain", "guesser", "player", "spectator"]


class CardView(Model):
    """A card as a seat sees it. `colour` is set only once the card is open
    (Versus) or found, or was the card that ended the game (Together)."""

    index: int
    word: str
    colour: Colour | None = None
    neutral_for: list[Team] = Field(default_factory=list)
    marked_by: list[str] = Field(default_factory=list)


class MemberView(Model):
    id: str
    name: str
    team: Team | None
    connected: bool
    bot: bool
    host: bool


class PlayerView(Model):
    id: str
    name: str
    team: Team
    left: bool
    connected: bool
    role: Literal["captain", "guesser", "clue giver", "player"]


class TurnView(Model):
    number: int
    team: Team
    giver_id: str | None
    giver_name: str | None
    clue: Clue | None
    opened: int
    guesses_left: int | None
    started_at: float
    clue_deadline: float | None
    giver_away_deadline: float | None
    guessers_away_deadline: float | None


class GameViewBase(Model):
    seat: Seat
    your_team: Team | None
    board: list[CardView]
    players: list[PlayerView]
    turn: TurnView | None
    log: list[LogEntry]
    outcome: Outcome | None
    best_clue: LogEntry | None
    one_device: bool


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


GameView = Annotated[
    VersusCaptainView
    | VersusGuesserView
    | VersusSpectatorView
    | VersusFinishedView
    | TogetherPlayerView
    | TogetherSpectatorView
    | TogetherFinishedView,
    Field(discriminator="view"),
]


class RoomView(Model):
    """A member's (or the watch page's) view of a whole room."""

    you: MemberView | None
    host_name: str | None
    host_warning: bool
    members: list[MemberView]
    settings: Settings
    captains: dict[Team, str]
    allowed_modes: list[Mode]
    notice: str | None
    paused_at: float | None = None
    paused_by: str | None = None
    game: GameView | None


def view_for(room: RoomState, member_id: str | None) -> RoomView:
    """The room as `member_id` may see it; None is the watch page (P-6)."""
    members = [_member_view(room, m.id) for m in room.members]
    you = next((m for m in members if m.id == member_id), None)
    host = room.member(room.host_id)
    # O-2: on one device the seat is the whole table, so its view is what
    # everyone at the table may see; the map comes only from `map_view`.
    seat = None if room.settings.one_device or you is None else member_id
    return RoomView(
        you=you,
        host_name=host.name if host else None,
        host_warning=room.host_warning,
        members=members,
        settings=room.settings.model_copy(),
        captains=dict(room.captains),
        allowed_modes=lobby.allowed_modes(len(room.members), room.settings.one_device),
        notice=room.notice,
        paused_at=room.paused_at if room.game and not room.game.over else None,
        paused_by=_name(room, room.paused_by),
        game=game_view(room, seat),
    )


def map_view(room: RoomState) -> VersusCaptainView:
    """O-2: the playing team's captain has taken the device and tapped Show
    the Map. Only in a one-device game, and only while that captain's clue
    is awaited: once the clue is given the map is out of reach again."""
    game = room.game
    if not room.settings.one_device or not isinstance(game, VersusGame):
        raise SeatError("not_one_device", "The map is shown this way only on one device.")
    turn = game.turn
    if game.over or turn is None or turn.clue is not None:
        raise TurnError("map_hidden", "The map is shown only while the captain picks the clue.")
    view = _versus_view(room, game, game.captains[turn.team])
    assert isinstance(view, VersusCaptainView)
    return view


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
        host=m.id == room.host_id,
    )


def game_view(room: RoomState, member_id: str | None) -> GameView | None:
    game = room.game
    if isinstance(game, VersusGame):
        return _versus_view(room, game, member_id)
    if isinstance(game, TogetherGame):
        return _together_view(room, game, member_id)
    return None


def _turn_view(room: RoomState, turn: Turn | None, guesses_left: int | None) -> TurnView | None:
    if turn is None:
        return None
    giver = room.game.player(turn.giver_id) if room.game and turn.giver_id else None
    return TurnView(
        number=turn.number,
        team=turn.team,
        giver_id=turn.giver_id,
        giver_name=giver.name if giver else None,
        clue=turn.clue.model_copy() if turn.clue else None,
        opened=turn.opened,
        guesses_left=guesses_left,
        started_at=turn.started_at,
        clue_deadline=turn.clue_deadline,
        giver_away_deadline=turn.giver_away_deadline,
        guessers_away_deadline=turn.guessers_away_deadline,
    )


def _players(room: RoomState, game: VersusGame | TogetherGame) -> list[PlayerView]:
    views = []
    for p in game.players:
        member = room.member(p.id)
        if isinstance(game, VersusGame):
            role = "captain" if game.captains.get(p.team) == p.id else "guesser"
        else:
            role = "clue giver" if game.turn and game.turn.giver_id == p.id else "player"
        views.append(
            PlayerView(
                id=p.id,
                name=p.name,
                team=p.team,
                left=p.left,
                connected=bool(member and member.connected),
                role=role,
            )
        )
    return views


def _marks(game: VersusGame, team: Team | None) -> dict[int, list[str]]:
    """V-5: marks are visible to the marking team only."""
    turn = game.turn
    if turn is None or team is not turn.team:
        return {}
    names = {p.id: p.name for p in game.players}
    return {card: [names.get(i, "?") for i in ids] for card, ids in turn.marks.items()}


def _versus_view(room: RoomState, game: VersusGame, member_id: str | None) -> GameView:
    player = game.player(member_id) if member_id else None
    if player is not None and player.left:
        player = None
    team = player.team if player else None
    over = game.outcome is not None
    marks = {} if over else _marks(game, team)
    board = [
        CardView(
            index=i,
            word=word,
            colour=game.key[i] if game.opened[i] else None,
            marked_by=marks.get(i, []),
        )
        for i, word in enumerate(game.words)
    ]
    common = dict(
        your_team=team,
        board=board,
        players=_players(room, game),
        turn=_turn_view(room, game.turn, versus.guesses_left(game)),
        log=[e.model_copy(deep=True) for e in game.log],
        outcome=game.outcome.model_copy() if game.outcome else None,
        best_clue=best_clue(game) if over else None,
        one_device=game.one_device,
        starting_team=game.starting_team,
        cards_left={t: game.cards_left(t) for t in Team},
    )
    if over:
        return VersusFinishedView(seat=_seat(game, player), key=list(game.key), **common)
    if player is None:
        return VersusSpectatorView(seat="spectator", **common)
    if game.captains.get(player.team) == player.id:
        return VersusCaptainView(seat="captain", key=list(game.key), **common)
    return VersusGuesserView(
        seat="guesser",
        may_guess=bool(
            game.turn and game.turn.team is team and versus.may_guess(room, game, player)
        ),
        **common,
    )


def _seat(game: VersusGame, player: GamePlayer | None) -> Seat:
    if player is None:
        return "spectator"
    return "captain" if player.id in game.captains.values() else "guesser"


def _together_view(room: RoomState, game: TogetherGame, member_id: str | None) -> GameView:
    player = game.player(member_id) if member_id else None
    if player is not None and player.left:
        player = None
    over = game.outcome is not None
    board = [
        CardView(
            index=i,
            word=word,
            colour=Colour.GREEN
            if game.found[i]
            else (game.fatal_colour if game.fatal_card == i else None),
            neutral_for=list(game.neutral_for[i]),
        )
        for i, word in enumerate(game.words)
    ]
    common = dict(
        your_team=player.team if player else None,
        board=board,
        players=_players(room, game),
        turn=_turn_view(room, game.turn, None),
        log=[e.model_copy(deep=True) for e in game.log],
        outcome=game.outcome.model_copy() if game.outcome else None,
        best_clue=best_clue(game) if over else None,
        one_device=game.one_device,
        turns_used=game.turns_used,
        turn_limit=game.turn_limit,
        greens_left=game.greens_left(),
        final_round=game.final_round,
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

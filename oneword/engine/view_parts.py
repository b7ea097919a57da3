"""The pieces every game's view is made of, as whitelists.

Each view model here is built field by field from the state (V-3, T-2,
P-6): a field added to a state model later reaches no seat until a builder
here copies it. `Permissions` tells a page what its seat may do; the modes
fill it in with the same checks their actions use to refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field

from .errors import RuleError
from .models import (
    Clue,
    ClueNumber,
    Colour,
    Ending,
    GameBase,
    LogEntry,
    Model,
    Opening,
    Outcome,
    RoomState,
    SkipReason,
    TableStep,
    Team,
    Turn,
)

Seat = Literal["captain", "guesser", "player", "spectator"]
Role = Literal["captain", "guesser", "clue giver", "player"]


def allowed(check: Callable[[], object]) -> bool:
    """True when `check` (one of the rules' own checks) does not refuse."""
    try:
        check()
    except RuleError:
        return False
    return True


class Permissions(Model):
    """What a seat may do now. Each flag is the answer the engine's own check
    for that action gives, so a page never works a rule out again."""

    give_clue: bool = False
    mark: bool = False
    open: bool = False
    end_turn: bool = False
    start_guessing: bool = False
    """O-3: the table may tap Start Guessing."""
    open_on_tap: bool = False
    """K-2: a tap on a card opens it at once (no mark, no Open step)."""
    confirm_each_open: bool = False
    """F-2: the page asks the player to confirm each card before opening it."""
    pause: bool = False
    resume: bool = False


class ClueView(Model):
    word: str
    number: ClueNumber
    number_text: str
    unlimited: bool


def clue_view(clue: Clue | None) -> ClueView | None:
    if clue is None:
        return None
    return ClueView(
        word=clue.word, number=clue.number, number_text=clue.number_text, unlimited=clue.unlimited
    )


class OpeningView(Model):
    index: int
    word: str
    colour: Colour
    by: str | None


class LogEntryView(Model):
    """One turn of the clue log (R-2), as everyone may see it."""

    turn: int
    team: Team | None
    giver_id: str | None
    giver_name: str | None
    clue: ClueView | None
    openings: list[OpeningView]
    skip: SkipReason | None
    final_round: bool


def opening_view(opening: Opening) -> OpeningView:
    return OpeningView(index=opening.index, word=opening.word, colour=opening.colour, by=opening.by)


def log_entry_view(entry: LogEntry) -> LogEntryView:
    return LogEntryView(
        turn=entry.turn,
        team=entry.team,
        giver_id=entry.giver_id,
        giver_name=entry.giver_name,
        clue=clue_view(entry.clue),
        openings=[opening_view(o) for o in entry.openings],
        skip=entry.skip,
        final_round=entry.final_round,
    )


class OutcomeView(Model):
    result: Literal["win", "loss", "no_result"]
    ending: Ending
    winner: Team | None
    decided_by: Team | None
    card_word: str | None
    """The word of the card that ended the game, when one did."""


def outcome_view(game: GameBase) -> OutcomeView | None:
    outcome: Outcome | None = game.outcome
    if outcome is None:
        return None
    return OutcomeView(
        result=outcome.result,
        ending=outcome.ending,
        winner=outcome.winner,
        decided_by=outcome.decided_by,
        card_word=game.words[outcome.card] if outcome.card is not None else None,
    )


class CardView(Model):
    """A card as a seat sees it. `colour` is set only once the card is open
    (Versus) or found, or was the card that ended the game (Together)."""

    index: int
    word: str
    colour: Colour | None = None
    neutral_for: list[Team] = Field(default_factory=list)
    marked_by: list[str] = Field(default_factory=list)


class PlayerView(Model):
    id: str
    name: str
    team: Team
    left: bool
    connected: bool
    role: Role


class TurnView(Model):
    number: int
    team: Team
    giver_id: str | None
    giver_name: str | None
    clue: ClueView | None
    opened: int
    guesses_left: int | None
    started_at: float
    clue_deadline: float | None
    giver_away_deadline: float | None
    guessers_away_deadline: float | None
    bonus_guess: bool = False
    """K-2: the team has found as many cards as the number and may take
    one more card or end the turn."""


def turn_view(game: GameBase, guesses_left: int | None) -> TurnView | None:
    turn: Turn | None = game.turn
    if turn is None:
        return None
    giver = game.player(turn.giver_id) if turn.giver_id else None
    return TurnView(
        number=turn.number,
        team=turn.team,
        giver_id=turn.giver_id,
        giver_name=giver.name if giver else None,
        clue=clue_view(turn.clue),
        opened=turn.opened,
        guesses_left=guesses_left,
        started_at=turn.started_at,
        clue_deadline=turn.clue_deadline,
        giver_away_deadline=turn.giver_away_deadline,
        guessers_away_deadline=turn.guessers_away_deadline,
    )


def player_views(
    room: RoomState, game: GameBase, role_of: Callable[[str, Team], Role]
) -> list[PlayerView]:
    views = []
    for p in game.players:
        member = room.member(p.id)
        views.append(
            PlayerView(
                id=p.id,
                name=p.name,
                team=p.team,
                left=p.left,
                connected=bool(member and member.connected),
                role=role_of(p.id, p.team),
            )
        )
    return views


class SideView(Model):
    """K-2: how a side is named and drawn (a palette id, its name and its
    sRGB colour). Absent: the side's usual Red or Blue."""

    colour: str
    name: str
    hex: str


class GameViewBase(Model):
    mode: str
    seat: Seat
    your_team: Team | None
    board: list[CardView]
    players: list[PlayerView]
    turn: TurnView | None
    log: list[LogEntryView]
    outcome: OutcomeView | None
    best_clue: LogEntryView | None
    one_device: bool
    openings_so_far: int
    """Every card opened in the game: an Open sends it back (V-13)."""
    you_may: Permissions = Field(default_factory=Permissions)
    sides: dict[Team, SideView] = Field(default_factory=dict)
    """K-2: each side's own name and colour, where the preset gives one."""
    preset: str = "in_one_word"
    """K: the rules preset the game is played by."""
    table_step: TableStep | None = None
    """O-2, O-3: on one device, which step of the turn the table is at."""

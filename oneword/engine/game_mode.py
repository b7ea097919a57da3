"""The shape every game mode has: one interface, one object per mode.

The generic core (`rules.apply`, `timers.advance`, `presence`, `lobby`,
`views.view_for`) knows nothing of Versus or Together: it asks the running
game's mode (`modes.mode_of`) to start a game, for its moves (a table from
action type to the function that checks and applies it: a move that is not
in the running game's table is refused, in one place, `rules`), to react to
a seat's connection changing, for its deadlines, for a seat's view and what
that seat may do, and what counts as a hit for the best clue. A new mode or
variant is a new subpackage that implements this class, plus one line in
`modes.MODES`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .actions import EndTurn, GiveClue, Mark, Open
from .models import (
    BOARD_SIZE,
    ClueNumber,
    Colour,
    Ending,
    GameBase,
    GamePlayer,
    Member,
    Mode,
    NoticeKind,
    Preset,
    RoomState,
    Team,
)
from .turns import finish

if TYPE_CHECKING:
    from .actions import Action
    from .view_parts import GameViewBase, Permissions

G = TypeVar("G", bound=GameBase)

Due = tuple[float, Callable[[RoomState, float], None]]
"""A deadline and what happens when it passes (applied by `timers.advance`)."""

Move = Callable[[RoomState, Any, Any, float], None]
"""One move of a game: `(room, its running game, the action, now)`; it checks
the rule, raises a `RuleError` when it is broken, else changes the room."""
Moves = Mapping["type[Action]", Move]

ClueMove = Callable[[RoomState, Any, str, str, ClueNumber, float], None]
CardMove = Callable[[RoomState, Any, str, int, float], None]
MarkMove = Callable[[RoomState, Any, str, int], None]
TurnMove = Callable[[RoomState, Any, str, float], None]


def board_moves(
    *, give_clue: ClueMove, mark: MarkMove, open_card: CardMove, end_turn: TurnMove
) -> Moves:
    """The moves table of a game on the board of 25 (V, T, K-2): the clue
    with its number, a mark, an open and the end of a turn, each handed
    the acting member and the action's own values."""
    return {
        GiveClue: lambda room, game, a, now: give_clue(room, game, a.by, a.word, a.number, now),
        Mark: lambda room, game, a, now: mark(room, game, a.by, a.card),
        Open: lambda room, game, a, now: open_card(room, game, a.by, a.card, now),
        EndTurn: lambda room, game, a, now: end_turn(room, game, a.by, now),
    }


@dataclass(frozen=True)
class Deal:
    """What the lobby hands a mode to deal a new game from: the room (for
    its settings), the members who play, split into teams, the captains
    the lobby drew (V-4; a variant may draw its own), the words StartGame
    brought, the room's secret random source and the time."""

    room: RoomState
    members: list[Member]
    captains: dict[Team, str]
    words: list[str]
    rng: random.Random
    now: float

    def seats(self) -> list[GamePlayer]:
        """The game's seats: every member on a team, in the lobby's order."""
        return [GamePlayer(id=m.id, name=m.name, team=m.team) for m in self.members if m.team]


class GameMode(ABC, Generic[G]):
    """One game mode's rules and views. Every method gets the room (for who
    is connected) and its running game; rule methods check the rule, raise
    a `RuleError` when it is broken, and otherwise change the (copied) room
    in place."""

    mode: ClassVar[Mode]
    preset: ClassVar[Preset] = Preset.IN_ONE_WORD
    """K: the rules preset this object plays; a variant of a mode sets its own."""
    state: type[G]

    # Seats (G-4, G-5, O-1)
    title: ClassVar[str]
    """The game's name, marked for translation where it is shown."""
    players: ClassVar[tuple[int, int]]
    """How many players it takes: the fewest and the most."""
    one_device_refusal: ClassVar[str | None] = None
    """Why it is never played on one device; None when it may be (O-1)."""
    follows_count: ClassVar[bool] = True
    """G-4: the lobby picks among such modes by the player count and
    switches between them when it changes. A mode that does not follow
    it is kept while the count fits, so the room can be prepared (J-1)."""
    switched_to: ClassVar[NoticeKind | None] = None
    """G-5: what the lobby tells everyone when the count switches it to this mode."""
    left_for_count: ClassVar[NoticeKind | None] = None
    """J-1: what it tells everyone when too many joined for this mode."""

    def fits(self, player_count: int, one_device: bool) -> bool:
        """Whether this many players may play it, on one device or not."""
        least, most = self.players
        return least <= player_count <= most and not (one_device and self.one_device_refusal)

    def check_teams(self, room: RoomState) -> None:
        """Refuse a deal whose teams this mode cannot play (V-1, T-1);
        a game without teams has nothing to check."""

    # Starting
    @abstractmethod
    def start(self, deal: Deal) -> G:
        """Deal a new game for members already split into two teams."""

    words_needed: ClassVar[int] = BOARD_SIZE
    """How many words `StartGame` brings for this mode (a board's 25)."""

    def draws_captains(self) -> bool:
        """Whether the lobby picks a captain per team for this mode (V-4)."""
        return False

    def draw_captains(self, room: RoomState, rng: random.Random) -> dict[Team, str] | None:
        """A variant's own seat draw; None keeps the lobby's (V-4, L-6)."""
        return None

    moves: ClassVar[Moves]
    """The game's moves by action type; any other game action is refused."""

    # Connections (X-4, X-5, X-6, X-7, G-8)
    @abstractmethod
    def on_disconnect(self, room: RoomState, game: G, player_id: str, now: float) -> None: ...

    @abstractmethod
    def on_reconnect(self, room: RoomState, game: G, player_id: str, now: float) -> None: ...

    @abstractmethod
    def on_leave(self, room: RoomState, game: G, player_id: str, now: float) -> None: ...

    def end_early(self, game: G) -> None:
        """L-4: the host ends the game: no result, every timer stopped."""
        finish(game, "no_result", Ending.HOST_ENDED)

    # Time
    @abstractmethod
    def deadlines(self, room: RoomState, game: G) -> list[Due]:
        """The game's deadlines; `advance` applies those that have passed."""

    def due(self, at: float, expired: Callable[[RoomState, G, float], None]) -> Due:
        """A deadline at `at` whose action runs `expired` on the room's game."""
        state = self.state

        def apply_deadline(room: RoomState, when: float) -> None:
            game = room.game
            assert isinstance(game, state)
            expired(room, game, when)

        return at, apply_deadline

    def shift_clocks(self, game: G, seconds: float) -> None:
        """L-7, X-8: move every game deadline `seconds` later (a pause, a
        server that was away), so each timer keeps the time it had left."""
        turn = game.turn
        if turn is None:
            return
        for field in ("clue_deadline", "giver_away_deadline", "guessers_away_deadline"):
            deadline = getattr(turn, field)
            if deadline is not None:
                setattr(turn, field, deadline + seconds)

    # Views
    @abstractmethod
    def view(self, room: RoomState, game: G, member_id: str | None) -> GameViewBase:
        """What this seat may know of the game (None: a spectator)."""

    @abstractmethod
    def permissions(self, room: RoomState, game: G, member_id: str | None) -> Permissions:
        """What this seat may do now, by the same checks the actions use."""

    # Results
    @abstractmethod
    def hit_colour(self, game: G, team: Team | None) -> Colour:
        """The colour that counts as a hit for a clue given by `team`."""

"""The engine's state: plain pydantic values that round-trip through JSON.

A room holds its members, lobby settings and, while a game runs, one game.
Nothing here reads a clock or does I/O; times are floats (seconds) that the
caller passes in. Secrets (the maps) live only here, never in a view: pages
render views built by `views.py`.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, SerializeAsAny, model_validator

from oneword.i18n import N_

BOARD_SIZE = 25
LAST_CARD = BOARD_SIZE - 1
MAX_PLAYERS = 10

ClueTimer = Literal[0, 60, 120]
"""X-1: the clue timer in seconds; 0 is no timer."""
CLUE_TIMERS: tuple[ClueTimer, ...] = (0, 60, 120)
TogetherTurns = Literal[9, 11]
"""X-3: Normal (9) or Easy (11)."""
BotLevel = Literal["easy", "medium", "hard"]
"""B-3: how well a bot plays."""
INFINITY: Literal["infinity"] = "infinity"
"""The clue number that allows unlimited guesses (C-5), alongside 0."""

ClueNumber = Annotated[int, Field(ge=0, le=9)] | Literal["infinity"]


class Team(StrEnum):
    """Versus teams; in Together the same two names label the two sides."""

    RED = "red"
    BLUE = "blue"

    @property
    def other(self) -> Team:
        return Team.BLUE if self is Team.RED else Team.RED

    @property
    def label(self) -> str:
        """The team's name, marked for translation where it is shown."""
        return N_("Red") if self is Team.RED else N_("Blue")


class Colour(StrEnum):
    """What a card is on a map. Versus uses red/blue/neutral/black; Together
    uses green/neutral/black on each side's own map."""

    RED = "red"
    BLUE = "blue"
    NEUTRAL = "neutral"
    BLACK = "black"
    GREEN = "green"


def team_colour(team: Team) -> Colour:
    return Colour(team.value)


class Mode(StrEnum):
    VERSUS = "versus"
    TOGETHER = "together"
    JUST_ONE = "just_one"
    """J: the second, cooperative game."""


class Preset(StrEnum):
    """K: the rule book a Versus game is played by. In One Word (K-1) is
    docs/rules.md; Codewords (K-2) is a variant with its own clues, guesses and
    seat draw (`engine/codewords`)."""

    IN_ONE_WORD = "in_one_word"
    CODEWORDS = "codewords"


class TableStep(StrEnum):
    """Where a one-device turn is (O-2, O-3): the captain has the device,
    the device goes to the middle of the table, the team guesses."""

    CAPTAIN = "captain"
    PASS = "pass"
    GUESSING = "guessing"


class Model(BaseModel):
    """Base for every state value: no unknown fields, validated on assignment."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class Clue(Model):
    word: str
    number: ClueNumber

    @property
    def unlimited(self) -> bool:
        """V-6: 0 and infinity allow unlimited guesses."""
        return self.number == 0 or self.number == INFINITY

    @property
    def number_text(self) -> str:
        return "∞" if self.number == INFINITY else str(self.number)


class Opening(Model):
    """One card opened during a turn, as the results page lists it."""

    index: int
    word: str
    colour: Colour
    by: str | None = None


class SkipReason(StrEnum):
    """Why a turn ended without its team ending it (X-2, X-4, X-6, X-7)."""

    TIME_RAN_OUT = "time_ran_out"
    CAPTAIN_AWAY = "captain_away"
    GUESSERS_AWAY = "guessers_away"
    SIDE_AWAY = "side_away"


_OLD_NOTES = (
    ("time ran out", SkipReason.TIME_RAN_OUT),
    ("captain lost connection", SkipReason.CAPTAIN_AWAY),
    ("guessers lost connection", SkipReason.GUESSERS_AWAY),
    ("was connected", SkipReason.SIDE_AWAY),
)


class LogEntry(Model):
    """One turn of the clue log (R-2): a clue and what it led to, a skipped
    turn (`skip` says why), or the start of the Final Round (F-1)."""

    turn: int
    team: Team | None = None
    giver_id: str | None = None
    giver_name: str | None = None
    clue: Clue | None = None
    openings: list[Opening] = Field(default_factory=list)
    skip: SkipReason | None = None
    final_round: bool = False

    @model_validator(mode="before")
    @classmethod
    def _from_schema_3(cls, data: Any) -> Any:
        """Rooms saved before schema 4 kept an English `note`; read its fact."""
        if isinstance(data, dict) and "note" in data:
            data = dict(data)
            note = data.pop("note") or ""
            if note == "Final Round":
                data["final_round"] = True
            else:
                found = (reason for text, reason in _OLD_NOTES if text in note)
                data["skip"] = next(found, None)
        return data


class Ending(StrEnum):
    """How a game was decided (R-1)."""

    ALL_FOUND = "all_found"
    RIVAL_OPENED_LAST = "rival_opened_last"
    BLACK_CARD = "black_card"
    ALL_GREENS_FOUND = "all_greens_found"
    FINAL_ROUND_WON = "final_round_won"
    FINAL_ROUND_WRONG_CARD = "final_round_wrong_card"
    TEAM_LEFT = "team_left"
    DECK_PLAYED = "deck_played"
    """J-6: a Just One deck has been played to its end."""
    HOST_ENDED = "host_ended"
    """L-4: the host ended the game early (at the bell): no result."""


class Outcome(Model):
    """The end of a game, as facts (R-1): the UI words them. `winner` is the
    Versus winner; in Together `result` alone says whether everyone won or
    lost. `decided_by` is the team or side whose move ended it, and `card`
    the card that did, when one did."""

    result: Literal["win", "loss", "no_result"]
    ending: Ending
    winner: Team | None = None
    decided_by: Team | None = None
    card: int | None = None

    @model_validator(mode="before")
    @classmethod
    def _from_schema_3(cls, data: Any) -> Any:
        """Rooms saved before schema 4 kept an English `message` too."""
        if isinstance(data, dict) and "message" in data:
            data = {k: v for k, v in data.items() if k != "message"}
        return data


class GamePlayer(Model):
    """A seat in the running game, taken from the lobby at the start."""

    id: str
    name: str
    team: Team
    left: bool = False


class Turn(Model):
    """The turn in progress. `team` plays in Versus; in Together it is the
    side giving the clue (the other side guesses)."""

    number: int
    team: Team
    giver_id: str | None = None
    clue: Clue | None = None
    guessing_started: bool = False
    """O-3: on one device, someone tapped Start Guessing after the clue."""
    opened: int = 0
    marks: dict[int, list[str]] = Field(default_factory=dict)
    started_at: float
    clue_deadline: float | None = None
    giver_away_deadline: float | None = None
    guessers_away_deadline: float | None = None


GAME_STATES: dict[str, type[GameBase]] = {}
"""Every game's state type by its `mode` tag, so a stored room is read back
as the game it holds. A state registers itself by being defined: a new
mode's state lives in its own package and no list here names it."""


class GameBase(Model):
    """What every game's state has. A mode's state is a subclass with a
    `mode` tag of its own (`Literal["versus"] = "versus"`)."""

    words: list[str] = Field(min_length=BOARD_SIZE, max_length=BOARD_SIZE)
    players: list[GamePlayer]
    clue_timer: ClueTimer = 120
    turn: Turn | None = None
    log: list[LogEntry] = Field(default_factory=list)
    outcome: Outcome | None = None
    one_device: bool = False

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def player(self, player_id: str) -> GamePlayer | None:
        return next((p for p in self.players if p.id == player_id), None)

    def team_players(self, team: Team) -> list[GamePlayer]:
        """Players of a team (or side) who have not left, in seat order."""
        return [p for p in self.players if p.team is team and not p.left]

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        tag = cls.model_fields.get("mode")
        if tag is not None and isinstance(tag.default, str):
            GAME_STATES[tag.default] = cls


def _game_state(data: Any) -> Any:
    """A stored game (a dict) as the state type its `mode` tag names."""
    if not isinstance(data, dict):
        return data
    state = GAME_STATES.get(str(data.get("mode")))
    if state is None:
        raise ValueError(f"No game has the mode {data.get('mode')!r}.")
    return state.model_validate(data)


Game = Annotated[GameBase, BeforeValidator(_game_state), SerializeAsAny()]
"""A room's running game: any registered state (`GAME_STATES`), saved with
all of its own fields."""


class Member(Model):
    """Someone in the room: a player in the lobby, in a game, or watching one
    they joined late (L-5)."""

    id: str
    name: str
    team: Team | None = None
    joined_at: float
    signed_in: bool = False
    bot: bool = False
    bot_level: BotLevel = "medium"
    connected: bool = True
    disconnected_at: float | None = None
    volunteer: bool = False
    """K-2: "I'll give the clues" in the lobby."""
    colour: str | None = None
    """K-2: the colour picked in the lobby (a palette id of
    `codewords.colours`), drawn for the side this player hands clues to."""
    device: str | None = None
    """The hashed key of the device that joined, so a host's removal keeps
    that device out (L-8); never in a view."""
    title: str | None = None
    """PR-3: the id of the title this player's profile shows under their
    name (`profiles.titles`); None for a guest or a profile showing none."""
    watching: bool = False
    """L-4: the host runs the room without playing (a teacher at the
    projector): on no team, not counted, not dealt into a game."""


class Settings(Model):
    """What the host chooses in the lobby (L-4)."""

    mode: Mode = Mode.VERSUS
    clue_timer: ClueTimer = 120
    just_one_timer: ClueTimer = 0
    """J-3: Just One's clue timer, off unless the host sets one."""
    together_turns: TogetherTurns = 9
    language: str = "en"
    package: str | None = None
    custom_words: list[str] | None = None
    """The host's own list (W-5), checked by the service; it replaces the
    package while set."""
    one_device: bool = False
    """O: the room is played on one shared device (pass-and-play or a
    projector); set when the table is set up, never changed after."""
    locked: bool = False
    """L-8: the host has closed the room to new players."""
    preset: Preset = Preset.IN_ONE_WORD
    """K: the rules preset the host picked; In One Word by default."""
    mode_chosen: bool = False
    """G-4: the host picked the mode. Until then the mode follows the
    player count's default (Together for 2-3, Versus from 4)."""


class NoticeKind(StrEnum):
    """Something the lobby tells everyone, as a fact the UI words (G-4, G-5)."""

    SWITCHED_TO_VERSUS = "switched_to_versus"
    SWITCHED_TO_TOGETHER = "switched_to_together"
    LEFT_JUST_ONE = "left_just_one"
    """J-1: more than 7 joined a room set to Just One."""


class Notice(Model):
    kind: NoticeKind
    players: int


def _notice_from_schema_3(text: str) -> dict[str, Any] | None:
    """Rooms saved before schema 4 kept the notice as an English sentence."""
    count = re.search(r"there are (\d+)", text)
    if not text.startswith("Switched to Versus") or count is None:
        return None
    return {"kind": NoticeKind.SWITCHED_TO_VERSUS, "players": int(count.group(1))}


class RoomState(Model):
    """Everything the engine knows about one room."""

    members: list[Member] = Field(default_factory=list)
    host_id: str | None = None
    host_warning: bool = False
    settings: Settings = Field(default_factory=Settings)
    captains: dict[Team, str] = Field(default_factory=dict)
    past_captains: list[str] = Field(default_factory=list)
    past_handlers: list[str] = Field(default_factory=list)
    """K-2: everyone drawn as handler in this room so far."""
    sides_locked: bool = False
    """K-2: the host locked the Codewords sides: players no longer pick
    one (the host may still move anyone); open again at each deal."""
    past_givers: list[str] = Field(default_factory=list)
    """Together clue givers so far, so Play again starts with the others (L-6)."""
    paused_at: float | None = None
    paused_by: str | None = None
    barred_names: list[str] = Field(default_factory=list)
    """L-8: skeletons of the names the host removed (`names.skeleton`)."""
    barred_devices: list[str] = Field(default_factory=list)
    """L-8: hashed keys of the devices the host removed."""
    game: Game | None = None
    notice: Notice | None = None
    bot_due: float | None = None
    """B-5: when a bot's next move is due. The engine only keeps the time;
    the service asks the bot (through its view) when it has passed."""
    seed: int = 0
    """The room's secret (`randomness`): never in a view. The service draws
    256 bits from the OS; tests and notebooks may pass their own."""
    step: int = 0

    @model_validator(mode="before")
    @classmethod
    def _from_schema_3(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("notice"), str):
            data = dict(data)
            data["notice"] = _notice_from_schema_3(data["notice"])
        return data

    def member(self, member_id: str | None) -> Member | None:
        return next((m for m in self.members if m.id == member_id), None)

    def players(self) -> list[Member]:
        """The members who play: all but a host who only watches (L-4)."""
        return [m for m in self.members if not m.watching]

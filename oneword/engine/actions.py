"""Everything a member can ask of a room, as data.

An action names who takes it (`by`, a member id) and what it asks. The
service authenticates the member before building the action; the engine
then checks that the rules allow it. Actions are pydantic values so a log
of them can be stored and replayed.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, SerializeAsAny

from .justone.state import DECK_WORDS
from .models import (
    BOARD_SIZE,
    LAST_CARD,
    BotLevel,
    ClueNumber,
    ClueTimer,
    Mode,
    Model,
    Preset,
    Team,
    TogetherTurns,
)

ACTIONS: dict[str, type[Action]] = {}
"""Every action class by its `kind` tag, so a logged action is read back as
what it was. An action registers itself by being defined: a game's own
moves live in its package (`justone.actions`) and no list here names them."""


class Action(Model):
    """`by` is the acting member's id. The service fills it in from the
    caller's token, so a page never names who acts."""

    by: str = ""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        tag = cls.model_fields.get("kind")
        if tag is not None and isinstance(tag.default, str):
            ACTIONS[tag.default] = cls


# Presence (G-7, G-8, X-4, X-5, X-6, X-7)
class Join(Action):
    kind: Literal["join"] = "join"
    name: str
    signed_in: bool = False
    bot: bool = False
    bot_level: BotLevel = "medium"
    device: str | None = None
    """The joining device's key, hashed by the service (L-8)."""
    title: str | None = None
    """PR-3: the title the joining profile shows (set by the service)."""


class Disconnect(Action):
    kind: Literal["disconnect"] = "disconnect"


class Reconnect(Action):
    kind: Literal["reconnect"] = "reconnect"


class Leave(Action):
    kind: Literal["leave"] = "leave"


class ShowTitle(Action):
    """PR-3: the title the member's profile now shows under their name
    (None: none). Made by the service from the profile, never typed."""

    kind: Literal["show_title"] = "show_title"
    title: str | None = None


# Lobby (L-4, V-4)
class PickTeam(Action):
    kind: Literal["pick_team"] = "pick_team"
    team: Team | None


class MovePlayer(Action):
    kind: Literal["move_player"] = "move_player"
    player: str
    team: Team | None


class MakeCaptain(Action):
    kind: Literal["make_captain"] = "make_captain"
    player: str


class BeCaptain(Action):
    kind: Literal["be_captain"] = "be_captain"


class Shuffle(Action):
    kind: Literal["shuffle"] = "shuffle"


class Kick(Action):
    kind: Literal["kick"] = "kick"
    player: str


class SetMode(Action):
    kind: Literal["set_mode"] = "set_mode"
    mode: Mode


class SetPreset(Action):
    """K: the host picks the rules preset."""

    kind: Literal["set_preset"] = "set_preset"
    preset: Preset


class Volunteer(Action):
    """K-2: "I'll give the clues": the player volunteers to be handler (or
    no longer does); the host may do it for a bot (`player`)."""

    kind: Literal["volunteer"] = "volunteer"
    volunteer: bool = True
    player: str | None = None


class LockSides(Action):
    """K-2: the host locks the Codewords sides (anyone still in the middle
    goes to the smaller side), or opens them again to picking."""

    kind: Literal["lock_sides"] = "lock_sides"
    locked: bool = True


class PickColour(Action):
    """K-2: the player's colour (a palette id), or None for none."""

    kind: Literal["pick_colour"] = "pick_colour"
    colour: str | None


class SetLocked(Action):
    """L-8: the host closes the room to new players, or opens it again."""

    kind: Literal["set_locked"] = "set_locked"
    locked: bool


class SetWatching(Action):
    """L-4: the host runs the room without playing, or plays again."""

    kind: Literal["set_watching"] = "set_watching"
    watching: bool


class SetClueTimer(Action):
    kind: Literal["set_clue_timer"] = "set_clue_timer"
    seconds: ClueTimer


class SetTogetherTurns(Action):
    kind: Literal["set_together_turns"] = "set_together_turns"
    turns: TogetherTurns


class SetLanguage(Action):
    kind: Literal["set_language"] = "set_language"
    language: str


class SetPackage(Action):
    kind: Literal["set_package"] = "set_package"
    package: str | None


class SetCustomWords(Action):
    """W-5: play the host's own words (already checked by the service), or
    None to go back to the packages."""

    kind: Literal["set_custom_words"] = "set_custom_words"
    words: list[str] | None = Field(default=None, min_length=BOARD_SIZE)


class StartGame(Action):
    """The service picks the words (the engine reads no files) and passes
    them in: 25 for a board, whose map the engine deals, or 65 for a Just
    One deck (J-1)."""

    kind: Literal["start_game"] = "start_game"
    words: list[str] = Field(min_length=BOARD_SIZE, max_length=DECK_WORDS)


class EndGame(Action):
    """L-4: the host ends the running game early (the bell rang): no result."""

    kind: Literal["end_game"] = "end_game"


class BackToLobby(Action):
    """After a game ends, the host takes the room back to its lobby."""

    kind: Literal["back_to_lobby"] = "back_to_lobby"


# One device (O)
class TableSeat(Model):
    """One name at a one-device table (O-1): its team, whether it is the
    team's captain, and whether it is a bot (B-1) and how well it plays.
    `id` is the member id the service chose for it."""

    id: str
    name: str
    team: Team
    captain: bool = False
    bot: bool = False
    bot_level: BotLevel = "medium"
    title: str | None = None
    """PR-4: the title of the profile this name plays as (set by the service)."""


class SetUpOneDevice(Action):
    """O-1: seat every player of a one-device room at once, in an empty room.
    The first seat is the device itself (and the host)."""

    kind: Literal["set_up_one_device"] = "set_up_one_device"
    seats: list[TableSeat]
    clue_timer: ClueTimer = 0


class NewGameSameTeams(Action):
    """O-5: deal the next game with the same teams; on each team the
    captaincy moves to the next player. Words as for `StartGame`."""

    kind: Literal["new_game_same_teams"] = "new_game_same_teams"
    words: list[str] = Field(min_length=BOARD_SIZE, max_length=BOARD_SIZE)


# In the game (V, T, F)
class GiveClue(Action):
    kind: Literal["give_clue"] = "give_clue"
    word: str
    number: ClueNumber


class Mark(Action):
    """Toggle the member's own mark on a closed card (V-5)."""

    kind: Literal["mark"] = "mark"
    card: int = Field(ge=0, le=LAST_CARD)


class Open(Action):
    """Open a card; in the Final Round the page has asked to confirm (F-2).

    `seen_openings` is how many cards the player had seen opened in the
    game when they chose: if another open landed first, this one is
    refused (V-13), so two guessers pressing Open at once never open two
    cards. Callers that do not say what they saw are not checked.
    """

    kind: Literal["open"] = "open"
    card: int = Field(ge=0, le=LAST_CARD)
    seen_openings: int | None = None


class StartGuessing(Action):
    """O-3: the device is in the middle of the table and the team guesses."""

    kind: Literal["start_guessing"] = "start_guessing"


class Pause(Action):
    """L-7: stop every game clock for everyone."""

    kind: Literal["pause"] = "pause"


class Resume(Action):
    kind: Literal["resume"] = "resume"


class EndTurn(Action):
    kind: Literal["end_turn"] = "end_turn"


# Just One (J)
class SetJustOneTimer(Action):
    """J-3: Just One's clue timer (0 is off)."""

    kind: Literal["set_just_one_timer"] = "set_just_one_timer"
    seconds: ClueTimer


# The server
class ServerResumed(Action):
    """The server was away for `gap` seconds (stopped, crashed, restarted).

    Applied at the time it went away, with no member (`by` is empty): every
    clock of the room moves `gap` seconds later, as after a pause, so a
    timer keeps the time it had left and nobody's silence while nothing
    could be heard counts as a lost connection.
    """

    kind: Literal["server_resumed"] = "server_resumed"
    gap: float = Field(gt=0)


def _action_by_kind(data: Any) -> Any:
    """A stored action (a dict) as the class its `kind` tag names."""
    if not isinstance(data, dict):
        return data
    action = ACTIONS.get(str(data.get("kind")))
    if action is None:
        raise ValueError(f"No action has the kind {data.get('kind')!r}.")
    return action.model_validate(data)


AnyAction = Annotated[Action, BeforeValidator(_action_by_kind), SerializeAsAny()]
"""Any registered action (`ACTIONS`), read back by its `kind` tag."""

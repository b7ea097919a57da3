"""Sample rooms for the gallery, built only through engine actions.

Every room is dealt from one fixed secret (`SECRET`): a gallery shows
everything to everyone, so there is nothing for a secret to hide, and a
fixed one deals the same boards each time, which keeps the screenshots
steady. The words come from the shipped English packages, drawn from the
same secret. A `Room` wraps the state with a clock, so a builder reads as
the moves a table would make.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oneword import words
from oneword.engine import (
    Action,
    Colour,
    GiveClue,
    Join,
    MakeCaptain,
    Mode,
    Open,
    PickTeam,
    Preset,
    RoomState,
    SetClueTimer,
    SetMode,
    SetPreset,
    StartGame,
    Team,
    apply,
    new_room,
)
from oneword.engine.justone.state import DECK_WORDS
from oneword.engine.models import ClueTimer, GameBase, team_colour
from oneword.engine.randomness import words_rng

SECRET = int.from_bytes(b"In One Word: the gallery's sample rooms", "big")
"""The sample rooms' secret: fixed, since a gallery hides nothing."""

NAMES = ("Amara", "Ben", "Chiara", "Dev", "Elif", "Felix", "Grace", "Hugo", "Ines", "Jonas")
"""Sample names; the host is always the first."""

HOST = "m0"
LEAD = 30.0
"""How long before `now` a sample game was dealt: a clue timer shows a
little less than its full length."""


def board(step: int = 0) -> list[str]:
    """25 English words, the same for a given `step`."""
    return words.board_words(words.load_packages(), "en", None, words_rng(SECRET, step))


def deck() -> list[str]:
    """A Just One deck of 65 English words (J-1)."""
    return words.deck_words(words.load_packages(), "en", None, words_rng(SECRET, 1), DECK_WORDS)


def member_id(index: int) -> str:
    return f"m{index}"


@dataclass
class Room:
    """A room being played, with its own clock (a second per move)."""

    state: RoomState
    now: float

    def act(self, action: Action, by: str = HOST, wait: float = 1.0) -> Room:
        self.now += wait
        self.state = apply(self.state, action.model_copy(update={"by": by}), self.now)
        return self

    @property
    def game(self) -> GameBase:
        assert self.state.game is not None
        return self.state.game

    def giver(self) -> str:
        """Who gives the clue this turn."""
        turn = self.game.turn
        assert turn is not None and turn.giver_id is not None
        return turn.giver_id

    def team(self) -> Team:
        turn = self.game.turn
        assert turn is not None
        return turn.team

    def players(self, team: Team) -> list[str]:
        return [p.id for p in self.game.team_players(team)]

    def guesser(self) -> str:
        """A player of the team that opens cards this turn (Versus: the
        giver's team; Together: the other side, T-4)."""
        team = self.team()
        if self.state.settings.mode is Mode.TOGETHER:
            team = team.other
        return next(p for p in self.players(team) if p != self.giver())

    def clue(self, word: str = "planet", number: int | str = 2) -> Room:
        return self.act(GiveClue(word=word, number=number), by=self.giver())

    def closed(self, colour: Colour, team: Team | None = None) -> list[int]:
        """Closed cards of `colour` on the map that decides this turn."""
        game = self.game
        side = team or self.team()
        key = _key(game, side)
        opened = _opened(game)
        # T-5: a card already neutral on this map cannot be tried on it again.
        tried = getattr(game, "neutral_for", [()] * len(key))
        return [
            i for i, c in enumerate(key) if c is colour and not opened[i] and side not in tried[i]
        ]

    def open_colour(self, colour: Colour, by: str | None = None) -> Room:
        return self.act(Open(card=self.closed(colour)[0]), by=by or self.guesser())

    def own(self) -> Colour:
        return team_colour(self.team())


def _key(game: GameBase, team: Team) -> Sequence[Colour]:
    keys = getattr(game, "keys", None)
    return keys[team] if keys is not None else game.key  # type: ignore[attr-defined,no-any-return]


def _opened(game: GameBase) -> Sequence[bool]:
    found = getattr(game, "found", None)
    return found if found is not None else game.opened  # type: ignore[attr-defined,no-any-return]


def lobby(
    players: int = 6,
    *,
    now: float,
    mode: Mode = Mode.VERSUS,
    preset: Preset = Preset.IN_ONE_WORD,
    clue_timer: ClueTimer = 120,
    teams: bool = True,
) -> Room:
    """A lobby of `players` (the host first), on alternate teams, with the
    first of each team as captain (V-4)."""
    room = Room(new_room(SECRET), now - LEAD - players - 10)
    for index in range(players):
        room.act(Join(name=NAMES[index]), by=member_id(index), wait=0.5)
    if mode is not Mode.VERSUS:
        room.act(SetMode(mode=mode))
    if preset is not Preset.IN_ONE_WORD:
        room.act(SetPreset(preset=preset))
    if clue_timer != 120:
        room.act(SetClueTimer(seconds=clue_timer))
    if teams and mode is not Mode.JUST_ONE:
        for index in range(players):
            team = Team.RED if index % 2 == 0 else Team.BLUE
            room.act(PickTeam(team=team), by=member_id(index), wait=0.1)
        if mode is Mode.VERSUS and preset is Preset.IN_ONE_WORD:
            room.act(MakeCaptain(player=member_id(0)))
            room.act(MakeCaptain(player=member_id(1)))
    return room


def started(room: Room, now: float) -> Room:
    """Deal the game `LEAD` seconds before `now`."""
    room.now = max(room.now, now - LEAD - 1)
    dealt = deck() if room.state.settings.mode is Mode.JUST_ONE else board()
    return room.act(StartGame(words=dealt))

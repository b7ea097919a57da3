"""A game mode is the one place a game lives (docs/design.md, "How to add a
game mode"): its state, its moves table, its views. This file adds a tiny
game that exists only here, Tally (everyone taps, the count goes up), and
plays it through `apply` with nothing changed in the engine but one entry
of the registry. It is registered in Together's place for the test (the
lobby's setting names a mode by its tag) and brings its own player counts
(2-5), which the lobby then uses.
"""

from __future__ import annotations

from typing import Any, Literal

import pytest
from pydantic import TypeAdapter
from together_helpers import T0, WORDS, lobby
from versus_helpers import assert_refused
from versus_helpers import started as versus_game

from oneword.engine import GiveClue, RoomState, StartGame, apply, view_for
from oneword.engine.actions import Action, AnyAction
from oneword.engine.game_mode import Deal, Due, GameMode, Moves
from oneword.engine.models import (
    GAME_STATES,
    Colour,
    GameBase,
    GamePlayer,
    Mode,
    Team,
)
from oneword.engine.modes import MODES
from oneword.engine.player_counts import allowed_modes, player_limits
from oneword.engine.view_parts import GameViewBase, Permissions


class TallyGame(GameBase):
    mode: Literal["tally"] = "tally"
    count: int = 0


class Tally(Action):
    kind: Literal["tally"] = "tally"


class TallyView(GameViewBase):
    view: Literal["tally"] = "tally"
    count: int


def _tally(room: RoomState, game: TallyGame, action: Tally, now: float) -> None:
    game.count += 1


MOVES: Moves = {Tally: _tally}


class TallyMode(GameMode[TallyGame]):
    mode = Mode.TOGETHER
    state = TallyGame
    moves = MOVES
    title = "Tally"
    players = (2, 5)

    def start(self, deal: Deal) -> TallyGame:
        players = [GamePlayer(id=m.id, name=m.name, team=Team.RED) for m in deal.members]
        return TallyGame(words=deal.words, players=players)

    def on_disconnect(self, room: RoomState, game: TallyGame, player_id: str, now: float) -> None:
        """Nothing waits for anyone."""

    def on_reconnect(self, room: RoomState, game: TallyGame, player_id: str, now: float) -> None:
        """Nothing waits for anyone."""

    def on_leave(self, room: RoomState, game: TallyGame, player_id: str, now: float) -> None:
        """Nothing waits for anyone."""

    def deadlines(self, room: RoomState, game: TallyGame) -> list[Due]:
        return []

    def view(self, room: RoomState, game: TallyGame, member_id: str | None) -> TallyView:
        return TallyView(
            mode="tally",
            seat="player" if member_id else "spectator",
            your_team=None,
            board=[],
            players=[],
            turn=None,
            log=[],
            outcome=None,
            best_clue=None,
            one_device=False,
            openings_so_far=0,
            count=game.count,
        )

    def permissions(self, room: RoomState, game: TallyGame, member_id: str | None) -> Permissions:
        return Permissions()

    def hit_colour(self, game: TallyGame, team: Team | None) -> Colour:
        return Colour.GREEN


@pytest.fixture
def tally_room(monkeypatch: pytest.MonkeyPatch) -> RoomState:
    """A lobby of three that starts Tally: the one registry line."""
    monkeypatch.setitem(MODES, Mode.TOGETHER, TallyMode())
    room = lobby(3)
    return apply(room, StartGame(by="p0", words=WORDS), T0)


def test_a_mode_defined_outside_the_engine_starts_and_plays_through_apply(
    tally_room: RoomState,
) -> None:
    assert isinstance(tally_room.game, TallyGame)
    room = apply(tally_room, Tally(by="p1"), T0 + 1)
    room = apply(room, Tally(by="p2"), T0 + 2)
    assert isinstance(room.game, TallyGame)
    assert room.game.count == 2
    assert isinstance(tally_room.game, TallyGame)
    assert tally_room.game.count == 0  # G-9: apply never changes the room it was given


def test_its_view_reaches_a_seat_with_its_own_fields(tally_room: RoomState) -> None:
    room = apply(tally_room, Tally(by="p1"), T0 + 1)
    view = view_for(room, "p2")
    assert isinstance(view.game, TallyView)
    assert view.game.count == 1
    assert '"count":1' in view.model_dump_json()


def test_a_move_not_in_its_table_is_refused_in_one_place(tally_room: RoomState) -> None:
    clue = GiveClue(by="p0", word="fruit", number=1)
    assert_refused(tally_room, clue, T0 + 1, "other_game")


def test_its_move_is_refused_in_a_game_that_does_not_have_it(tally_room: RoomState) -> None:
    assert_refused(versus_game(), Tally(by="r1"), T0 + 1, "other_game")


def test_a_saved_room_is_read_back_as_the_game_it_holds(tally_room: RoomState) -> None:
    room = apply(tally_room, Tally(by="p1"), T0 + 1)
    assert GAME_STATES["tally"] is TallyGame
    loaded = RoomState.model_validate_json(room.model_dump_json())
    assert isinstance(loaded.game, TallyGame)
    assert loaded == room


def test_a_stored_game_of_no_known_mode_is_refused_clearly() -> None:
    data = versus_game().model_dump(mode="json")
    data["game"]["mode"] = "chess"
    with pytest.raises(ValueError, match="No game has the mode 'chess'"):
        RoomState.model_validate(data)


def test_the_lobby_takes_its_player_counts_from_the_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """G-4 over the registry: Tally's own 2-5, not Together's 2-6."""
    monkeypatch.setitem(MODES, Mode.TOGETHER, TallyMode())
    assert Mode.TOGETHER in allowed_modes(5)
    assert Mode.TOGETHER not in allowed_modes(6)
    assert player_limits(Mode.TOGETHER) == "2-5"


def test_a_logged_move_of_its_own_is_read_back_as_that_move() -> None:
    """The action log reads any registered action by its kind tag."""
    logged = TypeAdapter[Any](AnyAction).validate_json(Tally(by="p1").model_dump_json())
    assert isinstance(logged, Tally)
    assert logged.by == "p1"
    with pytest.raises(ValueError, match="No action has the kind 'castle'"):
        TypeAdapter[Any](AnyAction).validate_python({"kind": "castle", "by": "p1"})

"""L-5 late joiners and L-6 Play again: who plays the next game, and who
gets the captaincy or the first clue."""

from __future__ import annotations

from oneword.engine import Join, Leave, Mode, SetMode, StartGame, apply, new_room, view_for
from oneword.engine.models import RoomState
from oneword.engine.together.state import TogetherGame
from oneword.engine.versus.state import VersusGame

WORDS = [f"word{i}" for i in range(25)]


def _room(count: int, seed: int = 11) -> RoomState:
    room = new_room(seed=seed)
    for i in range(count):
        room = apply(room, Join(by=f"p{i}", name=f"P{i}"), 0.0)
    return room


def _end_game(room: RoomState) -> RoomState:
    """End the running game quickly: a team leaves (G-8), then comes back."""
    game = room.game
    assert isinstance(game, VersusGame)
    return room.model_copy(
        update={"game": game.model_copy(update={"outcome": _outcome()})}, deep=True
    )


def _outcome():  # type: ignore[no-untyped-def]
    from oneword.engine.models import Ending, Outcome

    return Outcome(result="no_result", ending=Ending.TEAM_LEFT)


def test_L5_a_late_joiner_watches_and_plays_the_next_game() -> None:
    room = apply(_room(4), StartGame(by="p0", words=WORDS), 0.0)
    room = apply(room, Join(by="late", name="Late"), 10.0)
    game_view = view_for(room, "late").game
    assert game_view is not None
    assert game_view.seat == "spectator"
    assert not hasattr(game_view, "key")
    assert room.game is not None and room.game.player("late") is None
    room = _end_game(room)
    room = apply(room, StartGame(by="p0", words=WORDS), 20.0)
    assert room.game is not None and room.game.player("late") is not None
    assert view_for(room, "late").game.seat in {"captain", "guesser"}


def test_L6_play_again_gives_the_captaincy_to_those_who_have_not_had_it() -> None:
    room = _room(8)
    captains_seen: set[str] = set()
    for round_number in range(3):
        room = apply(room, StartGame(by="p0", words=WORDS), float(round_number))
        game = room.game
        assert isinstance(game, VersusGame)
        new = set(game.captains.values())
        assert not new & captains_seen, f"round {round_number}: a captain repeated too soon"
        captains_seen |= new
        room = _end_game(room)
    assert len(captains_seen) == 6


def test_L6_play_again_starts_together_clue_giving_with_new_givers() -> None:
    from oneword.engine import GiveClue

    room = apply(_room(4), SetMode(by="p0", mode=Mode.TOGETHER), 0.0)
    room = apply(room, StartGame(by="p0", words=WORDS), 0.0)
    game = room.game
    assert isinstance(game, TogetherGame) and game.turn is not None
    first_giver = game.turn.giver_id
    assert first_giver is not None
    room = apply(room, GiveClue(by=first_giver, word="zebra", number=1), 1.0)
    room = room.model_copy(
        update={"game": room.game.model_copy(update={"outcome": _outcome()})}, deep=True
    )
    for seed_step in range(4):
        again = apply(
            room.model_copy(update={"step": room.step + seed_step}),
            StartGame(by="p0", words=WORDS),
            2.0,
        )
        assert isinstance(again.game, TogetherGame) and again.game.turn is not None
        assert again.game.turn.giver_id != first_giver


def test_L6_a_leaver_is_not_in_the_next_game() -> None:
    room = _room(6)
    room = apply(room, StartGame(by="p0", words=WORDS), 0.0)
    room = apply(room, Leave(by="p4"), 1.0)
    room = _end_game(room)
    room = apply(room, StartGame(by="p0", words=WORDS), 2.0)
    assert room.game is not None and room.game.player("p4") is None

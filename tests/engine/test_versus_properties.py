"""Property-based tests: random Versus games played through `apply`.

Each example deals a game from a random seed, seats a late joiner, then
plays a random sequence of legal and illegal moves by random members
(clues, marks, opens, end turns, connection changes, the odd leave) and
time jumps through `advance`. After every step the invariants below must
hold; a refused move must leave the room exactly as it was (G-9).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from versus_helpers import (
    LATE,
    START,
    assert_map_hidden,
    join_late,
    started,
    with_closed_colours_swapped,
)

from oneword.engine import (
    INFINITY,
    Disconnect,
    Ending,
    EndTurn,
    GiveClue,
    Leave,
    Mark,
    Open,
    Reconnect,
    RoomState,
    RuleError,
    Team,
    advance,
    apply,
    view_for,
)
from oneword.engine.actions import Action
from oneword.engine.models import Colour, team_colour
from oneword.engine.versus.rules import may_guess
from oneword.engine.versus.state import VersusGame
from oneword.engine.versus.views import VersusCaptainView, VersusFinishedView

CLUE_WORDS = [
    *["zebra", "quartz", "nimbus", "plume", "fjord", "glyph"],
    *["horse", "Horses", "CAFE\u0301", "ice cream", "42", "a" * 21],
]
"""Two clues in three are fine; the rest break a C-rule (some only while
their board word is closed)."""
NUMBERS: list[int | str] = [0, 1, 2, 3, 9, INFINITY]
CARD_CHOICES = ["own"] * 8 + ["rival", "rival", "neutral", "marked"]
"""Mostly the playing team's own closed cards, so games get decided."""
WAITS = [1.0, 30.0, 59.0, 60.0, 61.0, 119.0, 120.0, 121.0, 400.0]


def _kinds(clue: int, open_: int, mark: int, end: int) -> list[str]:
    """Move kinds, repeated to weight them; every kind stays possible."""
    return (
        ["clue"] * clue
        + ["open"] * open_
        + ["mark"] * mark
        + ["end"] * end
        + ["wait"] * 6
        + ["disconnect"] * 4
        + ["reconnect"] * 6
        + ["leave"]
    )


CLUE_PHASE = _kinds(clue=24, open_=6, mark=4, end=4)
GUESS_PHASE = _kinds(clue=4, open_=48, mark=8, end=8)
AFTER_THE_END = 8
"""Moves still tried once a game is over (they must change nothing)."""
CODE = re.compile(r"[a-z][a-z_]*[a-z]")

PROPERTY_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""About 5-10 s a test; no deadline, as a game of 200 moves takes a while."""


@dataclass
class Run:
    """One random game in progress, and what it has seen so far."""

    room: RoomState
    now: float
    key: list[Colour]
    starting: Team
    ids: list[str]
    refused: int = 0
    applied: int = 0
    codes: Counter[str] = field(default_factory=Counter)

    @property
    def game(self) -> VersusGame:
        game = self.room.game
        assert isinstance(game, VersusGame)
        return game


def _new_run(seed: int, red: int, blue: int, clue_timer: int) -> Run:
    room = join_late(started(seed, red, blue, clue_timer), START)
    game = room.game
    assert isinstance(game, VersusGame)
    ids = [m.id for m in room.members] + ["ghost"]
    return Run(room, START, list(game.key), game.starting_team, ids)


def _natural_actor(run: Run, kind: str) -> str:
    """The member the move would be legal for (if any): the playing captain
    for a clue, a guesser who may guess otherwise."""
    game = run.game
    if game.turn is None:
        return run.room.members[0].id
    team = game.turn.team
    if kind == "clue":
        return game.captains[team]
    able = [p.id for p in game.team_players(team) if may_guess(run.room, game, p)]
    return able[0] if able else game.captains[team]


def _card(run: Run, choice: str | int) -> int:
    if isinstance(choice, int):
        return choice
    game = run.game
    team = game.turn.team if game.turn else Team.RED
    colour = {
        "own": team_colour(team),
        "rival": team_colour(team.other),
        "neutral": Colour.NEUTRAL,
    }.get(choice)
    if colour is None:
        marked = sorted(game.turn.marks) if game.turn else []
        return marked[0] if marked else 0
    closed = [i for i, c in enumerate(game.key) if c is colour and not game.opened[i]]
    return closed[0] if closed else 0


def _draw_move(run: Run, data: st.DataObject) -> Action | float:
    """A random move, or a number of seconds to let pass."""
    turn = run.game.turn
    kinds = GUESS_PHASE if turn is not None and turn.clue is not None else CLUE_PHASE
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "wait":
        return data.draw(st.sampled_from(WAITS), label="wait")
    if kind in {"disconnect", "reconnect", "leave"}:
        member = data.draw(st.sampled_from(run.ids), label="member")
        return {"disconnect": Disconnect, "reconnect": Reconnect, "leave": Leave}[kind](by=member)
    # Three moves in four come from the member they would be legal for.
    natural = st.none()
    actor = data.draw(st.one_of(natural, natural, natural, st.sampled_from(run.ids)), label="actor")
    by = actor or _natural_actor(run, kind)
    if kind == "clue":
        word = data.draw(st.sampled_from(CLUE_WORDS), label="word")
        number = data.draw(st.sampled_from(NUMBERS), label="number")
        return GiveClue(by=by, word=word, number=number)  # type: ignore[arg-type]
    if kind == "end":
        return EndTurn(by=by)
    named = st.sampled_from(CARD_CHOICES)
    choice = data.draw(st.one_of(named, named, named, st.integers(0, 24)), label="card")
    card = _card(run, choice)
    return Open(by=by, card=card) if kind == "open" else Mark(by=by, card=card)


def _step(run: Run, move: Action | float) -> tuple[RoomState, RoomState]:
    """Play one move; returns the room before and after."""
    before = run.room
    dump = before.model_dump()
    if isinstance(move, float):
        run.now += move
        run.room = advance(before, run.now)
        assert before.model_dump() == dump, "advance changed the room it was given"
        return before, run.room
    run.now += 1.0
    try:
        run.room = apply(before, move, run.now)
    except RuleError as error:
        assert CODE.fullmatch(error.code), error.code
        assert error.message.strip()
        assert before.model_dump() == dump, f"refused {move!r} changed the room"
        run.refused += 1
        run.codes[error.code] += 1
        return before, before
    assert before.model_dump() == dump, "apply changed the room it was given"
    run.applied += 1
    return before, run.room


# Invariants


def check_game(run: Run, before: RoomState, after: RoomState) -> None:
    old, new = before.game, after.game
    assert isinstance(old, VersusGame) and isinstance(new, VersusGame)
    # V-2: the map never changes and keeps 9 / 8 / 7 / 1.
    assert new.key == run.key
    assert Counter(new.key) == {
        team_colour(run.starting): 9,
        team_colour(run.starting.other): 8,
        Colour.NEUTRAL: 7,
        Colour.BLACK: 1,
    }
    # Opened cards never close; at most one opens per step.
    assert all(n for o, n in zip(old.opened, new.opened, strict=True) if o)
    assert sum(new.opened) - sum(old.opened) in (0, 1)
    # The game stops changing once it is over.
    if old.outcome is not None:
        assert new == old
        return
    outcome = new.outcome
    black_open = any(o for c, o in zip(new.key, new.opened, strict=True) if c is Colour.BLACK)
    if outcome is None:
        # V-9, V-10, V-12: a decided game ends at once.
        assert not black_open
        assert new.cards_left(Team.RED) > 0 and new.cards_left(Team.BLUE) > 0
        assert new.turn is not None
        team = new.turn.team
        assert new.turn.giver_id == new.captains[team]
        assert new.player(new.captains[team]) is not None
        if new.turn.clue is not None:
            assert new.turn.clue_deadline is None
        return
    # one winner (or none for no result) and how it was decided.
    assert new.turn is None
    if outcome.result == "no_result":
        assert outcome.ending is Ending.TEAM_LEFT and outcome.winner is None
        return
    assert outcome.result == "win" and outcome.winner in (Team.RED, Team.BLUE)
    assert outcome.ending in set(Ending)
    winner = outcome.winner
    if outcome.ending is Ending.BLACK_CARD:
        assert black_open and outcome.decided_by is winner.other
    elif outcome.ending is Ending.ALL_FOUND:
        assert new.cards_left(winner) == 0 and outcome.decided_by is winner
    else:
        assert outcome.ending is Ending.RIVAL_OPENED_LAST
        assert new.cards_left(winner) == 0 and outcome.decided_by is winner.other
    assert new.cards_left(winner.other) > 0 or outcome.ending is Ending.BLACK_CARD


def check_round_trip(room: RoomState) -> None:
    assert RoomState.model_validate_json(room.model_dump_json()) == room


def check_views(room: RoomState, *, non_interference: bool) -> None:
    game = room.game
    assert isinstance(game, VersusGame)
    swapped = with_closed_colours_swapped(room) if non_interference else None
    names = {p.id: p.name for p in game.players}
    for member in [m.id for m in room.members] + [None]:
        view = view_for(room, member)
        assert view.game is not None
        if game.outcome is not None:
            assert isinstance(view.game, VersusFinishedView) and view.game.key == game.key
            assert all(card.marked_by == [] for card in view.game.board)
            continue
        assert game.turn is not None
        player = game.player(member) if member else None
        # Marks: only the playing team's own members see them (V-5).
        own_team = player is not None and not player.left and player.team is game.turn.team
        for card in view.game.board:
            if card.marked_by:
                assert own_team, f"{member} sees the other team's marks"
                team_names = {names[p.id] for p in game.team_players(game.turn.team)}
                assert set(card.marked_by) <= team_names
        if player is not None and game.captains.get(player.team) == member:
            assert isinstance(view.game, VersusCaptainView) and view.game.key == game.key
            continue
        assert_map_hidden(view, game)
        if swapped is not None:
            assert view_for(swapped, member) == view


@given(
    seed=st.integers(0, 2**32 - 1),
    red=st.integers(2, 4),
    blue=st.integers(2, 4),
    clue_timer=st.sampled_from([0, 60, 120]),
    data=st.data(),
)
@PROPERTY_SETTINGS
def test_random_play_keeps_the_versus_invariants(
    seed: int, red: int, blue: int, clue_timer: int, data: st.DataObject
) -> None:
    run = _new_run(seed, red, blue, clue_timer)
    steps = data.draw(st.integers(1, 200), label="steps")
    after_end = 0
    for _ in range(steps):
        before, after = _step(run, _draw_move(run, data))
        check_game(run, before, after)
        check_round_trip(after)
        after_end += run.game.over
        if after_end > AFTER_THE_END:
            break
    assert run.applied + run.refused <= steps
    outcome = run.game.outcome
    event(f"ending: {outcome.ending.value if outcome else 'still running'}")
    event(f"cards opened: {sum(run.game.opened) // 5 * 5}+")


@given(seed=st.integers(0, 2**32 - 1), data=st.data())
@settings(PROPERTY_SETTINGS, max_examples=40)
def test_random_play_never_leaks_the_map(seed: int, data: st.DataObject) -> None:
    run = _new_run(seed, 3, 3, 120)
    assert run.room.member(LATE) is not None
    steps = data.draw(st.integers(1, 120), label="steps")
    check_views(run.room, non_interference=True)
    after_end = 0
    for _ in range(steps):
        before, after = _step(run, _draw_move(run, data))
        if after is not before:  # a refused move left the same room: same views
            check_views(after, non_interference=True)
        after_end += run.game.over
        if after_end > AFTER_THE_END:
            break
    outcome = run.game.outcome
    event(f"ending: {outcome.ending.value if outcome else 'still running'}")

"""Property-based tests: random sequences of actions (legal and not) and clock
jumps, checking the invariants of Together, its timers and its views, and
that a Versus guesser never gets the map.

Each drawn step is (kind, actor, card, jump): the clock moves on by `jump`
seconds, then the step is turned into an action against the room as it is.
Some kinds aim at the rules (the clue giver clues, a guesser opens a green
of the giver's map) so that games reach turns, the limit and the Final
Round; others are random and are often refused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from together_helpers import (
    CLUE,
    T0,
    WORDS,
    assert_no_other_map,
    together,
    together_room,
    versus_room,
    view_json,
)

from oneword.engine import (
    Disconnect,
    EndTurn,
    GiveClue,
    Join,
    Leave,
    Mark,
    Open,
    Reconnect,
    RoomState,
    RuleError,
    advance,
    apply,
    next_deadline,
)
from oneword.engine.actions import Action
from oneword.engine.models import Colour
from oneword.engine.together.state import TogetherGame
from oneword.engine.turns import is_connected
from oneword.engine.versus.state import VersusGame

JUMPS = [0.0, 0.0, 0.5, 1.0, 5.0, 30.0, 59.0, 60.0, 61.0, 119.0, 120.0, 250.0, 600.0]
"""Clock jumps that land before, on and after the 60 s and 120 s deadlines."""

step = st.tuples(st.integers(0, 15), st.integers(0, 15), st.integers(0, 24), st.sampled_from(JUMPS))
steps = st.lists(step, min_size=15, max_size=80)
PROPERTY = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _actor(room: RoomState, index: int) -> str:
    """Mostly the game's players (also those who left), sometimes a watcher
    or a stranger."""
    seated = [p.id for p in room.game.players] if room.game else []
    people = [*seated, "late", *seated, "ghost"]
    return people[index % len(people)]


def _together_action(room: RoomState, kind: int, who: str, card: int) -> Action | None:
    """Kinds 0-9 follow the rules (so games reach the limit and the Final
    Round); kinds 10-15 are anything, by anyone, and often refused."""
    game = room.game
    assert isinstance(game, TogetherGame)
    turn = game.turn
    players = [p for p in game.players if not p.left]
    closed = [i for i in range(25) if not game.found[i]]
    if kind <= 9 and game.final_round and players and closed:
        opener = players[card % len(players)]
        greens = [i for i in closed if game.keys[opener.team.other][i] is Colour.GREEN]
        pick = greens if greens and kind <= 8 else closed
        return Open(by=opener.id, card=pick[card % len(pick)])
    if kind <= 9 and turn is not None:
        if turn.clue is None:
            return GiveClue(by=turn.giver_id or who, word=CLUE, number=card % 10)
        guessers = game.team_players(turn.team.other)
        by = guessers[card % len(guessers)].id
        wanted = Colour.GREEN if kind <= 4 else Colour.NEUTRAL
        choice = [
            i
            for i in closed
            if game.keys[turn.team][i] is wanted and turn.team not in game.neutral_for[i]
        ]
        if kind >= 8 or not choice:
            return EndTurn(by=by)
        return Open(by=by, card=choice[card % len(choice)])
    match kind:
        case 10 | 11:
            return Open(by=who, card=card)
        case 12:
            if card % 2:
                return EndTurn(by=who)
            return GiveClue(by=who, word=WORDS[card] if card % 4 else CLUE, number=card % 10)
        case 13:
            return Disconnect(by=who)
        case 14:
            return Reconnect(by=who)
        case 15:
            if card < 6:
                return Leave(by=who)
            return Join(by=who, name=who) if card < 16 else Mark(by=who, card=card)
    return None


def _check_together(room: RoomState) -> None:
    game = room.game
    assert isinstance(game, TogetherGame)
    for side in game.keys.values():
        assert Counter(side) == {Colour.GREEN: 9, Colour.BLACK: 3, Colour.NEUTRAL: 13}
    greens = game.green_indices()
    assert len(greens) == 15
    assert all(i in greens for i in range(25) if game.found[i])
    for i, sides in enumerate(game.neutral_for):
        assert len(set(sides)) == len(sides)
        assert all(game.keys[s][i] is Colour.NEUTRAL for s in sides)
    assert 0 <= game.turns_used <= game.turn_limit
    assert game.turn_limit in (9, 11)
    if game.final_round:
        assert game.turns_used == game.turn_limit and game.turn is None
    if game.outcome is not None:
        assert game.turn is None
        if game.outcome.result == "win":
            assert game.greens_left() == 0
    elif not game.final_round:
        turn = game.turn
        assert turn is not None and turn.number == game.turns_used + 1
        if turn.clue is None:  # a giver of the side, connected or waited for
            assert game.player(turn.giver_id or "") in game.team_players(turn.team)
            assert is_connected(room, turn.giver_id) or turn.giver_away_deadline is not None
    assert_no_other_map(room)


def _connection_action(room: RoomState, kind: int, who: str, card: int) -> Action | None:
    """Mostly connection changes, with some play so that turns move on."""
    match kind:
        case 0 | 1 | 2:
            return _together_action(room, kind * 3, who, card)
        case 3 | 4 | 5 | 6 | 7:
            return Disconnect(by=who)
        case 8 | 9 | 10 | 11:
            return Reconnect(by=who)
        case 12 | 13:
            return Leave(by=who) if card < 10 else Join(by=who, name=who)
        case 14 | 15:
            return Join(by=who, name=who)
    return None


def _check_advance(room: RoomState, now: float) -> RoomState:
    """X-8: idempotent, deterministic, and the same from a JSON copy."""
    advanced = advance(room, now)
    assert advance(advanced, now) == advanced
    assert advance(room, now) == advanced
    loaded = RoomState.model_validate_json(room.model_dump_json())
    assert advance(loaded, now) == advanced
    deadline = next_deadline(advanced)
    assert deadline is None or deadline > now
    return advanced


def _play(
    room: RoomState,
    plan: list[tuple[int, int, int, float]],
    to_action: Callable[[RoomState, int, str, int], Action | None],
    check: Callable[[RoomState], None],
) -> RoomState:
    """Play the plan on a fake clock; after every step check `advance` (X-8),
    refusals (G-9) and the mode's invariants on the room as it is at `now`."""
    now = T0
    for kind, actor, card, jump in plan:
        now += jump
        room = _check_advance(room, now)
        check(room)
        action = to_action(room, kind, _actor(room, actor), card)
        if action is None:
            continue
        before = room.model_copy(deep=True)
        try:
            after = apply(room, action, now)
        except RuleError:
            assert room == before  # G-9: a refusal changes nothing
            continue
        assert apply(before, action, now) == after  # the same input, the same result
        room = after
    room = _check_advance(room, now)
    check(room)
    return room


@PROPERTY
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    clue_timer=st.sampled_from([0, 60, 120]),
    turns=st.sampled_from([9, 11]),
    plan=steps,
)
def test_together_invariants_hold_through_random_play(
    players: int, seed: int, clue_timer: int, turns: int, plan: list[tuple[int, int, int, float]]
) -> None:
    room = together_room(players, seed=seed, clue_timer=clue_timer, turns=turns)
    room = _play(room, plan, _together_action, _check_together)
    game = together(room)
    event("final round" if game.final_round else f"turns used: {game.turns_used // 3 * 3}+")
    event(f"outcome: {game.outcome.ending if game.outcome else None}")


@PROPERTY
@given(
    players=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    clue_timer=st.sampled_from([0, 60, 120]),
    plan=steps,
)
def test_together_connections_never_stall_the_clue(
    players: int, seed: int, clue_timer: int, plan: list[tuple[int, int, int, float]]
) -> None:
    """X-7, G-8 under random disconnects, returns, leaves and re-joins: the
    clue seat is always a player of the side, connected or being waited for."""
    room = together_room(players, seed=seed, clue_timer=clue_timer)
    room = _play(room, plan, _connection_action, _check_together)
    outcome = together(room).outcome
    event(f"outcome: {outcome.ending if outcome else None}")


def _versus_action(room: RoomState, kind: int, who: str, card: int) -> Action | None:
    game = room.game
    assert isinstance(game, VersusGame)
    turn = game.turn
    if kind <= 5 and turn is not None:
        if turn.clue is None:
            return GiveClue(by=game.captains[turn.team], word=CLUE, number=card % 10)
        guessers = [p.id for p in game.team_players(turn.team)]
        return Open(by=guessers[card % len(guessers)], card=card)
    match kind:
        case 6 | 7 | 8:
            return Open(by=who, card=card)
        case 9:
            return EndTurn(by=who)
        case 10:
            return Mark(by=who, card=card)
        case 11 | 12:
            return Disconnect(by=who)
        case 13 | 14:
            return Reconnect(by=who)
        case 15:
            if card < 3:
                return Leave(by=who)
            return Join(by=who, name=who) if card < 10 else None
    return None


def _check_versus_views(room: RoomState) -> None:
    game = room.game
    assert isinstance(game, VersusGame)
    for member in [*[m.id for m in room.members], None]:
        view = view_json(room, member)["game"]
        player = game.player(member) if member else None
        is_captain = player is not None and not player.left and game.captains[player.team] == member
        if game.over:
            assert view["view"] == "versus_finished"
        elif is_captain:
            assert view["view"] == "versus_captain" and "key" in view
        else:
            assert "key" not in view and "keys" not in view, member
            assert view["view"] in ("versus_guesser", "versus_spectator")


@PROPERTY
@given(
    players=st.integers(4, 8),
    clue_timer=st.sampled_from([0, 60, 120]),
    plan=steps,
)
def test_versus_guesser_never_gets_the_map(
    players: int, clue_timer: int, plan: list[tuple[int, int, int, float]]
) -> None:
    room = versus_room(players, clue_timer=clue_timer)
    _play(room, plan, _versus_action, _check_versus_views)

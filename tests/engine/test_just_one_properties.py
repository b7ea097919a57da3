"""Property-based tests of Just One (J-1 to J-6): random sequences of its
actions, legal and not, by any seat, with clock jumps past the clue timer.

Invariants after every step: the score never exceeds the cards played,
no count goes negative, a refused action changes nothing, and the
guesser's and the watch page's views never hold the mystery word before
the card is over.
"""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from justone_helpers import T0, card, givers, guesser, just_one_room, to_guess

from oneword.engine import Leave, RoomState, RuleError, apply, view_for
from oneword.engine.actions import Action
from oneword.engine.justone import actions
from oneword.engine.justone.deck import cards_left, current_card, score
from oneword.engine.justone.state import CardPhase, CardResult, JustOneGame

JUMPS = [0.0, 1.0, 30.0, 59.0, 61.0, 125.0]
step = st.tuples(st.integers(0, 9), st.integers(0, 5), st.integers(0, 5), st.sampled_from(JUMPS))
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _action(room: RoomState, kind: int, actor: int, value: int) -> Action:
    game = room.game
    assert isinstance(game, JustOneGame)
    card = current_card(game)
    people = [p.id for p in game.players]
    by = people[actor % len(people)]
    mystery = card.mystery or "none"
    match kind:
        case 0:
            return actions.PickNumber(by=card.guesser_id or by, number=value % 5 + 1)
        case 1:
            words = [f"w{value}", f"v{actor}"][: 1 + value % 2]
            return actions.WriteClues(by=by, words=words)
        case 2:
            return actions.VoteClue(by=by, clue=value, flip=actor % 2 == 0)
        case 3:
            return actions.ShowClues(by=by)
        case 4:
            return actions.Answer(by=card.guesser_id or by, word=mystery if value % 2 else "miss")
        case 5:
            return actions.PassCard(by=by)
        case 6:
            return actions.Overrule(by=by, agree=value % 2 == 0)
        case 7:
            return actions.NextCard(by=by)
        case 8 if value == 5:
            return Leave(by=by)
    return actions.WriteClues(by=by, words=[f"c{by}", f"d{by}"])


def _check(room: RoomState) -> None:
    game = room.game
    assert isinstance(game, JustOneGame)
    played = sum(1 for c in game.cards if c.result in (CardResult.RIGHT, CardResult.WRONG))
    assert 0 <= score(game) <= played <= 13
    assert 0 <= cards_left(game) <= 12
    if game.over:
        return
    card = current_card(game)
    if card.mystery is None or card.phase is CardPhase.REVEAL:
        return
    for seat in (card.guesser_id, None):
        assert card.mystery not in view_for(room, seat).model_dump_json()


@PROPERTY
@given(players=st.integers(3, 7), steps=st.lists(step, min_size=10, max_size=120))
def test_J_random_play_keeps_the_score_the_deck_and_the_secrets(
    players: int, steps: list[tuple[int, int, int, float]]
) -> None:
    room = just_one_room(players, timer=60)
    now = T0
    for kind, actor, value, jump in steps:
        now += jump
        action = _action(room, kind, actor, value)
        before = room.model_dump_json()
        try:
            room = apply(room, action, now)
        except RuleError:
            assert room.model_dump_json() == before
        _check(room)
    game = room.game
    assert isinstance(game, JustOneGame)
    event(f"cards over: {min(game.current, 3)}{'+' if game.current >= 3 else ''}")


PLAYS = ["right", "wrong", "pass", "overruled"]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(3, 7),
    plays=st.lists(
        st.sampled_from(["right", "wrong", "pass", "overruled"]), min_size=13, max_size=13
    ),
)
def test_J_5_J_6_a_whole_deck_scores_what_was_guessed_and_loses_what_was_missed(
    players: int, plays: list[str]
) -> None:
    """Whatever happens on each card, the deck ends after 13 cards, every
    card has a result, the score is the right answers plus the near misses
    counted as right, and each plain wrong answer took the next card."""
    room = just_one_room(players)
    used: list[str] = []
    taking_the_next = 0
    for play in plays:
        game = room.game
        assert isinstance(game, JustOneGame)
        if game.over:
            break
        room = to_guess(room)
        me = guesser(room)
        if play == "pass":
            room = apply(room, actions.PassCard(by=me), T0)
        else:
            answer = card(room).mystery if play == "right" else "zzzmiss"
            room = apply(room, actions.Answer(by=me, word=answer or ""), T0)
        if play == "overruled":
            for giver in givers(room):
                room = apply(room, actions.Overrule(by=giver), T0)
        used.append(play)
        taking_the_next += play == "wrong" and game.current < 12
        room = apply(room, actions.NextCard(by=givers(room)[0]), T0)
        _check(room)
    game = room.game
    assert isinstance(game, JustOneGame) and game.over
    assert all(c.result is not None for c in game.cards)
    assert score(game) == used.count("right") + used.count("overruled")
    lost = sum(1 for c in game.cards if c.result is CardResult.LOST)
    assert lost + len(used) == 13
    assert lost == taking_the_next

"""Just One's rules (J-1 to J-6), its views and its place in the room
(pause, late joiners, leaving, the clue timer, play again)."""

from __future__ import annotations

import pytest
from justone_helpers import (
    DECK,
    T0,
    act,
    card,
    distinct_clues,
    game,
    givers,
    guesser,
    just_one_room,
    play_card,
    seen,
    seen_card,
    show_all,
    to_guess,
    write_all,
)

from oneword.engine import (
    BackToLobby,
    Disconnect,
    GiveClue,
    Join,
    Leave,
    Mode,
    Pause,
    Resume,
    RuleError,
    SetMode,
    StartGame,
    advance,
    apply,
    new_room,
    view_for,
)
from oneword.engine.errors import Reason
from oneword.engine.justone import actions
from oneword.engine.justone.state import CardPhase, CardResult, JustOneGame
from oneword.engine.justone.views import JustOneFinishedView, Rating, rating
from oneword.engine.models import Ending, NoticeKind
from oneword.wording import notice_text


def refused(room: object, action: object, code: Reason, now: float = T0) -> None:
    with pytest.raises(RuleError) as caught:
        apply(room, action, now)  # type: ignore[arg-type]
    assert caught.value.code == code


# J-1
def test_J_1_deck_of_13_cards_of_5_words_with_no_word_twice() -> None:
    room = just_one_room(4)
    cards = game(room).cards
    assert len(cards) == 13 and all(len(c.words) == 5 for c in cards)
    words = [w for c in cards for w in c.words]
    assert sorted(words) == sorted(DECK) and len(set(words)) == 65


@pytest.mark.parametrize(("players", "starts"), [(2, False), (3, True), (7, True), (8, False)])
def test_J_1_three_to_seven_players(players: int, starts: bool) -> None:
    room = new_room(seed=1)
    for i in range(players):
        room = apply(room, Join(by=f"p{i}", name=f"N{i}"), T0)
    if players <= 7:
        room = apply(room, SetMode(by="p0", mode=Mode.JUST_ONE), T0)
        start = StartGame(by="p0", words=list(DECK))
        if starts:
            assert isinstance(apply(room, start, T0).game, JustOneGame)
        else:
            refused(room, start, Reason.PLAYER_COUNT)
    else:
        refused(room, SetMode(by="p0", mode=Mode.JUST_ONE), Reason.MODE_NOT_ALLOWED)


def test_J_1_a_deck_needs_65_different_words() -> None:
    room = new_room(seed=1)
    for i in range(4):
        room = apply(room, Join(by=f"p{i}", name=f"N{i}"), T0)
    room = apply(room, SetMode(by="p0", mode=Mode.JUST_ONE), T0)
    refused(room, StartGame(by="p0", words=DECK[:25]), Reason.DECK_SIZE)
    refused(room, StartGame(by="p0", words=[*DECK[:64], DECK[0].upper()]), Reason.DECK_SIZE)


def test_J_1_bots_do_not_play_just_one() -> None:
    room = new_room(seed=1)
    for i in range(3):
        room = apply(room, Join(by=f"p{i}", name=f"N{i}"), T0)
    room = apply(room, Join(by="b", name="Bot", bot=True), T0)
    room = apply(room, SetMode(by="p0", mode=Mode.JUST_ONE), T0)
    refused(room, StartGame(by="p0", words=list(DECK)), Reason.BOTS_NOT_IN_JUST_ONE)


def test_J_1_the_guesser_role_passes_to_the_next_player_each_card() -> None:
    room = just_one_room(5)
    order = [p.id for p in game(room).players]
    seen = []
    for _ in range(5):
        seen.append(guesser(room))
        room = play_card(room, right=True)
    start = order.index(seen[0])
    assert seen == [order[(start + k) % 5] for k in range(5)]


def test_J_1_the_deck_is_drawn_from_the_room_secret() -> None:
    first = [game(just_one_room(4, seed=s)).first_guesser for s in range(12)]
    assert len(set(first)) > 1
    assert game(just_one_room(4, seed=3)) == game(just_one_room(4, seed=3))


# J-2
def test_J_2_the_guesser_picks_a_number_without_seeing_the_card() -> None:
    room = just_one_room(4)
    me = guesser(room)
    before = view_for(room, me).model_dump_json()
    assert not any(w in before for w in DECK)
    room = act(room, actions.PickNumber(by=me, number=4))
    assert card(room).mystery == card(room).words[3]
    assert seen_card(room, me).mystery is None
    for giver in givers(room):
        assert seen_card(room, giver).mystery == card(room).words[3]


def test_J_2_only_the_guesser_picks_and_only_once() -> None:
    room = just_one_room(4)
    refused(room, actions.PickNumber(by=givers(room)[0], number=1), Reason.NOT_GUESSER)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    refused(room, actions.PickNumber(by=guesser(room), number=2), Reason.WRONG_PHASE)


def test_J_2_the_guesser_and_the_watch_page_never_hold_the_mystery_word_before_the_end() -> None:
    room = just_one_room(4)
    me = guesser(room)
    room = act(room, actions.PickNumber(by=me, number=2))
    mystery = card(room).mystery
    assert mystery is not None
    stages = [room]
    room = write_all(room)
    stages.append(room)
    room = show_all(room)
    stages.append(room)
    for stage in stages:
        for seat in (me, None):
            assert mystery not in view_for(stage, seat).model_dump_json()
    room = act(room, actions.Answer(by=me, word="nothing"))
    assert mystery in view_for(room, me).model_dump_json()
    assert mystery in view_for(room, None).model_dump_json()


# J-3
def test_J_3_two_clues_each_with_3_or_4_players_one_with_more() -> None:
    for players, each in ((3, 2), (4, 2), (5, 1), (7, 1)):
        room = just_one_room(players)
        room = act(room, actions.PickNumber(by=guesser(room), number=1))
        giver = givers(room)[0]
        refused(
            room,
            actions.WriteClues(by=giver, words=["a1", "b1", "c1"][: 3 - each]),
            Reason.CLUE_COUNT,
        )
        room = act(room, actions.WriteClues(by=giver, words=distinct_clues(room, giver)))
        assert len(card(room).clues) == each


def test_J_3_a_clue_is_one_word_written_once() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    giver = givers(room)[0]
    refused(room, actions.WriteClues(by=giver, words=["two words"]), Reason.CLUE_NOT_ONE_WORD)
    refused(room, actions.WriteClues(by=giver, words=["   "]), Reason.CLUE_EMPTY)
    refused(room, actions.WriteClues(by=guesser(room), words=["x"]), Reason.NOT_CLUE_GIVER)
    room = act(room, actions.WriteClues(by=giver, words=["Lawnmower"]))
    refused(room, actions.WriteClues(by=giver, words=["again"]), Reason.CLUE_GIVEN)


def test_J_3_nobody_sees_another_clue_until_all_are_in() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    first, second, *rest = givers(room)
    room = act(room, actions.WriteClues(by=first, words=["Secretive"]))
    for seat in (second, *rest, guesser(room), None):
        assert "Secretive" not in view_for(room, seat).model_dump_json()
    assert "Secretive" in view_for(room, first).model_dump_json()
    room = act(room, actions.WriteClues(by=second, words=["Other"]))
    for giver in rest:
        room = act(room, actions.WriteClues(by=giver, words=distinct_clues(room, giver)))
    assert card(room).phase is CardPhase.COMPARE
    assert "Secretive" in view_for(room, second).model_dump_json()
    assert "Secretive" not in view_for(room, guesser(room)).model_dump_json()


def test_J_3_the_clue_timer_skips_missing_clues() -> None:
    room = just_one_room(5, timer=60)
    room = act(room, actions.PickNumber(by=guesser(room), number=1), T0 + 1)
    assert card(room).clue_deadline == T0 + 61
    first = givers(room)[0]
    room = act(room, actions.WriteClues(by=first, words=["Lonely"]), T0 + 10)
    assert card(advance(room, T0 + 60)).phase is CardPhase.CLUES
    later = advance(room, T0 + 61)
    assert card(later).phase is CardPhase.COMPARE
    assert [c.word for c in card(later).clues] == ["Lonely"]


def test_J_3_the_clue_timer_is_off_by_default() -> None:
    room = just_one_room(4)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    assert card(room).clue_deadline is None
    assert card(advance(room, T0 + 10_000)).phase is CardPhase.CLUES


# J-4
def test_J_4_identical_clues_are_all_removed_and_the_mystery_word_too() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    mystery = card(room).mystery
    assert mystery is not None
    a, b, c, d = givers(room)
    clues = {a: ["Éclair"], b: ["eclair"], c: [mystery.upper()], d: ["Lawn"]}
    room = write_all(room, clues)
    checks = {clue.word: clue.removal for clue in card(room).clues}
    assert checks == {
        "Éclair": "duplicate",
        "eclair": "duplicate",
        mystery.upper(): "mystery_word",
        "Lawn": None,
    }


def test_J_4_givers_see_removed_clues_marked_then_the_guesser_sees_only_survivors() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    a, b, c, d = givers(room)
    room = write_all(room, {a: ["Same"], b: ["same"], c: ["Lawn"], d: ["Mower"]})
    lines = {line.word: (line.kept, line.removal) for line in seen_card(room, c).clues}
    assert lines["Same"] == (False, "duplicate") and lines["Lawn"] == (True, None)
    refused(room, actions.Answer(by=guesser(room), word="x"), Reason.WRONG_PHASE)
    room = show_all(room)
    assert [line.word for line in seen_card(room, guesser(room)).clues] == ["Lawn", "Mower"]
    assert "Same" not in view_for(room, guesser(room)).model_dump_json()


def test_J_4_givers_read_how_a_clue_is_too_close_and_to_which_word() -> None:
    """The check keeps its kind and the word it found too close (another
    clue, or the mystery word); the givers' lines carry both, the
    guesser's view neither, nor the mystery word through them."""
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    mystery = card(room).mystery
    assert mystery is not None
    a, b, c, d = givers(room)
    room = write_all(room, {a: ["Lawn"], b: ["lawns"], c: [mystery.upper()], d: ["Mower"]})
    stored = {clue.word: (clue.kind, clue.like) for clue in card(room).clues}
    assert stored["Lawn"] == ("form", "lawns") and stored["lawns"] == ("form", "Lawn")
    assert stored[mystery.upper()] == ("spelling", mystery)
    assert stored["Mower"] == (None, None)
    lines = {line.word: (line.kind, line.like) for line in seen_card(room, c).clues}
    assert lines == stored
    room = show_all(room)
    seen = view_for(room, guesser(room)).model_dump_json()
    assert mystery not in seen and '"like"' not in seen.replace('"like":null', "")


def test_J_4_a_majority_of_clue_givers_removes_or_restores_a_clue() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    a, b, c, d = givers(room)
    room = write_all(room, {a: ["Same"], b: ["same"], c: ["Homophone"], d: ["Fine"]})
    index = {clue.word: i for i, clue in enumerate(card(room).clues)}
    # Remove "Homophone": 3 of 4 clue givers agree (2 is not a majority).
    room = act(room, actions.VoteClue(by=a, clue=index["Homophone"]))
    room = act(room, actions.VoteClue(by=b, clue=index["Homophone"]))
    assert seen_card(room, a).clues[index["Homophone"]].kept
    room = act(room, actions.VoteClue(by=d, clue=index["Homophone"]))
    # Restore "Same": 3 votes.
    for giver in (a, c, d):
        room = act(room, actions.VoteClue(by=giver, clue=index["Same"]))
    room = show_all(room)
    assert [line.word for line in seen_card(room, guesser(room)).clues] == ["Same", "Fine"]


def test_J_4_a_changed_vote_takes_back_everyones_show() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    room = write_all(room)
    a, b, *_ = givers(room)
    room = act(room, actions.ShowClues(by=a))
    room = act(room, actions.VoteClue(by=b, clue=0))
    assert card(room).ready == []
    room = act(room, actions.VoteClue(by=b, clue=0, flip=False))
    assert card(room).clues[0].flip_votes == []
    refused(room, actions.VoteClue(by=b, clue=99), Reason.NO_SUCH_CLUE)
    refused(room, actions.VoteClue(by=guesser(room), clue=0), Reason.NOT_CLUE_GIVER)


# J-5
def test_J_5_a_right_answer_scores_one() -> None:
    room = play_card(just_one_room(4), right=True)
    assert [c.result for c in game(room).cards[:2]] == [CardResult.RIGHT, None]
    assert seen(room, None).score == 1


def test_J_5_answers_match_ignoring_case_and_accents() -> None:
    room = to_guess(just_one_room(4))
    mystery = card(room).mystery
    assert mystery is not None
    room = act(room, actions.Answer(by=guesser(room), word=f"  {mystery.upper()} "))
    assert card(room).result is CardResult.RIGHT


def test_J_5_a_pass_loses_only_that_card() -> None:
    room = to_guess(just_one_room(4))
    room = act(room, actions.PassCard(by=guesser(room)))
    room = act(room, actions.NextCard(by=guesser(room)))
    assert [c.result for c in game(room).cards[:2]] == [CardResult.PASSED, None]
    assert game(room).current == 1


def test_J_5_a_wrong_answer_loses_the_next_card_too() -> None:
    room = play_card(just_one_room(4), right=False)
    assert [c.result for c in game(room).cards[:3]] == [CardResult.WRONG, CardResult.LOST, None]
    assert game(room).current == 2
    assert seen(room, None).cards_left == 10


def test_J_5_after_a_wrong_answer_the_clue_givers_move_on_not_the_guesser() -> None:
    """Otherwise a guesser could skip the vote that counts a near miss as right."""
    room = to_guess(just_one_room(4))
    room = act(room, actions.Answer(by=guesser(room), word="zzzwrong"))
    refused(room, actions.NextCard(by=guesser(room)), Reason.NOT_CLUE_GIVER)
    assert not seen(room, guesser(room)).you_may.next_card
    assert seen(room, givers(room)[0]).you_may.next_card
    room = act(room, actions.NextCard(by=givers(room)[0]))
    assert game(room).current == 2


def test_J_5_exactly_one_answer_by_the_guesser() -> None:
    room = to_guess(just_one_room(4))
    refused(room, actions.Answer(by=givers(room)[0], word="x"), Reason.NOT_GUESSER)
    room = act(room, actions.Answer(by=guesser(room), word="first"))
    refused(room, actions.Answer(by=guesser(room), word="second"), Reason.WRONG_PHASE)
    refused(room, actions.PassCard(by=guesser(room)), Reason.WRONG_PHASE)


def test_J_5_clue_givers_overrule_a_near_miss_by_majority() -> None:
    room = to_guess(just_one_room(5))
    room = act(room, actions.Answer(by=guesser(room), word="nearly"))
    a, b, c, _ = givers(room)
    refused(room, actions.Overrule(by=guesser(room)), Reason.NOT_CLUE_GIVER)
    room = act(room, actions.Overrule(by=a))
    room = act(room, actions.Overrule(by=b))
    halfway = act(room, actions.NextCard(by=a))
    assert [x.result for x in game(halfway).cards[:2]] == [CardResult.WRONG, CardResult.LOST]
    room = act(room, actions.Overrule(by=c))
    room = act(room, actions.NextCard(by=a))
    first, second = game(room).cards[:2]
    assert first.overruled and second.result is None and game(room).current == 1
    assert seen(room, None).score == 1


def test_J_5_only_a_wrong_answer_can_be_overruled() -> None:
    room = to_guess(just_one_room(4))
    room = act(room, actions.PassCard(by=guesser(room)))
    refused(room, actions.Overrule(by=givers(room)[0]), Reason.NOTHING_TO_OVERRULE)


# J-6
@pytest.mark.parametrize(
    ("score", "expected"),
    [
        (13, Rating.PERFECT),
        (12, Rating.AMAZING),
        (11, Rating.GREAT),
        (10, Rating.VERY_GOOD),
        (9, Rating.VERY_GOOD),
        (8, Rating.GOOD),
        (7, Rating.GOOD),
        (6, Rating.FAIR),
        (4, Rating.FAIR),
        (3, Rating.WARM_UP),
        (0, Rating.WARM_UP),
    ],
)
def test_J_6_rating_for_each_score(score: int, expected: Rating) -> None:
    assert rating(score) is expected


def test_J_6_results_show_every_card_its_clues_why_removed_and_the_answer() -> None:
    room = just_one_room(4)
    for k in range(13):
        if game(room).over:
            break
        room = play_card(room, right=k != 3)
    outcome = game(room).outcome
    assert outcome is not None and outcome.ending is Ending.DECK_PLAYED
    finished = seen(room, None)
    assert isinstance(finished, JustOneFinishedView)
    assert finished.score == 11 and finished.rating is Rating.GREAT
    assert len(finished.played) == 13
    played = [c for c in finished.played if c.result is not None and c.number is not None]
    assert all(c.mystery and c.answer and c.clues for c in played)
    assert [c.result for c in finished.played].count(CardResult.LOST) == 1


# The rest of the app: pause, late joiners, leaving, other games' moves
def test_J_pause_stops_the_clue_timer() -> None:
    room = just_one_room(4, timer=60)
    room = act(room, actions.PickNumber(by=guesser(room), number=1), T0)
    room = apply(room, Pause(by=guesser(room)), T0 + 10)
    refused(
        room, actions.WriteClues(by=givers(room)[0], words=["a1", "b1"]), Reason.PAUSED, T0 + 20
    )
    room = apply(room, Resume(by=guesser(room)), T0 + 100)
    assert card(room).clue_deadline == T0 + 150
    assert card(advance(room, T0 + 149)).phase is CardPhase.CLUES


def test_J_a_late_joiner_watches_and_sees_no_mystery_word() -> None:
    room = just_one_room(4)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    room = apply(room, Join(by="late", name="Late"), T0)
    late = view_for(room, "late")
    assert late.game is not None and late.game.view == "just_one_spectator"
    assert str(card(room).mystery) not in late.model_dump_json()
    refused(room, actions.WriteClues(by="late", words=["x", "y"]), Reason.NOT_IN_GAME)


def test_J_a_giver_who_leaves_no_longer_holds_the_card_up() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    *first, last = givers(room)
    for giver in first:
        room = act(room, actions.WriteClues(by=giver, words=distinct_clues(room, giver)))
    assert card(room).phase is CardPhase.CLUES
    room = apply(room, Leave(by=last), T0)
    assert card(room).phase is CardPhase.COMPARE


def test_J_a_guesser_who_leaves_passes_the_card_and_too_few_end_the_game() -> None:
    room = just_one_room(3)
    room = apply(room, Leave(by=guesser(room)), T0)
    assert card(room).result is CardResult.PASSED
    room = apply(room, Leave(by=givers(room)[0]), T0)
    outcome = game(room).outcome
    assert outcome is not None and outcome.ending is Ending.TEAM_LEFT


def test_J_moves_of_the_board_games_are_refused() -> None:
    room = just_one_room(4)
    refused(room, GiveClue(by=givers(room)[0], word="x", number=1), Reason.OTHER_GAME)


def test_J_play_again_deals_a_new_deck_in_the_same_room() -> None:
    room = just_one_room(4)
    for giver in givers(room):
        room = apply(room, Leave(by=giver), T0)
    assert game(room).over
    for k in range(3):
        room = apply(room, Join(by=f"n{k}", name=f"New{k}"), T0)
    host = room.host_id
    assert host is not None
    room = apply(room, BackToLobby(by=host), T0)
    assert room.settings.mode is Mode.JUST_ONE
    room = apply(room, StartGame(by=host, words=list(reversed(DECK))), T0)
    assert not game(room).over and len(game(room).players) == 4


def test_J_moves_of_just_one_are_refused_in_a_board_game() -> None:
    room = new_room(seed=1)
    for i in range(4):
        room = apply(room, Join(by=f"p{i}", name=f"N{i}"), T0)
    room = apply(room, StartGame(by="p0", words=DECK[:25]), T0)
    refused(room, actions.PickNumber(by="p1", number=1), Reason.OTHER_GAME)
    refused(room, actions.NextCard(by="p1"), Reason.OTHER_GAME)


def test_J_a_giver_who_lost_connection_does_not_hold_the_card_up() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    *first, last = givers(room)
    room = apply(room, Disconnect(by=last), T0)
    assert card(room).phase is CardPhase.CLUES
    for giver in first:
        room = act(room, actions.WriteClues(by=giver, words=distinct_clues(room, giver)))
    assert card(room).phase is CardPhase.COMPARE
    for giver in first:
        room = act(room, actions.ShowClues(by=giver))
    assert card(room).phase is CardPhase.GUESS


def test_J_1_a_room_set_to_just_one_keeps_it_while_gathering_and_leaves_it_past_7() -> None:
    room = new_room(seed=1)
    room = apply(room, Join(by="p0", name="N0"), T0)
    room = apply(room, SetMode(by="p0", mode=Mode.JUST_ONE), T0)
    for i in range(1, 7):
        room = apply(room, Join(by=f"p{i}", name=f"N{i}"), T0)
        assert room.settings.mode is Mode.JUST_ONE and room.notice is None
    room = apply(room, Join(by="p7", name="N7"), T0)
    assert room.settings.mode is Mode.VERSUS
    assert room.notice is not None and room.notice.kind is NoticeKind.LEFT_JUST_ONE
    assert notice_text(room.notice).startswith("Switched to In One Word: Just One is for 3-7")


def test_J_3_the_clue_count_is_fixed_when_the_card_comes_up() -> None:
    room = just_one_room(5)
    room = act(room, actions.PickNumber(by=guesser(room), number=1))
    first, *others = givers(room)
    room = apply(room, Leave(by=others[-1]), T0)
    refused(room, actions.WriteClues(by=first, words=["lantern", "saddle"]), Reason.CLUE_COUNT)
    room = act(room, actions.WriteClues(by=first, words=["lantern"]))
    assert [c.word for c in card(room).clues] == ["lantern"]
    for giver in others[:-1]:
        room = act(room, actions.WriteClues(by=giver, words=distinct_clues(room, giver)[:1]))
    for giver in [first, *others[:-1]]:
        room = act(room, actions.ShowClues(by=giver))
    room = act(room, actions.PassCard(by=guesser(room)))
    room = act(room, actions.NextCard(by=first))
    assert seen(room, None).clues_each == 2, "four players now: two clues each"

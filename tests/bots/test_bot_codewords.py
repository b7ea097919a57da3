"""Bots playing by the Codewords rules (K-2 with B-2, B-3): the captain's
clues obey the Codewords clue rules on every board, and a whole game by
bots runs through the service to the end with no bot move refused.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from service_helpers import FakeClock

from oneword import words
from oneword.bots import suggest_clue
from oneword.bots.play import next_action
from oneword.engine import EndTurn, PickTeam, SetPreset, StartGame, Team, view_for
from oneword.engine.codewords.clues import make_clue
from oneword.engine.codewords.forms import same_family
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.errors import Refusal
from oneword.engine.models import Colour, Preset, RoomState
from oneword.service import RoomService, Seat, bot_runner
from oneword.service.codec import parse_state, room_record
from oneword.storage.sqlite_store import Store

WORDS = [
    "bat", "mouse", "crane", "mole", "fly", "snake", "bee", "rabbit", "turkey", "penguin",
    "camel", "giraffe", "zebra", "kangaroo", "crocodile", "parrot", "tortoise", "cat",
    "dog", "butterfly", "eagle", "swan", "cricket", "swallow", "donkey",
]  # fmt: skip


def _deal(seed: int) -> tuple[list[str], dict[str, list[int]], list[int]]:
    """A board of the shipped English words, its map and some opened cards."""
    rng = random.Random(seed)
    board = words.board_words(words.load_packages(), "en", None, rng)
    order = list(range(25))
    rng.shuffle(order)
    parts = {"own": order[:9], "rival": order[9:17], "neutral": order[17:24], "black": order[24:]}
    opened = [i for i in rng.sample(order[:24], rng.randint(0, 12))]
    return board, parts, opened


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_K_2_B_2_every_bot_clue_obeys_the_codewords_clue_rules(level: str) -> None:
    """Letters only, not a closed board word nor one of its forms, number
    1 up to the cards left: the engine's Codewords judge accepts each."""
    for seed in range(60):
        board, parts, opened = _deal(seed)
        own_left = [i for i in parts["own"] if i not in opened]
        if not own_left:
            continue
        closed = [w for i, w in enumerate(board) if i not in opened]
        given: list[str] = []
        for _ in range(2):
            word, number = suggest_clue(
                board, **parts, opened=opened, difficulty=level, avoid=given, rules="codewords"
            )
            clue = make_clue(word, number, closed, len(own_left), "en")  # raises if illegal
            assert clue.word.isalpha() or sum(not c.isalpha() for c in clue.word) == 1
            assert not any(same_family(word, card, "en") for card in closed), (word, seed)
            given.append(word)


def test_K_2_B_2_a_codewords_captain_avoids_forms_the_other_rules_allow() -> None:
    """Where the best In One Word clue is a form of a closed card that the
    C rules let pass, the Codewords captain gives another clue. A captain
    left one card to clue reaches for close forms most often ("shot" ->
    "shooting"), so every card of some seeded boards is tried alone."""
    differ = 0
    for seed in range(4):
        board = words.board_words(words.load_packages(), "en", None, random.Random(seed))
        for card in range(25):
            rest = [i for i in range(25) if i != card]
            parts = {"own": [card], "rival": rest[:8], "neutral": rest[8:23], "black": rest[23:]}
            plain, _ = suggest_clue(board, **parts, opened=[])
            if any(same_family(plain, word, "en") for word in board):
                codewords, _ = suggest_clue(board, **parts, opened=[], rules="codewords")
                assert not any(same_family(codewords, word, "en") for word in board)
                differ += 1
    assert differ > 0, "no board put the two rule sets apart"


def _codewords_room(service: RoomService, seed: int) -> Seat:
    host = service.create_room("Ada")
    service.act(host.code, host.token, PickTeam(team=Team.RED))
    service.act(host.code, host.token, SetPreset(preset=Preset.CODEWORDS))
    service.fill_with_bots(host.code, host.token, "hard")
    with service.store.write() as tx:  # a seed of our own, for a repeatable deal
        stored = tx.load(host.code)
        assert stored is not None
        state = parse_state(stored.state_json).model_copy(update={"seed": seed})
        tx.save_room(stored.row, room_record(state), service.clock())
    service.act(host.code, host.token, StartGame(words=WORDS))
    return host


def _play_out(service: RoomService, host: Seat, clock: FakeClock) -> None:
    """The person's seat plays as a bot would; the bots move on the ticks."""
    for _ in range(600):
        clock.tick(1.0)
        view = service.view(host.code, host.token)
        assert view.game is not None
        if view.game.outcome is not None:
            return
        action = next_action(view, "hard")
        if action is not None:
            service.act(host.code, host.token, action)
    raise AssertionError("the game did not end")


def _final(service: RoomService, code: str) -> RoomState:
    with service.store.read() as tx:
        stored = tx.load(code)
    assert stored is not None
    return parse_state(stored.state_json)


@pytest.mark.parametrize("seed", [4, 21])
def test_K_2_B_3_a_whole_codewords_game_by_bots_through_the_service(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Handlers and guessers all bots but the host's seat (played by the
    same `next_action` a notebook uses): every clue is legal under the
    Codewords rules, cards open on one tap (no marks), a turn ends by End
    Turn only at the bonus guess, no bot move is ever refused, and the same
    seed plays the same game."""
    refused: list[str] = []
    real_apply = bot_runner.apply

    def apply(state: RoomState, action: object, now: float) -> RoomState:
        try:
            return real_apply(state, action, now)  # type: ignore[arg-type]
        except Refusal as refusal:
            refused.append(refusal.message)
            raise

    monkeypatch.setattr(bot_runner, "apply", apply)
    transcripts = []
    for run in range(2):
        clock = FakeClock()
        service = RoomService(Store(tmp_path / f"{run}.sqlite3"), clock=clock, bot_pace=(0, 0))
        host = _codewords_room(service, seed)
        _play_out(service, host, clock)
        state = _final(service, host.code)
        game = state.game
        assert isinstance(game, CodewordsGame) and game.over
        moves = [
            (e.action.kind, e.action.model_dump(exclude={"by"}))
            for e in service.history(host.code)
            if e.action.kind in ("give_clue", "open", "end_turn", "mark")
        ]
        transcripts.append(moves)
        assert _check_turns(game, moves) > 0, "no turn reached the bonus guess"
    assert not refused, refused
    assert transcripts[0] == transcripts[1]
    assert not [m for m in transcripts[0] if m[0] == "mark"], "Codewords has no marks"


def _check_turns(game: CodewordsGame, moves: list[tuple[str, dict[str, object]]]) -> int:
    """Each clue obeys the rules on the board as it was, at most number + 1
    cards open on it, and End Turn comes only at the bonus guess. Returns
    how many turns reached the bonus guess."""
    clued = [e for e in game.log if e.clue is not None]
    opened: set[int] = set()
    bonus = 0
    for entry in clued:
        assert entry.clue is not None and entry.team is not None
        own = Colour(entry.team.value)
        closed = [w for i, w in enumerate(game.words) if i not in opened]
        left = sum(1 for i, c in enumerate(game.key) if c is own and i not in opened)
        make_clue(entry.clue.word, entry.clue.number, closed, left, "en")
        number = entry.clue.number
        assert isinstance(number, int)
        assert len(entry.openings) <= number + 1
        hits = sum(1 for o in entry.openings if o.colour is own)
        bonus += hits >= number
        opened |= {o.index for o in entry.openings}
    # End Turn: only once the turn's team had found as many cards as the number.
    turn = -1
    found = 0
    for kind, fields in moves:
        if kind == "give_clue":
            turn, found = turn + 1, 0
        elif kind == "open":
            entry = clued[turn]
            assert entry.team is not None
            found += game.key[int(str(fields["card"]))] is Colour(entry.team.value)
        elif kind == "end_turn":
            assert found == clued[turn].clue.number  # type: ignore[union-attr]
    return bonus


def _at_the_bonus(bots: set[str]) -> tuple[RoomState, str]:
    """Red found as many cards as its clue's number; `bots` of Red's two
    guessers are bots. Returns the room and Red's first guesser."""
    from codewords_helpers import codewords_table

    table = codewords_table(Team.RED)
    for member in table.room.members:
        member.bot = member.id in bots
    table.clue("zebra", 1)
    table.open_colour(table.own())
    turn = table.seen(table.guesser()).turn
    assert turn is not None and turn.bonus_guess
    return table.room, table.guesser()


def test_K_2_B_4_a_side_of_bot_guessers_answers_no_to_the_bonus_question() -> None:
    room, guesser = _at_the_bonus({"r2", "r3"})
    assert next_action(view_for(room, guesser)) == EndTurn()


def test_K_2_B_4_a_bot_beside_a_person_leaves_the_bonus_question_to_them() -> None:
    room, _ = _at_the_bonus({"r3"})
    assert next_action(view_for(room, "r3")) is None

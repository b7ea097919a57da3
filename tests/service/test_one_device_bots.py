"""Bots at a one-device table (B-1, B-5 with O-1, O-2, O-3): a bot captain
gives its clue while the device waits ("Bot is thinking"), a person
guessing sees the bot's clue and opens on the device, a team whose
guessers are all bots guesses by itself, and a whole game with bots in
several seats is played to the end through the service, the same way
every time. The bot moves come from the room's deadline (`bot_due`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from service_helpers import FakeClock

from oneword.bots import suggest_clue
from oneword.engine import EndTurn, GiveClue, Open, Refusal, RoomView, StartGuessing, Team
from oneword.engine.models import Colour, TableStep
from oneword.engine.versus.state import VersusGame
from oneword.service import RoomService, Seat
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store

TABLE = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Robo", Team.RED), ("Cy", Team.BLUE)]
"""Ana (the device) guesses for Red, Robo the bot is Red's captain; Blue is
two people, Bo captain."""
PACE = 3.0


def _service(path: Path, clock: FakeClock, pace: float = PACE) -> RoomService:
    return RoomService(Store(path), clock=clock, bot_pace=(pace, pace))


def _state(service: RoomService, code: str) -> VersusGame:
    with service.store.read() as tx:
        stored = tx.load(code)
    assert stored is not None
    game = parse_state(stored.state_json).game
    assert isinstance(game, VersusGame)
    return game


def _bot_captain_table(service: RoomService) -> Seat:
    return service.create_one_device_room(TABLE, {Team.RED: 2, Team.BLUE: 1}, bots={2: "hard"})


def _to_red(service: RoomService, seat: Seat) -> None:
    """If Blue starts, Bo gives a clue and Cy ends the turn after one card."""
    game = _state(service, seat.code)
    if game.starting_team is Team.RED:
        return
    service.table_act(seat.code, seat.token, GiveClue(word="zzyzx", number=1))
    service.act(seat.code, seat.token, StartGuessing())
    blue = next(i for i, c in enumerate(game.key) if c is Colour.BLUE)
    service.table_act(seat.code, seat.token, Open(card=blue))
    service.table_act(seat.code, seat.token, EndTurn())


def test_B1_O2_a_bot_captain_gives_its_clue_while_the_device_waits(
    tmp_path: Path, clock: FakeClock
) -> None:
    service = _service(tmp_path / "r.sqlite3", clock)
    seat = _bot_captain_table(service)
    _to_red(service, seat)
    view = service.view(seat.code, seat.token)
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.team is Team.RED and view.game.turn.clue is None
    # B-5: the device says the bot is thinking; it may not type Robo's clue.
    assert view.bot_thinking and view.game.table_step is TableStep.CAPTAIN
    assert not view.game.you_may.give_clue
    with pytest.raises(Refusal):
        service.table_act(seat.code, seat.token, GiveClue(word="zzyzx", number=1))
    # The bot's deadline passes: the clue is given, by Robo, through the service.
    clock.tick(PACE + 0.5)
    view = service.view(seat.code, seat.token)
    turn = view.game.turn if view.game else None
    assert turn is not None and turn.clue is not None
    robo = next(m.id for m in view.members if m.name == "Robo")
    assert service.history(seat.code)[-1].action.by == robo
    # O-3: the person guessing sees the bot's clue and opens on the device.
    assert view.game is not None and view.game.table_step is TableStep.PASS
    assert not view.bot_thinking
    service.act(seat.code, seat.token, StartGuessing())
    game = _state(service, seat.code)
    card = next(i for i, c in enumerate(game.key) if not game.opened[i])
    service.table_act(seat.code, seat.token, Open(card=card))
    ana = next(m.id for m in view.members if m.name == "Ana")
    assert service.history(seat.code)[-1].action.by == ana


def test_B1_O3_a_team_of_bot_guessers_guesses_by_itself(tmp_path: Path, clock: FakeClock) -> None:
    """Blue is Bo (captain, a person) with two bots guessing: after Bo's
    clue on the device, guessing starts with no pass, and the bots open."""
    table = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Cy", Team.RED), ("Robo", Team.BLUE)]
    table.append(("Gizmo", Team.BLUE))
    service = _service(tmp_path / "r.sqlite3", clock)
    seat = service.create_one_device_room(
        table, {Team.RED: 0, Team.BLUE: 1}, bots={3: "medium", 4: "easy"}
    )
    game = _state(service, seat.code)
    if game.starting_team is Team.RED:
        service.table_act(seat.code, seat.token, GiveClue(word="zzyzx", number=1))
        service.act(seat.code, seat.token, StartGuessing())
        red = next(i for i, c in enumerate(game.key) if c is Colour.RED)
        service.table_act(seat.code, seat.token, Open(card=red))
        service.table_act(seat.code, seat.token, EndTurn())
    blue = [game.words[i] for i, c in enumerate(game.key) if c is Colour.BLUE]
    service.table_act(seat.code, seat.token, GiveClue(word=_clue_for(blue), number=1))
    view = service.view(seat.code, seat.token)
    assert view.game is not None and view.game.table_step is TableStep.GUESSING
    assert view.bot_thinking and not view.game.you_may.open, "the bots open, not the device"
    with pytest.raises(Refusal):
        service.table_act(seat.code, seat.token, Open(card=0))
    clock.tick(PACE + 0.5)
    service.view(seat.code, seat.token)
    bots = {m.id for m in view.members if m.bot}
    opened = [e for e in service.history(seat.code) if e.action.kind == "open"]
    assert opened and opened[-1].action.by in bots


def _clue_for(words: list[str]) -> str:
    return "zzyzx" if "zzyzx" not in words else "qwxz"


def test_O1_the_first_name_at_the_table_is_a_person(tmp_path: Path, clock: FakeClock) -> None:
    service = _service(tmp_path / "r.sqlite3", clock)
    with pytest.raises(Refusal) as refused:
        service.create_one_device_room(TABLE, {Team.RED: 0, Team.BLUE: 1}, bots={0: "easy"})
    assert refused.value.code == "bot_holds_device"


def test_B1_bots_at_a_table_need_a_table_for_the_language(
    tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("oneword.bots.LANGUAGES", ("en",))
    service = _service(tmp_path / "r.sqlite3", clock)
    with pytest.raises(Refusal) as refused:
        service.create_one_device_room(
            TABLE, {Team.RED: 2, Team.BLUE: 1}, language="de", bots={2: "easy"}
        )
    assert refused.value.code == "bots_english_only"


def _device_move(service: RoomService, seat: Seat, view: RoomView, given: list[str]) -> bool:
    """The table's move for its people, as a notebook would play it: the
    captain reads the map (`map_view`) and takes the bots' suggestion; the
    team opens its best-ranked card once, then ends the turn."""
    game = view.game
    assert game is not None and game.turn is not None
    may = game.you_may
    if may.give_clue:
        shown = service.map_view(seat.code, seat.token)
        team = Colour(game.turn.team.value)
        parts = {
            name: [i for i, c in enumerate(shown.key) if c is colour]
            for name, colour in [
                ("own", team),
                ("rival", Colour(game.turn.team.other.value)),
                ("neutral", Colour.NEUTRAL),
                ("black", Colour.BLACK),
            ]
        }
        opened = [c.index for c in shown.board if c.colour is not None]
        words = [c.word for c in shown.board]
        word, number = suggest_clue(words, **parts, opened=opened, avoid=given)
        given.append(word)
        service.table_act(seat.code, seat.token, GiveClue(word=word, number=number))
    elif may.start_guessing:
        service.act(seat.code, seat.token, StartGuessing())
    elif may.end_turn:
        service.table_act(seat.code, seat.token, EndTurn())
    elif may.open:
        from oneword.bots import rank_cards

        closed = [c for c in game.board if c.colour is None]
        clue = game.turn.clue
        assert clue is not None
        scores = rank_cards(clue.word, [c.word for c in closed])
        best = closed[max(range(len(closed)), key=scores.__getitem__)].index
        service.table_act(seat.code, seat.token, Open(card=best))
    else:
        return False
    return True


def _whole_game(path: Path) -> list[tuple[str, str, str]]:
    clock = FakeClock()
    service = _service(path, clock, pace=0.0)
    table = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Robo", Team.RED), ("Gizmo", Team.BLUE)]
    table += [("Cy", Team.RED), ("Bolt", Team.BLUE)]
    seat = service.create_one_device_room(
        table, {Team.RED: 2, Team.BLUE: 1}, bots={2: "hard", 3: "medium", 5: "easy"}
    )
    given: list[str] = []
    for _ in range(400):
        clock.tick(1.0)
        view = service.view(seat.code, seat.token)
        assert view.game is not None
        if view.game.outcome is not None:
            break
        _device_move(service, seat, view, given)
    else:
        raise AssertionError("the game did not end")
    names = {m.id: m.name for m in view.members}
    return [
        (names[e.action.by or ""], e.action.kind, str(e.action.model_dump(exclude={"by"})))
        for e in service.history(seat.code)
        if e.action.kind in ("give_clue", "open", "end_turn", "start_guessing")
    ]


def test_B1_O3_a_whole_one_device_game_with_bots_in_several_seats(tmp_path: Path) -> None:
    """Robo captains Red (Ana and Cy guess on the device); Bo captains Blue
    with Gizmo and Bolt guessing by themselves; the game ends, and bots and
    people each played only their own seats."""
    moves = _whole_game(tmp_path / "a.sqlite3")
    by_kind = {(who, kind) for who, kind, _ in moves}
    assert ("Robo", "give_clue") in by_kind and ("Bo", "give_clue") in by_kind
    assert {("Gizmo", "open"), ("Bolt", "open")} & by_kind, "Blue's bots opened cards"
    assert ("Ana", "open") in by_kind, "the device opened for Red's people"
    assert not {(w, k) for w, k in by_kind if w in ("Gizmo", "Bolt") and k == "give_clue"}
    assert ("Robo", "open") not in by_kind, "a captain never opens"

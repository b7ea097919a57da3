"""The Codewords rules on one device (K-1, K-2 with O-1, O-2, O-3): the
table picks the rules at the setup, each team's starred player volunteers
and the handlers are drawn from the table, the clue rules are Codewords',
a tap opens a card on the shared device, and End Turn comes only with the
bonus guess."""

from __future__ import annotations

import lemminflect
import pytest
from service_helpers import FakeClock

from oneword.engine import EndTurn, GiveClue, Mark, Open, Refusal, StartGuessing, Team
from oneword.engine.codewords.clues import make_clue
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.models import Colour, Preset, team_colour
from oneword.service import RoomService, Seat
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store

TABLE = [("Ana", Team.RED), ("Bo", Team.BLUE), ("Cy", Team.RED), ("Di", Team.BLUE)]
CLUES = ["orbit", "harbor", "meadow", "lantern", "puzzle", "velvet"]


def _game(store: Store, code: str) -> CodewordsGame:
    with store.read() as tx:
        stored = tx.load(code)
    assert stored is not None
    game = parse_state(stored.state_json).game
    assert isinstance(game, CodewordsGame), game
    return game


def _table(service: RoomService) -> Seat:
    return service.create_one_device_room(
        TABLE, {Team.RED: 2, Team.BLUE: 1}, preset=Preset.CODEWORDS
    )


def _clue(game: CodewordsGame) -> str:
    closed = game.closed_words()
    for word in CLUES:
        try:
            make_clue(word, 1, closed, 9, "en")
        except Refusal:
            continue
        return word
    raise AssertionError("no clue fits")


def test_K_2_O_1_the_table_plays_codewords_with_its_volunteers_as_handlers(
    service: RoomService, store: Store
) -> None:
    seat = _table(service)
    view = service.view(seat.code, seat.token)
    assert view.settings.preset is Preset.CODEWORDS and view.settings.one_device
    game = _game(store, seat.code)
    names = {m.id: m.name for m in view.members}
    assert {t: names[h] for t, h in game.captains.items()} == {Team.RED: "Cy", Team.BLUE: "Bo"}
    assert set(game.side_colours) == set(Team)
    assert [(m.name, m.volunteer) for m in view.members] == [
        ("Ana", False),
        ("Bo", True),
        ("Cy", True),
        ("Di", False),
    ]


def test_K_2_O_2_the_handler_s_clue_follows_the_codewords_rules(
    service: RoomService, store: Store
) -> None:
    seat = _table(service)
    game = _game(store, seat.code)
    plural = next(
        form
        for word in game.closed_words()
        if " " not in word  # a two-word card's plural is refused as two words first
        for form in lemminflect.getInflection(word, tag="NNS")
        if form != word  # the plural as English makes it: flies, churches
    )
    with pytest.raises(Refusal) as form:
        service.table_act(seat.code, seat.token, GiveClue(word=plural, number=1))
    assert "is a form of" in form.value.message or "on the board" in form.value.message
    with pytest.raises(Refusal) as zero:
        service.table_act(seat.code, seat.token, GiveClue(word=_clue(game), number=0))
    assert zero.value.code == "clue_bad_number"
    assert _game(store, seat.code).turn.clue is None  # type: ignore[union-attr]


def test_K_2_O_3_one_tap_opens_and_end_turn_comes_with_the_bonus_guess(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seat = _table(service)
    game = _game(store, seat.code)
    team = game.starting_team
    service.table_act(seat.code, seat.token, GiveClue(word=_clue(game), number=1))
    service.act(seat.code, seat.token, StartGuessing())
    view = service.view(seat.code, seat.token)
    may = view.game.you_may if view.game else None
    assert may is not None and may.open_on_tap and not may.mark and not may.end_turn
    with pytest.raises(Refusal):
        service.table_act(seat.code, seat.token, Mark(card=0))
    with pytest.raises(Refusal):
        service.table_act(seat.code, seat.token, EndTurn())
    own = [i for i, c in enumerate(game.key) if c is team_colour(team)]
    service.table_act(seat.code, seat.token, Open(card=own[0]))
    view = service.view(seat.code, seat.token)
    assert view.game is not None and view.game.turn is not None
    assert view.game.turn.bonus_guess and view.game.you_may.end_turn
    # The bonus guess missed: a neutral card ends the turn.
    neutral = game.key.index(Colour.NEUTRAL)
    service.table_act(seat.code, seat.token, Open(card=neutral))
    after = _game(store, seat.code)
    assert after.turn is not None and after.turn.team is team.other


def test_K_2_O_5_the_next_game_draws_the_handlers_from_the_table_again(
    service: RoomService, store: Store
) -> None:
    seat = _table(service)
    game = _game(store, seat.code)
    service.table_act(seat.code, seat.token, GiveClue(word=_clue(game), number=1))
    service.act(seat.code, seat.token, StartGuessing())
    service.table_act(seat.code, seat.token, Open(card=game.key.index(Colour.BLACK)))
    service.new_game_same_teams(seat.code, seat.token)
    again = _game(store, seat.code)
    assert again.outcome is None and isinstance(again, CodewordsGame)
    view = service.view(seat.code, seat.token)
    names = {m.id: m.name for m in view.members}
    # K-2: volunteers first (the starred players have been handler: any volunteer).
    assert {t: names[h] for t, h in again.captains.items()} == {Team.RED: "Cy", Team.BLUE: "Bo"}


def test_K_1_a_table_with_the_usual_rules_is_unchanged(tmp_path: object) -> None:
    service = RoomService(Store(tmp_path / "r.sqlite3"), clock=FakeClock())  # type: ignore[operator]
    seat = service.create_one_device_room(TABLE, {Team.RED: 0, Team.BLUE: 1})
    view = service.view(seat.code, seat.token)
    assert view.settings.preset is Preset.IN_ONE_WORD
    assert view.game is not None and not view.game.sides

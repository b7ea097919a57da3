"""Counts on the game pages take the right form of their noun: "1 green
card to find", "1 guess left" (the pages' lines, from real views)."""

from __future__ import annotations

from pathlib import Path

from oneword.engine import GiveClue, Mode, SetMode
from oneword.engine.together.views import TogetherView
from oneword.engine.versus.views import VersusView
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store
from oneword.ui.game_info import score_line, turn_line


def _service(tmp_path: Path) -> RoomService:
    return RoomService(Store(tmp_path / "counts.sqlite3"))


def test_one_green_card_left_is_singular(tmp_path: Path) -> None:
    service = _service(tmp_path)
    host = service.create_room("Ola")
    service.join(host.code, "Pim")
    service.act(host.code, host.token, SetMode(mode=Mode.TOGETHER))
    game = service.start_game(host.code, host.token).game
    assert isinstance(game, TogetherView)
    assert "1 green card to find" in score_line(game.model_copy(update={"greens_left": 1}))
    assert "2 green cards to find" in score_line(game.model_copy(update={"greens_left": 2}))


def test_one_guess_left_is_singular(tmp_path: Path) -> None:
    service = _service(tmp_path)
    host = service.create_room("Ana")
    seats = [host, *(service.join(host.code, name) for name in ("Ben", "Cy", "Dee"))]
    game = service.start_game(host.code, host.token).game
    assert isinstance(game, VersusView) and game.turn is not None
    giver = next(s for s in seats if s.member_id == game.turn.giver_id)
    board = {card.word.lower() for card in game.board}
    word = next(w for w in ("zebra", "quartz", "nimbus") if w not in board)
    game = service.act(host.code, giver.token, GiveClue(word=word, number=0)).game
    assert game is not None and game.turn is not None
    for left, text in [(1, "1 guess left"), (2, "2 guesses left")]:
        turn = game.turn.model_copy(update={"guesses_left": left})
        assert text in turn_line(game.model_copy(update={"turn": turn}))

"""One person and three bots in real browsers, to the results page (B-1,
B-4, B-5): the host fills the room with bots, plays their own seat through
the page, and the bots move on the server as the page polls."""

from __future__ import annotations

import os
import time

from e2e_harness import DESKTOP, AppServer, PageFactory
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    create_room,
    end_turn,
    expect_on,
    give_clue,
    open_card,
    start_game,
    wait_until,
)
from playwright.sync_api import expect

from oneword.engine import Colour, Team

# The session's server reads this when it starts: a short wait keeps the
# test quick while bots still wait before they move.
os.environ.setdefault("ONEWORD_BOT_PACE", "0.3")

GAME_TIMEOUT_S = 300


def test_a_person_and_three_bots_play_to_the_results(
    app_server: AppServer, new_page: PageFactory
) -> None:
    ada = Player("Ada", new_page(DESKTOP))
    page = ada.page
    code = create_room(ada, app_server.url)
    referee = Referee(app_server.db_path, code)
    page.get_by_role("button", name="Join", exact=False).filter(has_text="Red").first.click()
    wait_until(lambda: referee.room().members[0].team is Team.RED or None, "Ada on Red")
    page.get_by_role("button", name="Fill with bots").click()
    wait_until(lambda: len(referee.room().members) == 4 or None, "three bots")
    expect(page.get_by_text("(bot, medium)").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    start_game(ada)
    wait_until(lambda: referee.room().game is not None or None, "the game to start")
    me = referee.member_id(page)
    used: list[str] = []
    until = time.monotonic() + GAME_TIMEOUT_S
    while not referee.versus().over:
        assert time.monotonic() < until, "the game did not end"
        _play_my_seat(referee, ada, me, used)
        time.sleep(0.3)
    expect_on(page, "results", timeout=30_000)


def _play_my_seat(referee: Referee, ada: Player, me: str, used: list[str]) -> None:
    """Ada's part: a clue when she is Red's captain, else one Red card a turn."""
    game = referee.versus()
    turn = game.turn
    if turn is None or turn.team is not Team.RED or game.over:
        return
    if game.captains[Team.RED] == me:
        if (turn.clue is None and turn.clue_deadline is not None) or turn.clue is None:
            expect_on(ada.page, "captain")
            word = referee.clue_word(used)
            used.append(word)
            give_clue(ada.page, word, 1)
            wait_until(lambda: referee.versus().turn.clue is not None or None, "the clue")  # type: ignore[union-attr]
        return
    if turn.clue is None:
        return
    expect_on(ada.page, "board")
    if turn.opened == 0:
        card = next(i for i, c in enumerate(game.key) if c is Colour.RED and not game.opened[i])
        open_card(ada.page, card, game.words[card])
        wait_until(lambda: referee.versus().opened[card] or None, "the open")
    elif not game.over:
        end_turn(ada.page)
        wait_until(
            lambda: (referee.versus().turn or turn).number != turn.number or None, "the turn end"
        )

"""P-4, O-3: a card selected on the guessers' board stays selected when
the page reloads (the page's watchdog reloads a page it finds broken, and
a player may reload by hand): the reloaded page offers "Open WORD" for the
same card at once, instead of a board where the tap seems lost."""

from __future__ import annotations

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    card_button,
    create_room,
    start_game,
    wait_until,
)
from playwright.sync_api import expect

from oneword.engine import BeCaptain, Colour, GiveClue, Open, PickTeam, Team
from oneword.engine.models import team_colour
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store


def test_P4_a_selected_card_survives_a_reload(app_server: AppServer, new_page: PageFactory) -> None:
    ana = Player("Ana", new_page())
    code = create_room(ana, app_server.url)
    service = RoomService(Store(app_server.db_path))
    referee = Referee(app_server.db_path, code)
    ben, cy, dee = (service.join(code, name) for name in ("Ben", "Cy", "Dee"))
    ana.page.get_by_role("button", name="Join Red").click()
    for seat, team in ((ben, Team.RED), (cy, Team.BLUE), (dee, Team.BLUE)):
        service.act(code, seat.token, PickTeam(team=team))
    for captain in (ben, dee):
        service.act(code, captain.token, BeCaptain())
    wait_until(lambda: len(referee.room().captains) == 2 or None, "two captains")
    start_game(ana)
    wait_until(lambda: referee.room().game is not None or None, "the deal")
    if referee.versus().turn.team is Team.BLUE:  # Blue plays first: a neutral ends its turn
        service.act(code, dee.token, GiveClue(word=referee.clue_word(), number=1))
        neutral = referee.versus().key.index(Colour.NEUTRAL)
        service.act(code, cy.token, Open(card=neutral))
    service.act(code, ben.token, GiveClue(word=referee.clue_word(), number=2))

    game = referee.versus()
    card = next(i for i, c in enumerate(game.key) if c is team_colour(Team.RED))
    open_it = ana.page.get_by_role("button", name=f"Open {game.words[card].upper()}", exact=True)
    wait_for_app(ana.page)
    card_button(ana.page, card).click()
    expect(open_it).to_be_visible(timeout=UI_TIMEOUT_MS)

    ana.page.reload()
    wait_for_app(ana.page)
    expect(open_it).to_be_visible(timeout=UI_TIMEOUT_MS)
    open_it.click()
    wait_until(lambda: referee.versus().opened[card] or None, "the card opened")

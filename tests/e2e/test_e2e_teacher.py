"""L-4 in a browser: a teacher at the projector hosts without playing. The
switch is in the lobby; the class is dealt the game; the teacher's page
follows the game as a watcher (no map, no team) and keeps the host's
controls to the end."""

from __future__ import annotations

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import UI_TIMEOUT_MS, Player, Referee, create_room, expect_on, wait_until
from playwright.sync_api import expect

from oneword.engine import PickTeam, Team
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

CLASS = ("Ben", "Cy", "Dee", "Eve")


def test_L4_a_teacher_hosts_a_game_for_the_class_without_playing(
    app_server: AppServer, new_page: PageFactory
) -> None:
    teacher = Player("Ms Ada", new_page())
    code = create_room(teacher, app_server.url)
    page = teacher.page
    referee = Referee(app_server.db_path, code)
    page.get_by_text("Host without playing").click()
    wait_until(lambda: any(m.watching for m in referee.room().members) or None, "the switch")
    expect(page.get_by_text("Ms Ada hosts without playing.")).to_be_visible(timeout=UI_TIMEOUT_MS)
    service = RoomService(Store(app_server.db_path))
    for number, name in enumerate(CLASS):
        seat = service.join(code, name)
        service.act(code, seat.token, PickTeam(team=[Team.RED, Team.BLUE][number % 2]))
    expect(page.get_by_text("Players (4 of 10)")).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.get_by_role("button", name="Start game").click()
    wait_until(lambda: referee.room().game is not None or None, "the deal")
    game = referee.room().game
    assert game is not None
    assert {p.name for p in game.players} == set(CLASS)
    expect_on(page, "board")
    wait_for_app(page)
    expect(page.get_by_role("button", name="Pause")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text("Show the Map")).to_have_count(0)
    assert page.locator(".ow-map").count() == 0

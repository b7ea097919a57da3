"""A change in the room redraws the screen in place (docs/design.md,
"Refresh and the database"): while the player stays on the same page,
only the page's screen fragment runs again, not the whole page, so the
stamp of the page's full run stays the one it was (`refresh.follow`).
A change that sends the player to another page, and a click, still run
it in full.
"""

from __future__ import annotations

from e2e_harness import AppServer, PageFactory
from play_helpers import UI_TIMEOUT_MS, Player, create_room, start_game, wait_until
from playwright.sync_api import Page, expect

from oneword.engine import Pause, PickTeam, Resume, Team
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store


def drawn_stamp(page: Page) -> str:
    """The stamp of the full run the page shows."""
    stamp = page.locator(".ow-mark[data-drawn]").first.get_attribute("data-drawn")
    assert stamp
    return stamp


def test_L_7_X_1_changes_redraw_the_screen_without_a_full_run(
    app_server: AppServer, new_page: PageFactory
) -> None:
    host = Player("Ana", new_page())
    code = create_room(host, app_server.url)
    service = RoomService(Store(app_server.db_path))
    lobby_stamp = drawn_stamp(host.page)

    guests = [service.join(code, name) for name in ("Ben", "Cy", "Dee")]
    expect(host.page.get_by_text("Dee").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert drawn_stamp(host.page) == lobby_stamp, "a join reran the lobby in full"

    for seat, team in zip(guests, (Team.RED, Team.BLUE, Team.RED), strict=True):
        service.act(code, seat.token, PickTeam(team=team))
    start_game(host)
    wait_until(lambda: host.page.get_by_role("button", name="Pause").count() or None, "a game page")
    game_stamp = drawn_stamp(host.page)
    assert game_stamp != lobby_stamp, "the game page is a new page: a full run"

    for action, label in ((Pause(), "Resume"), (Resume(), "Pause"), (Pause(), "Resume")):
        service.act(code, guests[0].token, action)
        expect(host.page.get_by_role("button", name=label)).to_be_visible(timeout=UI_TIMEOUT_MS)
        assert drawn_stamp(host.page) == game_stamp, f"{label}: the page reran in full"

    # A click on the screen reruns the whole page, as it always did
    # (`oneword/ui/app/clicks.py`).
    host.page.get_by_role("button", name="Resume").click()
    expect(host.page.get_by_role("button", name="Pause")).to_be_visible(timeout=UI_TIMEOUT_MS)
    wait_until(lambda: drawn_stamp(host.page) != game_stamp or None, "a full run after a click")

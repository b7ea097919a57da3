"""The app runs with no internet: no page asks anything of another host.

Every request each page makes goes through Playwright's routing: requests
to the local server go on, any other is recorded and refused. The test
walks through every page a player, a host or a teacher opens (home, lobby,
captain, board, watch, results, one-device setup) and fails if a single
request left the machine (a page icon from a font CDN was one). The tab's
icon must be the app's own.

It also reads every page's text for a count with the wrong noun form
("1 players").
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from e2e_harness import DESKTOP, PHONE, AppServer, PageFactory, wait_for_app
from play_helpers import UI_TIMEOUT_MS, Player, Referee, create_room, expect_on, wait_until
from playwright.sync_api import Page, Route, ViewportSize, expect

from oneword.engine import Colour, GiveClue, Open
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
WRONG_PLURAL = re.compile(
    r"(?<![\d.,:])1 (players|cards|green cards|guesses|words|minutes|turns|picks)\b"
)


class Outside:
    """Every request from the pages it watches to a host other than this machine's."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.local = 0

    def watch(self, page: Page) -> Page:
        page.context.route("**/*", self._route)
        return page

    def _route(self, route: Route) -> None:
        url = route.request.url
        if urlsplit(url).scheme in {"data", "blob"} or urlsplit(url).hostname in LOCAL_HOSTS:
            self.local += 1
            route.continue_()
        else:
            self.requests.append(url)
            route.abort()


def _visit(new_page: PageFactory, outside: Outside, url: str, vp: ViewportSize = DESKTOP) -> Page:
    page = outside.watch(new_page(vp))
    page.goto(url)
    wait_for_app(page)
    return page


def _check_page(page: Page, server: AppServer) -> None:
    """The tab's icon is served by the app itself; no count reads "1 players"."""
    wait_for_app(page)
    icon = page.evaluate("() => [...document.querySelectorAll('link[rel~=icon]')].map(l => l.href)")
    assert icon and all(h.startswith(("data:", server.url)) for h in icon), icon
    text = page.locator("body").inner_text()
    assert not WRONG_PLURAL.search(text), f"{page.url}: {WRONG_PLURAL.search(text)}"


def test_no_page_asks_another_host_for_anything(
    app_server: AppServer, new_page: PageFactory
) -> None:
    outside = Outside()
    url = app_server.url
    host = Player("Ana", outside.watch(new_page(PHONE)))
    code = create_room(host, url)
    watch = _visit(new_page, outside, f"{url}/watch?watch={code}")
    expect(watch.get_by_text("Waiting in the lobby: 1 player", exact=True)).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    for page in (host.page, watch):
        _check_page(page, app_server)

    service = RoomService(Store(app_server.db_path))
    seats = [service.join(code, name) for name in ("Ben", "Cy", "Dee")]
    expect(host.page.get_by_text("Dee", exact=False).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    host.page.get_by_role("button", name="Start game").click()
    referee = Referee(app_server.db_path, code)
    wait_until(lambda: referee.room().game, "the game to start")
    pages = [host.page, watch]
    for seat in seats:
        pages.append(_visit(new_page, outside, f"{url}/lobby?room={code}&token={seat.token}"))
    for page in pages:
        _check_page(page, app_server)

    # The starting team's guesser opens the black card: everyone's results.
    tokens = {seat.member_id: seat.token for seat in seats}
    tokens[referee.member_id(host.page)] = host.token
    versus = referee.versus()
    team = versus.starting_team
    guesser = next(p.id for p in versus.team_players(team) if p.id != versus.captains[team])
    clue = GiveClue(word=referee.clue_word(), number=1)
    service.act(code, tokens[versus.captains[team]], clue)
    black = versus.key.index(Colour.BLACK)
    service.act(code, tokens[guesser], Open(card=black, seen_openings=0))
    for page in pages[2:]:
        expect_on(page, "results")
    for page in pages:
        _check_page(page, app_server)

    one_device = _visit(new_page, outside, url, PHONE)
    one_device.get_by_role("button", name="Play on one device").click()
    expect_on(one_device, "one-device")
    _check_page(one_device, app_server)

    assert outside.local > 0, "no request went through the route at all"
    assert outside.requests == [], f"requests to other hosts: {outside.requests}"

"""P-7 on a phone (390x844 and 320x640), as a host, a captain and a guesser.

- The host's lobby lists each player once (the player's line is the button
  for what the host may do with them), Start is on the first screen with
  ten players in the room, and the Game type control fits the screen.
- The captain sees the map first and the clue form under it, both on the
  first screen.
- Board words are in type of 12 px or more and break only at a hyphenation
  point, never mid-word ("sunflowe/r"), on the guesser's board, the
  captain's map and the results, at 390 and at 320 px.

The board is the host's own list of long words, so every card needs it.
"""

from __future__ import annotations

import re

import pytest
from e2e_harness import PHONE, AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    check_board_layout,
    check_board_text,
    check_faded,
    clue_banner,
    create_room,
    expect_on,
    wait_until,
)
from playwright.sync_api import Page, ViewportSize, expect

from oneword.engine import Colour, GiveClue, Open, PickTeam, Team
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

SMALL_PHONE: ViewportSize = {"width": 320, "height": 640}
LONG_WORDS = [
    *("sunflower", "thermometer", "kangaroo", "strawberry", "helicopter", "fisherman"),
    *("crocodile", "tournament", "woodpecker", "jellyfish", "skyscraper", "drawbridge"),
    *("lighthouse", "grasshopper", "trampoline", "butterfly", "chandelier", "microscope"),
    *("saxophone", "parachute", "watermelon", "snowflake", "typewriter", "scarecrow"),
    "hedgehog",
]
NAMES = ["Ben", "Cy", "Dee", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo"]


def _on_first_screen(page: Page, name: str) -> None:
    """The button is on the screen as the page opens, with no scrolling."""
    box = page.get_by_role("button", name=name).bounding_box()
    viewport = page.viewport_size
    assert box is not None and viewport is not None
    assert box["y"] + box["height"] <= viewport["height"], f"{name} is at {box}"


def _fits_the_width(page: Page, label: str) -> None:
    """The control `label` and the page are no wider than the screen."""
    found = page.evaluate(
        """label => {
          const group = document.querySelector(`[role=radiogroup][aria-label="${label}"]`);
          const r = group.getBoundingClientRect();
          return {right: r.right, scroll: group.scrollWidth, client: group.clientWidth,
                  page: document.documentElement.scrollWidth, width: innerWidth};
        }""",
        label,
    )
    assert found["right"] <= found["width"] and found["scroll"] <= found["client"], found
    assert found["page"] <= found["width"], found


def _listed_once(page: Page, names: list[str]) -> None:
    for name in names:
        shown = page.get_by_text(re.compile(rf"(^|\W){name}(\W|$)")).filter(visible=True)
        assert shown.count() == 1, f"{name} is listed {shown.count()} times"


def test_host_lobby_on_a_phone(
    app_server: AppServer, new_page: PageFactory, record_property: pytest.RecordProperty
) -> None:
    host = Player("Ana", new_page(PHONE))
    code = create_room(host, app_server.url)
    service = RoomService(Store(app_server.db_path))
    seats = [service.join(code, name) for name in NAMES[:3]]
    page = host.page
    expect(page.get_by_text("Dee", exact=False).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_role("radio", name="Together")).to_be_visible(timeout=UI_TIMEOUT_MS)
    for viewport in (PHONE, SMALL_PHONE):
        page.set_viewport_size(viewport)
        wait_for_app(page)
        _fits_the_width(page, "Game type")

    seats += [service.join(code, name) for name in NAMES[3:]]
    for number, seat in enumerate(seats):
        service.act(code, seat.token, PickTeam(team=[Team.RED, Team.BLUE][number % 2]))
    page.set_viewport_size(PHONE)
    page.reload()
    wait_for_app(page)
    expect(page.get_by_text("Players (10 of 10)")).to_be_visible(timeout=UI_TIMEOUT_MS)
    _listed_once(page, ["Ana", *NAMES])
    _on_first_screen(page, "Start game")
    height = page.evaluate(
        "Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))"
    )
    print(f"\nthe host's lobby with 10 players is {height} px tall at 390 px")
    record_property("lobby_height_px", height)
    page.set_viewport_size(SMALL_PHONE)
    wait_for_app(page)
    _on_first_screen(page, "Start game")

    # The host's menu is still the player's line.
    page.get_by_role("button", name=re.compile(r"\bJo\b")).click()
    expect(page.get_by_role("button", name="Remove from room")).to_be_visible()


def _seat_page(new_page: PageFactory, url: str, seat: Seat, viewport: ViewportSize) -> Page:
    page = new_page(viewport)
    page.goto(f"{url}/lobby?room={seat.code}&token={seat.token}")
    wait_for_app(page)
    return page


def test_captain_board_and_results_on_a_phone(app_server: AppServer, new_page: PageFactory) -> None:
    service = RoomService(Store(app_server.db_path))
    host = service.create_room("Ana")
    seats = [host, *(service.join(host.code, name) for name in NAMES[:3])]
    service.set_custom_words(host.code, host.token, "\n".join(LONG_WORDS))
    service.start_game(host.code, host.token)
    referee = Referee(app_server.db_path, host.code)
    game = referee.versus()
    assert game.turn is not None
    team = game.turn.team
    by_id = {seat.member_id: seat for seat in seats}
    captain = by_id[game.captains[team]]
    guesser = next(by_id[p.id] for p in game.team_players(team) if p.id != game.captains[team])

    # The captain: the map first, the form under it, both on the first screen.
    page = _seat_page(new_page, app_server.url, captain, PHONE)
    expect_on(page, "captain")
    expect(page.get_by_label("One word")).to_be_visible(timeout=UI_TIMEOUT_MS)
    board = page.locator(".ow-board").bounding_box()
    form = page.get_by_label("One word").bounding_box()
    assert board is not None and form is not None
    assert board["y"] + board["height"] <= form["y"], (board, form)
    _on_first_screen(page, "Give the clue")
    for viewport in (PHONE, SMALL_PHONE):
        page.set_viewport_size(viewport)
        check_board_text(page)

    # The guesser's board, at 390 and 320 px.
    word = referee.clue_word()
    service.act(host.code, captain.token, GiveClue(word=word, number=1))
    page = _seat_page(new_page, app_server.url, guesser, PHONE)
    expect_on(page, "board")
    expect(clue_banner(page, word, 1)).to_be_visible(timeout=UI_TIMEOUT_MS)
    for viewport in (PHONE, SMALL_PHONE):
        page.set_viewport_size(viewport)
        check_board_layout(page, {})
        check_board_text(page)

    # The results, once the reveal has played.
    black = game.key.index(Colour.BLACK)
    service.act(host.code, guesser.token, Open(card=black, seen_openings=0))
    expect_on(page, "results")
    wait_until(lambda: referee.versus().outcome, "the game to end")
    check_faded(page, referee.versus().opened)
    check_board_text(page)


def test_the_home_page_opens_on_joining_and_creating_on_a_phone(
    app_server: AppServer, new_page: PageFactory
) -> None:
    """P-1 on a phone: the first screen holds the two things people come for,
    joining with a code and creating a room; the profile and the app's
    language come after them, as does everything else."""
    page = new_page(PHONE)
    page.goto(app_server.url)
    wait_for_app(page)
    expect(page.get_by_role("button", name="Create room")).to_be_visible(timeout=UI_TIMEOUT_MS)
    _on_first_screen(page, "Join")
    _on_first_screen(page, "Create room")
    forms_end = page.get_by_role("button", name="Create room").bounding_box()
    profile = page.locator(".st-key-home-profile").bounding_box()
    language = page.get_by_text("Language of the app").bounding_box()
    assert forms_end is not None and profile is not None and language is not None
    assert profile["y"] > forms_end["y"] and language["y"] > forms_end["y"]
    # A join link puts joining first, still on the first screen.
    page.goto(f"{app_server.url}/?join=BCDFG")
    wait_for_app(page)
    _on_first_screen(page, "Join")
    join_box = page.get_by_role("button", name="Join").bounding_box()
    create_box = page.get_by_role("button", name="Create room").bounding_box()
    assert join_box is not None and create_box is not None
    assert join_box["y"] < create_box["y"]

"""Profiles in a real browser (PR-1, PR-2, PR-3, P-5): a player makes a
profile on Home in one tap, creates a room, wins a game, and sees the XP,
the level reached and a new title on the results page and then on the
profile page. The
profile key lives in the browser's cookie only: never in a URL, never in
a page's HTML, never in the server's log."""

from __future__ import annotations

import pytest
from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    create_room,
    expect_on,
    join_room,
    token_of,
)
from playwright.sync_api import Page, expect

from oneword.engine import Colour, GiveClue, Open, PickTeam, Team
from oneword.profiles.service import ProfileService
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store
from oneword.ui.profile_identity import COOKIE

pytestmark = pytest.mark.e2e


def profile_key(page: Page) -> str:
    found = [c["value"] for c in page.context.cookies() if c["name"] == COOKIE]
    assert len(found) == 1, page.context.cookies()
    return found[0]


def assert_key_hidden(page: Page, key: str) -> None:
    assert key not in page.url
    assert key not in page.content()


def make_profile(page: Page, url: str, name: str) -> str:
    page.goto(url)
    wait_for_app(page)
    box = page.get_by_test_id("stForm").filter(has_text="Create my profile")
    box.get_by_label("Profile name").fill(name)
    box.get_by_role("button", name="Create my profile").click()
    expect(page.get_by_text("Signed in as")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text("LVL 1").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.wait_for_function(f"document.cookie.includes('{COOKIE}=')", timeout=UI_TIMEOUT_MS)
    return profile_key(page)


def near_level_2(store: Store, key: str) -> None:
    """Give the profile 90 XP of earlier play: a won game then reaches
    level 2 (100 XP)."""
    me = ProfileService(store).get(key)
    assert me is not None
    stats = me.stats.model_copy(update={"xp": 90})
    with store.write() as tx:
        tx.save_profile(me.profile_id, me.name, stats.model_dump_json(), 0.0)


def win_for_red(service: RoomService, referee: Referee, seats: dict[str, Seat]) -> None:
    """Red wins: if Red plays first it opens a Blue card; Blue then opens
    the black card."""
    for _ in range(2):
        game = referee.versus()
        assert game.turn is not None
        team = game.turn.team
        captain = seats[game.captains[team]]
        guesser = next(seats[p.id] for p in game.team_players(team) if p.id != captain.member_id)
        service.act(referee.code, captain.token, GiveClue(word=referee.clue_word(), number=1))
        colour = Colour.BLACK if team is Team.BLUE else Colour.BLUE
        service.act(referee.code, guesser.token, Open(card=game.key.index(colour)))
        if team is Team.BLUE:
            return


def test_PR_from_a_new_profile_to_a_new_title_on_the_results(
    app_server: AppServer, new_page: PageFactory
) -> None:
    page = new_page()
    key = make_profile(page, app_server.url, "Mina")
    assert_key_hidden(page, key)

    near_level_2(Store(app_server.db_path), key)
    code = create_room(Player("Mina", page), app_server.url)
    assert_key_hidden(page, key)
    service = RoomService(Store(app_server.db_path))
    referee = Referee(app_server.db_path, code)
    host = Seat(code, referee.id_of("Mina"), token_of(page))
    other = new_page()  # a guest in a browser of their own
    join_room(Player("Bo", other), app_server.url, code)
    guests = [Seat(code, referee.id_of("Bo"), token_of(other))]
    guests += [service.join(code, name) for name in ("Cy", "Di")]
    seats = {s.member_id: s for s in [host, *guests]}
    for seat, team in zip(seats.values(), [Team.RED, Team.BLUE] * 2, strict=True):
        service.act(code, seat.token, PickTeam(team=team))
    service.start_game(code, host.token)
    win_for_red(service, referee, seats)

    expect_on(page, "results")
    expect(page.get_by_text("XP earned")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text("New title: First Win")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text("New title: Newcomer")).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text("Level up: LVL 2!")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert_key_hidden(page, key)
    expect_on(other, "results")
    expect(other.get_by_text("New title: First Win")).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert_key_hidden(other, key)  # another player's page never holds it

    page.goto(app_server.url)
    wait_for_app(page)
    page.get_by_role("button", name="My profile").click()
    expect_on(page, "profile")
    expect(page.get_by_text("✦").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text("First Win").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert_key_hidden(page, key)
    for log in app_server.log_dir.glob("*"):
        if log.is_file():
            assert key not in log.read_text(encoding="utf-8", errors="replace"), log

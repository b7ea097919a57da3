"""The projector's watch page (P-6) during a Versus game, in a real browser:
it follows the game within about two seconds of a move, fills a 1920x1080
screen, shows the pause (L-7), and its HTML never holds a closed card's
colour or a mark in progress, whoever opens it. At the end it says who won,
in a headline the back of the room can read, and why (R-1).

P-7 for a classroom: on a 1920x1080 and on a 1366x768 projector the page
fits the screen, the room code, the clue and the banners are in type of
32 px or more, and the QR code is at least 360 px tall on the 1080p one."""

from __future__ import annotations

import re
import time

from e2e_harness import DESKTOP, AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    card_button,
    check_faded,
    check_html,
    clue_banner,
    create_room,
    expect_on,
    give_clue,
    join_room,
    open_card,
    press_open,
    save_doc_screenshot,
    select_card,
    start_game,
    wait_until,
)
from playwright.sync_api import Locator, Page, ViewportSize, expect

from oneword.engine import Colour, Team
from oneword.engine.models import team_colour
from oneword.engine.versus.state import VersusGame
from oneword.ui.symbols import team_badge

PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
SMALL_PROJECTOR: ViewportSize = {"width": 1366, "height": 768}
BIG_TYPE_PX = 32
QR_MIN_PX = {1080: 360, 768: 240}
JOIN_TEXT_MIN_PX = 20
REFRESH_LIMIT_S = 5.0
HEADLINE_MIN_PX = 64


def _check_watch(watch: Page, referee: Referee, marker: str) -> None:
    """No map colour of a closed card, and nobody's mark in progress (read
    once the page's run is over: mid-run, the lobby's stale names linger)."""
    wait_for_app(watch)
    html = watch.content()
    game = referee.room().game
    assert game is not None
    report = check_html(html, game, "spectator", where="watch page")
    assert report.html_cards == 25, report
    assert "picked by" not in html
    # A picture's data (the QR code) may spell a short name by chance.
    readable = re.sub(r'data:[^"]*', "", html)
    assert marker not in readable, f"the watch page shows {marker}'s mark in progress"


def _fits_the_screen(watch: Page) -> None:
    overflow = watch.evaluate(
        """() => {
          const main = document.querySelector('[data-testid="stMain"]') || document.body;
          const cards = [...document.querySelectorAll('[data-card]')];
          const bottom = Math.max(...cards.map(c => c.getBoundingClientRect().bottom));
          return {scroll: main.scrollHeight - main.clientHeight, bottom, height: innerHeight};
        }"""
    )
    assert overflow["scroll"] <= 1, overflow
    assert overflow["bottom"] <= overflow["height"], overflow


def _font_px(locator: Locator) -> float:
    return float(locator.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def _readable(watch: Page, code: str, big: list[Locator]) -> None:
    """The page fits the screen; the room code and every `big` text are in
    type of at least 32 px, the join text at least 20 px, the QR code at
    least `QR_MIN_PX` for the screen's height."""
    _fits_the_screen(watch)
    viewport = watch.viewport_size
    assert viewport is not None
    for text in [watch.get_by_text(code, exact=True), *big]:
        assert _font_px(text) >= BIG_TYPE_PX, f"{text} is {_font_px(text)} px"
    for text in [watch.get_by_text("Scan to join"), watch.get_by_text(f"?join={code}")]:
        assert _font_px(text) >= JOIN_TEXT_MIN_PX, f"{text} is {_font_px(text)} px"
    qr = watch.get_by_alt_text("QR code to join room").bounding_box()
    assert qr is not None and qr["height"] >= QR_MIN_PX[viewport["height"]], qr


def _readable_on_both(watch: Page, code: str, big: list[Locator]) -> None:
    for viewport in (SMALL_PROJECTOR, PROJECTOR):
        watch.set_viewport_size(viewport)
        wait_for_app(watch)
        _readable(watch, code, big)


def test_watch_page_follows_a_versus_game_without_secrets(
    app_server: AppServer, new_page: PageFactory
) -> None:
    players = [Player(name, new_page(DESKTOP)) for name in ("Ana", "Ben", "Cy", "Dee")]
    code = create_room(players[0], app_server.url)
    for player in players[1:]:
        join_room(player, app_server.url, code)
    referee = Referee(app_server.db_path, code)

    watch = new_page(PROJECTOR)
    watch.goto(f"{app_server.url}/watch?watch={code}")
    wait_for_app(watch)
    expect(watch.get_by_text(code, exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(watch.get_by_alt_text("QR code to join room")).to_be_visible()
    expect(watch.get_by_text(f"?join={code}")).to_be_visible()
    save_doc_screenshot(players[0].page, "lobby")

    start_game(players[0])
    game = wait_until(lambda: referee.room().game, "the game to start")
    assert isinstance(game, VersusGame) and game.turn is not None
    team = game.turn.team
    ids = {referee.member_id(p.page): p for p in players}
    captain = ids[game.captains[team]]
    guesser = next(p for i, p in ids.items() if p is not captain and game.player(i).team is team)
    expect_on(captain.page, "captain")
    expect_on(guesser.page, "board")
    expect(watch.locator("[data-card]")).to_have_count(25, timeout=UI_TIMEOUT_MS)
    _check_watch(watch, referee, guesser.name)
    _fits_the_screen(watch)

    word = referee.clue_word()
    clicked = time.monotonic()
    give_clue(captain.page, word, 2)
    expect(clue_banner(watch, word, 2)).to_be_visible(timeout=10_000)
    delay = time.monotonic() - clicked
    print(f"watch page showed the clue {delay:.2f} s after the click")
    assert delay < REFRESH_LIMIT_S
    _readable_on_both(watch, code, [clue_banner(watch, word, 2)])
    save_doc_screenshot(watch, "watch")

    # A guesser's pick (a mark, V-5) never reaches the watch page.
    own = [i for i, c in enumerate(game.key) if c is team_colour(team)]
    card_button(guesser.page, own[0]).click()
    wait_until(lambda: referee.room().game.turn.marks or None, "the mark to be saved")
    watch.wait_for_timeout(1500)
    _check_watch(watch, referee, guesser.name)

    clicked = time.monotonic()
    open_card(guesser.page, own[1], game.words[own[1]])
    expect(watch.locator(f'[data-card="{own[1]}"].ow-open')).to_be_attached(timeout=10_000)
    delay = time.monotonic() - clicked
    print(f"watch page showed the open card {delay:.2f} s after the click")
    assert delay < REFRESH_LIMIT_S
    _check_watch(watch, referee, guesser.name)
    _fits_the_screen(watch)

    # L-7: the P key pauses; the pause shows on the projector too.
    guesser.page.locator("h1").first.click()
    guesser.page.keyboard.press("p")
    expect(watch.get_by_text(f"Paused by {guesser.name}")).to_be_visible(timeout=10_000)
    _readable_on_both(watch, code, [watch.get_by_text(f"Paused by {guesser.name}")])
    expect(guesser.page.get_by_role("button", name="Resume")).to_be_visible()
    guesser.page.get_by_role("button", name="Resume").click()
    expect(watch.get_by_text(f"Paused by {guesser.name}")).to_have_count(0, timeout=10_000)
    expect(watch.get_by_text(f"{Team.RED.label}:").first).to_be_visible()

    # R-1 on the projector: the black card ends the game; who won, and why.
    black = game.key.index(Colour.BLACK)
    select_card(guesser.page, black, game.words[black])
    press_open(guesser.page, game.words[black])
    winner = team.other
    headline = watch.get_by_role("heading", name=f"{team_badge(winner)} wins!", exact=True)
    expect(headline).to_be_visible(timeout=10_000)
    size = headline.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= HEADLINE_MIN_PX, f"the headline is {size} px"
    expect(
        watch.get_by_text(f"{team.label} opened the black card: {winner.label} wins.")
    ).to_be_visible()
    check_faded(watch, referee.versus().opened)

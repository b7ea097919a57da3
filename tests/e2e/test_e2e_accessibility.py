"""Accessibility in real browsers (P-4, P-6, P-7): axe-core on every page
and state of a Versus game, a turn played with the keyboard alone, and the
names a screen reader hears for the cards.

Two people (Ana, Red's captain, and Bea, Red's guesser) play against two
bots. Ana gives the clue and Bea opens a card and ends the turn with
nothing but Tab, Enter and Space; the test checks on the way that Tab
walks the cards in the board's order and that the focused card wears a
visible ring. `check_page` (axe_check.py) runs on the home page, the
lobby, the captain's page, the board with and without a selected card,
the watch screen and the results.
"""

from __future__ import annotations

import os
import re

from axe_check import check_page
from e2e_harness import DESKTOP, PHONE, AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    create_room,
    expect_on,
    join_room,
    start_game,
    wait_until,
)
from playwright.sync_api import Page, expect
from test_e2e_one_device import Table, click, set_up
from test_e2e_one_device import give_clue as one_device_clue

from oneword.engine import Colour, GiveClue, Mode, Open, Team
from oneword.engine.justone.state import CardPhase, JustOneGame
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

# The session's server reads this when it starts: bots move quickly.
os.environ.setdefault("ONEWORD_BOT_PACE", "0.3")

TAB_LIMIT = 150
"""More Tab presses than any page has stops: a control not reached by
then cannot be reached by the keyboard."""

_FOCUSED_CARD = """() => {
  const box = document.activeElement && document.activeElement.closest('[class*="st-key-card-"]');
  const m = box && box.className.match(/st-key-card-(\\d+)/);
  return m ? Number(m[1]) : null;
}"""

_FOCUS_RING = """() => {
  const s = getComputedStyle(document.activeElement);
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: s.outlineColor};
}"""


_COUNT_NEWS = """() => {
  window.owNewsChanges = 0;
  new MutationObserver(() => { window.owNewsChanges += 1; }).observe(
    document.getElementById("ow-news"), {childList: true, characterData: true, subtree: true});
}"""
"""Count every change of the live region from now on."""


def focused_card(page: Page) -> int | None:
    return page.evaluate(_FOCUSED_CARD)  # type: ignore[no-any-return]


def focused_name(page: Page) -> str:
    """The focused element's accessible name as a script sees it: its
    aria-label, else its text."""
    return page.evaluate(  # type: ignore[no-any-return]
        "() => { const e = document.activeElement;"
        " return (e.getAttribute('aria-label') || e.innerText || '').trim(); }"
    )


def tab_until(page: Page, wanted: str, what: str) -> list[int | None]:
    """Press Tab until the JS condition `wanted` (on `document.activeElement`,
    named `el`) holds; returns the card focused after each press."""
    seen: list[int | None] = []
    check = f"() => {{ const el = document.activeElement; return !!el && ({wanted}); }}"
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        seen.append(focused_card(page))
        if page.evaluate(check):
            return seen
    raise AssertionError(f"Tab never reached {what}")


def check_focus_ring(page: Page) -> None:
    """P-7: the keyboard's place is visible (a ring of 3 px or more)."""
    ring = page.evaluate(_FOCUS_RING)
    assert ring["style"] != "none" and ring["width"] >= 3, ring


def give_clue_by_keyboard(page: Page, word: str) -> None:
    """The captain's clue: type the word, pick 1, press Give the clue."""
    tab_until(page, "el.getAttribute('aria-label') === 'One word'", "the clue field")
    check_focus_ring(page)
    page.keyboard.type(word)
    tab_until(page, "el.getAttribute('role') === 'radio' || el.closest('[role=radiogroup]')", "1")
    for _ in range(12):
        if focused_name(page) == "1":
            break
        page.keyboard.press("ArrowRight")
    assert focused_name(page) == "1", focused_name(page)
    page.keyboard.press("Space")
    expect(page.locator("[role=radio][aria-checked=true]")).to_have_text("1", timeout=UI_TIMEOUT_MS)
    tab_until(page, "el.innerText.trim() === 'Give the clue'", "Give the clue")
    page.keyboard.press("Enter")


def open_by_keyboard(page: Page, card: int, word: str) -> None:
    """Tab to the card (through the board in its order), Enter to select
    it, Tab to Open, Space to open it."""
    page.locator("body").focus()
    seen = tab_until(page, f"!!el.closest('.st-key-card-{card}')", f"card {card}")
    cards = [c for c in seen if c is not None]
    assert cards == sorted(cards) and len(set(cards)) == len(cards), f"Tab order {cards}"
    check_focus_ring(page)
    assert focused_name(page).startswith(f"{word}: closed"), focused_name(page)
    page.evaluate(_COUNT_NEWS)
    page.keyboard.press("Enter")
    button = page.locator(f".st-key-card-{card} button:visible")
    expect(button).to_have_attribute("aria-pressed", "true", timeout=UI_TIMEOUT_MS)
    expect(button).to_have_attribute("aria-label", re.compile("marked by Bea"))
    wait_for_app(page)
    assert focused_card(page) == card, "the keyboard lost its place on the board"
    assert page.evaluate("window.owNewsChanges") == 0, "the mark's rerun announced old news"
    open_name = f"Open {word.upper()}"
    tab_until(page, f"el.innerText.trim() === {open_name!r}", open_name)
    page.keyboard.press("Space")


def test_P_7_a_versus_turn_by_keyboard_and_axe_on_every_page(
    app_server: AppServer, new_page: PageFactory
) -> None:
    ana, bea = Player("Ana", new_page(DESKTOP)), Player("Bea", new_page(PHONE))
    ana.page.goto(app_server.url)
    wait_for_app(ana.page)
    check_page(ana.page, "home")
    code = create_room(ana, app_server.url)
    join_room(bea, app_server.url, code)
    referee = Referee(app_server.db_path, code)
    for player in (ana, bea):
        player.page.get_by_role("button", name="Join Red").click()
        expect(player.page.get_by_role("button", name="Join Red")).to_be_disabled(
            timeout=UI_TIMEOUT_MS
        )
    ana.page.get_by_role("button", name="Fill with bots").click()
    wait_until(lambda: len(referee.room().members) == 4 or None, "two bots")
    ana.page.get_by_role("button", name="Be Captain").click()
    wait_until(lambda: referee.room().captains.get(Team.RED) or None, "Ana as captain")
    wait_for_app(ana.page)
    check_page(ana.page, "lobby, host")
    check_page(bea.page, "lobby, phone")
    start_game(ana)
    expect_on(ana.page, "captain")
    expect_on(bea.page, "board")
    # The projector in a dark room: the watch screen in the dark theme.
    watch = new_page(DESKTOP, color_scheme="dark")
    watch.goto(f"{app_server.url}/watch?watch={code}")
    wait_for_app(watch)
    check_page(watch, "watch, dark theme")

    # Blue's bots play first if Blue starts; Red's turn is the keyboard's.
    wait_until(
        lambda: ((t := referee.versus().turn) is not None and t.team is Team.RED) or None,
        "Red's turn",
        60,
    )
    check_page(bea.page, "board, waiting for the clue")
    check_page(ana.page, "captain, clue form")
    give_clue_by_keyboard(ana.page, referee.clue_word())
    wait_until(lambda: referee.versus().turn.clue is not None or None, "the clue")  # type: ignore[union-attr]
    game = referee.versus()
    card = next(i for i, c in enumerate(game.key) if c is Colour.RED and not game.opened[i])
    expect(bea.page.get_by_role("button", name="End turn")).to_be_visible(timeout=UI_TIMEOUT_MS)
    check_page(bea.page, "board, guessing")
    referee.check_no_secrets(bea.page)
    news = bea.page.locator("#ow-news")
    clue = referee.versus().turn.clue  # type: ignore[union-attr]
    assert clue is not None
    expect(news).to_contain_text(
        f"Red plays. Clue from Ana: {clue.word.upper()}, 1. 2 guesses left.",
        timeout=UI_TIMEOUT_MS,
    )
    open_by_keyboard(bea.page, card, game.words[card])
    wait_until(lambda: referee.versus().opened[card] or None, "the keyboard's open")
    expect(news).to_contain_text(f"{game.words[card].upper()} was red.", timeout=UI_TIMEOUT_MS)
    expect(news).to_contain_text("1 guess left.")
    expect(news).to_have_attribute("aria-live", "polite")
    expect(bea.page.locator(f".st-key-card-{card} button:visible")).to_have_attribute(
        "aria-label", f"{game.words[card]}: open, red", timeout=UI_TIMEOUT_MS
    )
    referee.check_no_secrets(bea.page)
    check_page(bea.page, "board, a card open")
    check_page(ana.page, "captain, guessing")
    bea.page.locator("body").focus()
    tab_until(bea.page, "el.innerText.trim() === 'End turn'", "End turn")
    check_focus_ring(bea.page)
    bea.page.keyboard.press("Enter")
    wait_until(
        lambda: (t := referee.versus().turn) is None or t.team is Team.BLUE or None,
        "Blue's turn",
    )
    check_page(watch, "watch, dark theme, during a game")

    # Red's next turn ends the game on the black card: the results.
    wait_until(
        lambda: (
            (g := referee.versus()).over or (g.turn is not None and g.turn.team is Team.RED) or None
        ),
        "Red's turn again",
        60,
    )
    if not referee.versus().over:
        service = RoomService(Store(app_server.db_path))
        service.act(code, ana.token, GiveClue(word=referee.clue_word(["x"]), number=1))
        black = referee.versus().key.index(Colour.BLACK)
        if not referee.versus().opened[black]:
            service.act(code, bea.token, Open(card=black))
    assert referee.versus().over
    for player in (ana, bea):
        expect_on(player.page, "results", timeout=30_000)
    check_page(ana.page, "results")
    check_page(bea.page, "results, phone")
    check_page(watch, "watch, dark theme, game over")


def _just_one(referee: Referee) -> JustOneGame:
    game = referee.room().game
    assert isinstance(game, JustOneGame), game
    return game


def _phase(referee: Referee) -> CardPhase | None:
    game = _just_one(referee)
    return game.cards[game.current].phase


def test_J_P_7_every_just_one_page_passes_axe(app_server: AppServer, new_page: PageFactory) -> None:
    """J-2 to J-5 through axe: the lobby set to Just One, each phase as
    the guesser and a clue giver see it, the watch screen, the results."""
    ana, ben, cy = (Player(name, new_page(DESKTOP)) for name in ("Ana", "Ben", "Cy"))
    players = [ana, ben, cy]
    code = create_room(ana, app_server.url)
    for player in players[1:]:
        join_room(player, app_server.url, code)
    referee = Referee(app_server.db_path, code)
    ana.page.get_by_role("radiogroup", name="Game").get_by_role("radio", name="Just One").click()
    wait_until(lambda: referee.room().settings.mode is Mode.JUST_ONE, "Just One picked")
    check_page(ana.page, "lobby, Just One")
    start_game(ana)
    for player in players:
        expect_on(player.page, "just-one")
    watch = new_page(DESKTOP)
    watch.goto(f"{app_server.url}/watch?watch={code}")
    wait_for_app(watch)
    by_id = {referee.member_id(p.page): p for p in players}
    card = _just_one(referee).cards[_just_one(referee).current]
    guesser = by_id[card.guesser_id or ""]
    givers = [by_id[g] for g in card.givers]

    expect(guesser.page.get_by_text("Pick a number")).to_be_visible(timeout=UI_TIMEOUT_MS)
    check_page(guesser.page, "Just One, guesser picks")
    check_page(givers[0].page, "Just One, giver waits for the pick")
    check_page(watch, "watch, Just One")
    guesser.page.get_by_role("button", name="3", exact=True).click()
    wait_until(lambda: _phase(referee) is CardPhase.CLUES, "the clue phase")
    news = guesser.page.locator("#ow-news")
    expect(news).to_contain_text("The clue givers write their clues", timeout=UI_TIMEOUT_MS)
    expect(givers[0].page.get_by_test_id("stForm")).to_be_visible(timeout=UI_TIMEOUT_MS)
    check_page(givers[0].page, "Just One, giver writes")
    check_page(guesser.page, "Just One, guesser waits")
    for giver, words in zip(givers, [["Twin", "Alpha"], ["twin", "Beta"]], strict=True):
        form = giver.page.get_by_test_id("stForm")
        for field, word in zip(["Clue 1", "Clue 2"], words, strict=True):
            form.get_by_label(field).fill(word)
        form.get_by_role("button", name="Send my clues").click()
    wait_until(lambda: _phase(referee) is CardPhase.COMPARE, "the compare")
    done = givers[0].page.get_by_role("button", name="Done: show the guesser")
    expect(done).to_be_visible(timeout=UI_TIMEOUT_MS)
    check_page(givers[0].page, "Just One, giver compares")
    for giver in givers:
        giver.page.get_by_role("button", name="Done: show the guesser").click()
    wait_until(lambda: _phase(referee) is CardPhase.GUESS, "the guess")
    form = guesser.page.get_by_test_id("stForm")
    expect(form.get_by_label("Your answer (one try)")).to_be_visible(timeout=UI_TIMEOUT_MS)
    check_page(guesser.page, "Just One, guesser answers")
    form.get_by_label("Your answer (one try)").fill("nothing")
    form.get_by_role("button", name="Answer").click()
    wait_until(lambda: _phase(referee) is CardPhase.REVEAL, "the card's end")
    expect(news).to_contain_text("The card is over", timeout=UI_TIMEOUT_MS)
    check_page(guesser.page, "Just One, card over, guesser")
    check_page(givers[0].page, "Just One, card over, giver")
    check_page(watch, "watch, Just One card over")

    # J: fewer than 2 players end the game; the one left sees the results.
    service = RoomService(Store(app_server.db_path))
    for player in givers:
        service.leave(code, player.token)
    expect_on(guesser.page, "results", timeout=30_000)
    check_page(guesser.page, "results, Just One")


def test_O_P_7_the_one_device_screens_pass_axe(
    app_server: AppServer, new_page: PageFactory
) -> None:
    """O-1 to O-3 through axe: the setup, the screen that passes the
    device, the captain's map with the clue form, and the guessing."""
    page = new_page(DESKTOP)
    set_up(page, app_server.url, ["Ana", "Bo", "Cy", "Di"])
    check_page(page, "one device, setup")
    click(page, "Start the game", then="Show the Map")
    check_page(page, "one device, pass the device")
    click(page, "Show the Map", then="Give the Clue")
    check_page(page, "one device, captain's map")
    table = Table(app_server, page)
    one_device_clue(page, table.clue_word([]), 1)
    click(page, "Start Guessing", then="End Turn")
    check_page(page, "one device, guessing")
    names = page.locator('[class*="st-key-card-"] button:visible')
    expect(names).to_have_count(25, timeout=UI_TIMEOUT_MS)
    game = table.game()
    for index in (0, 24):
        expect(page.locator(f".st-key-card-{index} button:visible")).to_have_attribute(
            "aria-label", f"{game.words[index]}: closed", timeout=UI_TIMEOUT_MS
        )

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

from oneword.engine import Colour, GiveClue, Open, Team
from oneword.service import RoomService
from oneword.store import Store

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
    page.keyboard.press("Enter")
    button = page.locator(f".st-key-card-{card} button:visible")
    expect(button).to_have_attribute("aria-pressed", "true", timeout=UI_TIMEOUT_MS)
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
    watch = new_page(DESKTOP)
    watch.goto(f"{app_server.url}/watch?watch={code}")
    wait_for_app(watch)
    check_page(watch, "watch")

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
    open_by_keyboard(bea.page, card, game.words[card])
    wait_until(lambda: referee.versus().opened[card] or None, "the keyboard's open")
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
    check_page(watch, "watch, during a game")

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
    check_page(watch, "watch, game over")

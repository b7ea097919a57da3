"""One device in a real browser (O-1, O-2, O-3, O-4, O-5, P-7): one page plays a whole
Versus game, passed round the table or shown on a projector.

The test reads the room from the server's SQLite file to know the map. After
every step where the map is not deliberately shown, the page's whole HTML
(`page.content()`, hidden parts included) must hold no colour of a closed
card: no element with the `ow-map` class, no "on your map" label, no CSS
rule that colours a closed card's `st-key-card-N` button. That includes a
reload in the middle of the captain's turn and in the middle of guessing.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from e2e_harness import PHONE, AppServer, PageFactory, save_screenshot, wait_for_app
from play_helpers import fitting_clue, save_doc_screenshot
from playwright.sync_api import Locator, Page, ViewportSize, expect

from oneword.engine import Team
from oneword.engine.models import Colour, team_colour
from oneword.engine.versus.state import VersusGame
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store

PROJECTOR: ViewportSize = {"width": 1920, "height": 1080}
TIMEOUT_MS = 15_000
CLUES = ["orbit", "harvest", "whisper", "journey", "lantern", "meadow", "thunder", "velvet"]

_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.S)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_MAP_CLASS = re.compile(r'class="[^"]*\bow-map\b')


class Table:
    """The test's look at the room the page plays, straight from the store."""

    def __init__(self, server: AppServer, page: Page) -> None:
        self.store = Store(server.db_path)
        self.code = parse_qs(urlsplit(page.url).query)["room"][0]

    def game(self) -> VersusGame:
        with self.store.read() as tx:
            stored = tx.load(self.code)
        assert stored is not None
        game = parse_state(stored.state_json).game
        assert isinstance(game, VersusGame)
        return game

    def names(self) -> dict[str, str]:
        return {p.id: p.name for p in self.game().players}

    def clue_word(self, used: list[str]) -> str:
        word = fitting_clue(self.game().closed_words(), CLUES, used)
        used.append(word)
        return word


def map_leaks(page: Page, table: Table) -> list[str]:
    """Every trace of a closed card's map colour in the page's whole HTML."""
    html = page.content()
    game = table.game()
    closed = {i for i, opened in enumerate(game.opened) if not opened}
    found = []
    if _MAP_CLASS.search(html):
        found.append("an element with the ow-map class")
    if "on your map" in html:
        found.append("an 'on your map' label")
    for style in _STYLE.findall(html):
        for selectors, body in _RULE.findall(style):
            cards = {int(n) for n in re.findall(r"st-key-card-(\d+)\b", selectors)} & closed
            declarations = [d.strip() for d in body.split(";") if d.strip()]
            painted = [
                d
                for d in declarations
                if not d.startswith("outline") and ("#" in d or "background" in d)
            ]
            if cards and painted:
                found.append(f"closed cards {sorted(cards)} styled {painted}")
    return found


def assert_map_hidden(page: Page, table: Table) -> None:
    wait_for_app(page)
    assert map_leaks(page, table) == []


FRESH = '[data-testid="stElementContainer"][data-stale="false"]'
"""An element drawn by the latest run (a rerun keeps the old ones, stale,
until it has drawn their replacements)."""


def button(page: Page, name: str) -> Locator:
    return page.locator(FRESH).get_by_role("button", name=name, exact=True)


def seat(page: Page, kind: str, index: int) -> Locator:
    """A name's button ("seat") or its star ("star") on the setup screen."""
    return page.locator(f"{FRESH}.st-key-od-{kind}-{index}").get_by_role("button")


def click(page: Page, name: str, then: str) -> None:
    """Click a button and wait for the button the next step needs."""
    button(page, name).click()
    expect(button(page, then)).to_be_visible(timeout=TIMEOUT_MS)
    wait_for_app(page)


def set_up(page: Page, url: str, names: list[str]) -> None:
    page.goto(url)
    wait_for_app(page)
    page.get_by_role("button", name="Play on one device").click()
    expect(page.get_by_role("heading", name="Play on one device")).to_be_visible(timeout=TIMEOUT_MS)
    for index, name in enumerate(names):
        field = page.get_by_label("Player name")
        field.fill(name)
        field.press("Enter")
        expect(seat(page, "seat", index)).to_have_text(name, timeout=TIMEOUT_MS)
        # The form clears its field when its run ends: typing before that on a
        # busy server lands in the old name (a person sees the field empty first).
        expect(field).to_have_value("", timeout=TIMEOUT_MS)
    wait_for_app(page)


def give_clue(page: Page, word: str, number: int) -> None:
    page.get_by_label("One word").fill(word)
    group = page.get_by_role("radiogroup", name="How many cards")
    group.get_by_role("radio", name=str(number), exact=True).click()
    expect(group.get_by_role("radio", name=str(number), exact=True)).to_have_attribute(
        "aria-checked", "true", timeout=TIMEOUT_MS
    )
    click(page, "Give the Clue", then="Start Guessing")


def open_card(page: Page, table: Table, index: int) -> None:
    """Select a card, tap Open, and wait until the room has it open."""
    word = table.game().words[index].upper()
    page.locator(f"{FRESH}.st-key-card-{index} button").click()
    expect(button(page, f"Open {word}")).to_be_visible(timeout=TIMEOUT_MS)
    button(page, f"Open {word}").click()
    expect(button(page, f"Open {word}")).to_have_count(0, timeout=TIMEOUT_MS)
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not table.game().opened[index]:
        assert time.monotonic() < deadline, f"card {index} was not opened"
        time.sleep(0.05)
    wait_for_app(page)


def closed_of(game: VersusGame, colour: Colour) -> list[int]:
    return [i for i, c in enumerate(game.key) if c is colour and not game.opened[i]]


def test_a_whole_game_on_one_projector_never_shows_the_map_unasked(
    app_server: AppServer, new_page: PageFactory
) -> None:
    page = new_page(PROJECTOR)
    set_up(page, app_server.url, ["Ana", "Bo", "Cy"])
    expect(page.get_by_text("One-device play needs 4-10 players (now 3)")).to_be_visible()
    expect(page.get_by_role("button", name="Start the game")).to_be_disabled()
    for index, name in enumerate(["Di", "Ed", "Flo"], start=3):
        field = page.get_by_label("Player name")
        field.fill(name)
        field.press("Enter")
        expect(seat(page, "seat", index)).to_have_text(name)
    # O-1: a name tapped switches team; a star tapped makes it captain.
    seat(page, "seat", 2).click()
    expect(page.get_by_role("heading", name="● Blue · 4")).to_be_visible(timeout=TIMEOUT_MS)
    seat(page, "seat", 2).click()
    expect(page.get_by_role("heading", name="▲ Red · 3")).to_be_visible(timeout=TIMEOUT_MS)
    seat(page, "star", 4).click()
    expect(seat(page, "star", 4)).to_have_text("★", timeout=TIMEOUT_MS)
    save_screenshot(page, "one-device-setup-projector")
    click(page, "Start the game", then="Show the Map")

    table = Table(app_server, page)
    game = table.game()
    names = table.names()
    assert {names[c] for c in game.captains.values()} == {"Ed", "Bo"}
    assert game.one_device and game.clue_timer == 0
    first = game.starting_team
    used: list[str] = []
    assert_map_hidden(page, table)
    _check_projector_layout(page)
    save_doc_screenshot(page, "one-device")

    # Turn 1. O-2: the map only after Show the Map; a reload hides it again.
    expect(page.get_by_text(f"Captain: {names[game.captains[first]]}.")).to_be_visible()
    click(page, "Show the Map", then="Give the Clue")
    assert map_leaks(page, table), "the map is on the page when it is shown (the check bites)"
    save_screenshot(page, "one-device-map-projector")
    page.reload()
    expect(button(page, "Show the Map")).to_be_visible(timeout=TIMEOUT_MS)
    assert_map_hidden(page, table)
    click(page, "Show the Map", then="Give the Clue")
    give_clue(page, table.clue_word(used), 1)
    assert_map_hidden(page, table)
    click(page, "Start Guessing", then="End Turn")
    assert_map_hidden(page, table)
    expect(button(page, "End Turn")).to_be_disabled()
    open_card(page, table, closed_of(table.game(), team_colour(first))[0])
    assert_map_hidden(page, table)
    save_screenshot(page, "one-device-guessing-projector")
    page.reload()
    expect(button(page, "End Turn")).to_be_enabled(timeout=TIMEOUT_MS)
    assert_map_hidden(page, table)
    click(page, "End Turn", then="Show the Map")
    assert_map_hidden(page, table)

    # Turn 2: the other team opens a neutral card and its turn ends (V-8).
    assert table.game().turn.team is first.other  # type: ignore[union-attr]
    click(page, "Show the Map", then="Give the Clue")
    give_clue(page, table.clue_word(used), 2)
    click(page, "Start Guessing", then="End Turn")
    open_card(page, table, closed_of(table.game(), Colour.NEUTRAL)[0])
    expect(button(page, "Show the Map")).to_be_visible(timeout=TIMEOUT_MS)
    assert_map_hidden(page, table)

    # Turn 3: an unlimited clue, and the first team opens all its cards.
    click(page, "Show the Map", then="Give the Clue")
    give_clue(page, table.clue_word(used), 0)
    click(page, "Start Guessing", then="End Turn")
    own = closed_of(table.game(), team_colour(first))
    for index in own[:-1]:
        open_card(page, table, index)
        assert_map_hidden(page, table)
    open_card(page, table, own[-1])

    # results as in Versus, with the map revealed to everyone.
    badge = "▲ Red" if first is Team.RED else "● Blue"
    expect(page.get_by_role("heading", name=f"{badge} wins!")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.get_by_text(f"{first.label} found all its cards.")).to_be_visible()
    expect(page.get_by_text("Best clue:")).to_be_visible()
    final = table.game()
    labels = page.locator("[data-card]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(labels) == 25 and all(re.search(r": (never )?open(ed)?, ", x) for x in labels)
    assert final.outcome is not None and final.outcome.winner is first
    save_screenshot(page, "one-device-results-projector")

    # R-2 kept: the results as a spreadsheet file, downloaded for real.
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the results (CSV)").click()
    sheet = Path(download.value.path()).read_text(encoding="utf-8")
    assert sheet.startswith("part,turn,side,clue giver,clue,number,cards,note\n")
    assert "found all its cards" in sheet
    assert sum(line.startswith("map,") for line in sheet.splitlines()) == 25

    # O-5: the captaincy moves to the next player on each team.
    click(page, "New Game (Same Teams)", then="Show the Map")
    again = table.game()
    assert {names[c] for c in again.captains.values()} == {"Ana", "Di"}
    assert_map_hidden(page, table)


def _check_projector_layout(page: Page) -> None:
    """P-7 on a 1920x1080 projector: large type, the board across the screen
    and down to (not past) its bottom edge, the cards left in large type."""
    first, last = page.locator("[data-card='0']"), page.locator("[data-card='24']")
    top, bottom = first.bounding_box(), last.bounding_box()
    assert top is not None and bottom is not None
    assert bottom["x"] + bottom["width"] - top["x"] > 0.9 * PROJECTOR["width"]
    assert bottom["y"] + bottom["height"] <= PROJECTOR["height"]
    assert bottom["y"] + bottom["height"] - top["y"] > 0.5 * PROJECTOR["height"]
    card_px = float(first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    # A long word's type is scaled down to fit its card (`cards.text_scale`,
    # --ow-scale): the board's own type is the card's size before that.
    scale = float(first.evaluate("e => parseFloat(e.style.getPropertyValue('--ow-scale'))"))
    score_px = float(
        page.locator(".ow-od-score").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    )
    assert card_px / scale >= 36 and score_px >= 48, (card_px, scale, score_px)


def test_one_device_fits_a_phone(app_server: AppServer, new_page: PageFactory) -> None:
    page = new_page(PHONE)
    set_up(page, app_server.url, ["Ana", "Bo", "Cy", "Di"])
    click(page, "Start the game", then="Show the Map")
    table = Table(app_server, page)
    used: list[str] = []
    click(page, "Show the Map", then="Give the Clue")
    give_clue(page, table.clue_word(used), 1)
    click(page, "Start Guessing", then="End Turn")
    assert_map_hidden(page, table)
    tops = [page.locator(f".st-key-card-{i} button").bounding_box() for i in range(5)]
    assert all(box is not None for box in tops)
    assert len({round(box["y"]) for box in tops if box}) == 1, "five cards to a row"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width} px)"
    save_screenshot(page, "one-device-guessing-phone")

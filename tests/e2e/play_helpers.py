"""Playing In One Word through real browsers, with the test as referee.

The pages never see a map they may not show. The test does: `Referee`
reads the room straight from the server's SQLite file (the same `Store` the
service writes), so it knows which card to open next and, above all, which
colours a page must not hold. `Referee.check_no_secrets(page)` is the check
the browser tests call after nearly every step: it reads the page's whole
HTML (`page.content()`, hidden parts included) and fails if a guesser's or
spectator's page carries the colour of a closed card, or if a Together
player's page carries anything but their own side's map.

The UI helpers (`create_room`, `give_clue`, `open_card` ...) click what a
player clicks and wait, with Playwright's retrying `expect`, for what the
player would wait for.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, ClassVar, TypeVar
from urllib.parse import parse_qs, urlsplit

from e2e_harness import REPO_ROOT, wait_for_app
from playwright.sync_api import Dialog, Locator, Page, expect
from playwright.sync_api import Error as PlaywrightError

from oneword.engine import Colour, RoomState, Team
from oneword.engine.clues import make_clue
from oneword.engine.together.state import TogetherGame
from oneword.engine.versus.state import VersusGame
from oneword.service import hash_token
from oneword.service.codec import parse_state
from oneword.storage.protocol import RoomStore
from oneword.storage.sqlite_store import Store
from oneword.ui.app.session import SEAT_COOKIE
from oneword.ui.symbols import BACKGROUND, NAME, SYMBOL, TINT

DOCS_SCREENSHOTS = REPO_ROOT / "docs" / "screenshots"
UI_TIMEOUT_MS = 15_000
"""How long a page may take to show the result of a click (the suite runs
four browsers and the server on two cores, so this is generous)."""

CLUE_WORDS = ["orbit", "harvest", "whisper", "journey", "lantern", "meadow", "thunder", "velvet"]
CLUE_WORDS += ["quartz", "canyon", "riddle", "compass", "ember", "glacier", "puzzle", "zephyr"]

T = TypeVar("T")


# Players and pages


@dataclass
class Player:
    """One person: a name and the page in their own browser context."""

    name: str
    page: Page
    dialogs: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("dialog", self._on_dialog)

    def _on_dialog(self, dialog: Dialog) -> None:
        """Any alert/confirm/prompt is an injection that ran: record it, close it."""
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    @property
    def token(self) -> str:
        return token_of(self.page)


def room_of(page: Page) -> str:
    """The room code in the page's URL (the only seat detail a URL shows)."""
    rooms = parse_qs(urlsplit(page.url).query).get("room")
    assert rooms, f"no room in {page.url}"
    return rooms[0]


def token_of(page: Page, timeout_s: float = UI_TIMEOUT_MS / 1000) -> str:
    """The seat's token, from the cookie the page keeps for its room (the
    page writes it with a script, so it may take a moment to appear)."""
    name = f"{SEAT_COOKIE}{room_of(page)}"
    found = wait_until(
        lambda: next((c["value"] for c in page.context.cookies() if c["name"] == name), None),
        f"the cookie {name}",
        timeout_s,
    )
    assert "token" not in page.url, page.url
    return found


def path_of(page: Page) -> str:
    return urlsplit(page.url).path.rstrip("/").rsplit("/", 1)[-1]


def on_screen(page: Page) -> Locator:
    """The page's own content, for a text search: without the live region
    (`#ow-news`), which repeats the turn line for screen readers."""
    return page.get_by_test_id("stMainBlockContainer")


def expect_on(page: Page, name: str, timeout: int = UI_TIMEOUT_MS) -> None:
    """Wait until the page's router has sent the browser to `name` (e.g. "board")."""
    page.wait_for_url(re.compile(rf"/{name}(\?|$)"), timeout=timeout)


def create_room(player: Player, url: str) -> str:
    """Create a room from the home page; return its code."""
    page = player.page
    page.goto(url)
    wait_for_app(page)
    form = page.get_by_test_id("stForm").filter(has_text="Create a room")
    form.get_by_label("Your name").fill(player.name)
    form.get_by_role("button", name="Create room").click()
    expect_on(page, "lobby")
    expect(page.get_by_text("Code:")).to_be_visible(timeout=UI_TIMEOUT_MS)
    return room_of(page)


def join_room(player: Player, url: str, code: str, *, lands_on: str = "lobby") -> None:
    """Open the join link `/?join=CODE` (it fills in the code), type a name, Join.

    A late joiner (L-5) lands on the board instead of the lobby."""
    page = player.page
    page.goto(f"{url}/?join={code}")
    wait_for_app(page)
    form = page.get_by_test_id("stForm").filter(has_text="Join a room")
    expect(form.get_by_label("Room code")).to_have_value(code)
    form.get_by_label("Your name").fill(player.name)
    form.get_by_role("button", name="Join").click()
    expect_on(page, lands_on)


def start_game(host: Player) -> None:
    host.page.get_by_role("button", name="Start game").click()


def fill_clue(page: Page, word: str, number: int | str) -> None:
    """Fill the captain page's form: "One word" and "How many cards"."""
    shown = "∞" if number == "infinity" else str(number)
    page.get_by_label("One word").fill(word)
    choice = page.get_by_role("radiogroup", name="How many cards").get_by_role(
        "radio", name=shown, exact=True
    )
    if choice.get_attribute("aria-checked") != "true":  # a second tap would clear it
        choice.click()
    expect(choice).to_have_attribute("aria-checked", "true", timeout=UI_TIMEOUT_MS)


def give_clue(page: Page, word: str, number: int | str) -> None:
    """Fill the clue form and press "Give the clue"."""
    fill_clue(page, word, number)
    page.get_by_role("button", name="Give the clue").click()


def clue_banner(page: Page, word: str, number: int | str) -> Locator:
    """The clue in large type on every game page (e.g. "ORBIT · 0")."""
    shown = "∞" if number == "infinity" else str(number)
    return page.get_by_text(f"{word.upper()} · {shown}", exact=True)


def card_button(page: Page, index: int) -> Locator:
    """A tappable card. (A button with a tooltip, here a marked card, is
    drawn twice by Streamlit, once hidden: take the visible one.)"""
    return page.locator(f".st-key-card-{index} button:visible")


def select_card(page: Page, index: int, word: str, *, confirm: str = "Open") -> None:
    """Tap a card; wait for its "Open WORD" (Final Round: "Yes, open WORD") button."""
    card_button(page, index).click()
    expect(page.get_by_role("button", name=f"{confirm} {word.upper()}", exact=True)).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )


def press_open(page: Page, word: str, *, confirm: str = "Open") -> None:
    page.get_by_role("button", name=f"{confirm} {word.upper()}", exact=True).click()


def open_card(page: Page, index: int, word: str) -> None:
    """Tap a card, press "Open WORD", and wait until the page no longer offers it."""
    select_card(page, index, word)
    press_open(page, word)
    expect(page.get_by_role("button", name=f"Open {word.upper()}", exact=True)).to_have_count(
        0, timeout=UI_TIMEOUT_MS
    )


def expect_card_open(page: Page, index: int) -> None:
    """The card shows as open: a disabled button, or an open HTML card."""
    expect(
        page.locator(f'.st-key-card-{index} button:disabled, [data-card="{index}"].ow-open').first
    ).to_be_attached(timeout=UI_TIMEOUT_MS)


def end_turn(page: Page) -> None:
    button = page.get_by_role("button", name="End turn")
    expect(button).to_be_enabled(timeout=UI_TIMEOUT_MS)
    button.click()


_LAYOUT_JS = """() => [...document.querySelectorAll('[class*="st-key-card-"]')].map(c => {
  const b = [...c.querySelectorAll('button')].find(b => b.getBoundingClientRect().width > 0);
  if (!b) return null;
  const r = b.getBoundingClientRect();
  const m = b.querySelector('[data-testid="stMarkdownContainer"]');
  return {index: +c.className.match(/st-key-card-(\\d+)/)[1], left: r.left, right: r.right,
          clipped: m ? m.scrollWidth > m.clientWidth + 1 : false,
          background: getComputedStyle(b).backgroundColor};
}).filter(Boolean)"""


def _rgb(hex_colour: str) -> str:
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def check_board_layout(page: Page, open_colours: dict[int, Colour]) -> None:
    """P-7 on the tappable board: all 25 cards inside the page's width (a
    phone too), no word cut off, and each open card in its colour."""
    wait_for_app(page)
    expect(page.locator('[class*="st-key-card-"] button:visible')).to_have_count(
        25, timeout=UI_TIMEOUT_MS
    )
    cards = page.evaluate(_LAYOUT_JS)
    assert sorted(c["index"] for c in cards) == list(range(25)), cards
    width = page.viewport_size["width"] if page.viewport_size else 0
    outside = [c["index"] for c in cards if c["left"] < 0 or c["right"] > width]
    assert not outside, f"cards {outside} reach past the {width} px wide page"
    clipped = [c["index"] for c in cards if c["clipped"]]
    assert not clipped, f"the words of cards {clipped} are cut off"
    backgrounds = {c["index"]: c["background"] for c in cards}
    for index, colour in open_colours.items():
        assert backgrounds[index] == _rgb(BACKGROUND[colour]), (
            f"open card {index} ({colour}) is drawn {backgrounds[index]}"
        )


_MAP_STYLE_JS = """() => [...Array(25).keys()].map(i => {
  const shown = [...document.querySelectorAll(`.st-key-card-${i} button, [data-card="${i}"]`)]
    .find(e => e.getBoundingClientRect().width > 0);
  if (!shown) return null;
  const style = getComputedStyle(shown);
  return {border: style.borderTopColor, background: style.backgroundColor,
          borderStyle: style.borderTopStyle, text: shown.textContent};
})"""


def card_styles(page: Page) -> list[dict[str, str] | None]:
    """Each card's computed border colour, background and text, as drawn
    (a tappable button or an HTML card), with the pointer off the board."""
    wait_for_app(page)
    page.mouse.move(0, 0)
    return list(page.evaluate(_MAP_STYLE_JS))


def _map_colour_errors(
    styles: Sequence[dict[str, str] | None], side_map: Sequence[Colour], found: Sequence[bool]
) -> list[str]:
    errors = []
    for index, (colour, style) in enumerate(zip(side_map, styles, strict=True)):
        if style is None:
            errors.append(f"card {index} is not on the page")
            continue
        shown = Colour.GREEN if found[index] else colour
        border, background = (
            _rgb(BACKGROUND[shown]),
            _rgb(BACKGROUND[shown] if found[index] else TINT[shown]),
        )
        if (style["border"], style["background"]) != (border, background):
            errors.append(
                f"card {index} ({shown}) has border {style['border']} on {style['background']}, "
                f"not {border} on {background}"
            )
    return errors


def check_map_colours(
    page: Page, side_map: Sequence[Colour], found: Sequence[bool], timeout_s: float = 5.0
) -> None:
    """T-2 as a Together player sees it: every closed card is bordered in its
    own-side map colour on that colour's tint, every found card is solid
    green, on the tappable board and the HTML board alike."""
    deadline = time.monotonic() + timeout_s
    while True:
        errors = _map_colour_errors(card_styles(page), side_map, found)
        if not errors or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not errors, f"{page.url.split('?')[0]}: " + "; ".join(errors)


_FADED_JS = """() => [...document.querySelectorAll('[data-card]')].map(c => {
  const s = getComputedStyle(c);
  return s.borderTopStyle === "dashed" && +s.opacity === 1;
})"""


def revealed_labels(
    words: Sequence[str], colours: Sequence[Colour], opened: Sequence[bool]
) -> list[str]:
    """R-1's revealed map as a screen reader hears it: every card's colour,
    and whether it was ever opened."""
    return [
        f"{word}: {'open' if was_opened else 'never opened'}, {NAME[colour]}"
        for word, colour, was_opened in zip(words, colours, opened, strict=True)
    ]


def check_faded(page: Page, opened: Sequence[bool], timeout_s: float = 8.0) -> None:
    """R-1: once the reveal has played, the cards never opened are faded
    (pale, in their colour's tint with a dashed border, their text as
    readable as any card's) and the opened ones are not (each revealed
    board of the page in turn)."""
    deadline = time.monotonic() + timeout_s
    while True:
        shown = read_page(page, _FADED_JS)
        boards = [shown[i : i + 25] for i in range(0, len(shown), 25)]
        wrong = [
            (b, i, o)
            for b, board in enumerate(boards)
            for i, o in enumerate(board)
            if o == opened[i]
        ]
        if (boards and not wrong) or time.monotonic() > deadline:
            break
        time.sleep(0.25)
    assert boards and not wrong, f"(board, card, faded) wrongly faded or not: {wrong}"


_BOARD_TEXT_JS = """() => {
  const cards = [...document.querySelectorAll('[class*="st-key-card-"] button p, [data-card]')]
    .filter(e => e.getBoundingClientRect().width > 0);
  const sizes = [];
  const breaks = [];
  for (const card of cards) {
    const texts = [];
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let node; (node = walker.nextNode());) {
      if (!node.textContent.trim()) continue;
      sizes.push(parseFloat(getComputedStyle(node.parentElement).fontSize));
      if (node.parentElement.closest('.ow-sym, .ow-note')) continue;
      texts.push(node);
    }
    let top = null, before = "", line = "";
    for (const node of texts) {
      for (let i = 0; i < node.textContent.length; i++) {
        const ch = node.textContent[i];
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = [...range.getClientRects()].filter(r => r.width > 0).pop();
        if (box) {
          if (top !== null && box.top > top + 2 && !/[\\s\\u00ad-]/.test(before) && ch.trim()) {
            breaks.push(line + "/" + ch);
          }
          if (top === null || box.top > top + 2) top = box.top;
        }
        before = ch;
        line += ch;
      }
    }
  }
  return {cards: cards.length, smallest: Math.min(...sizes), breaks};
}"""
PHONE_TEXT_MIN_PX = 12


def check_board_text(page: Page, cards: int = 25) -> float:
    """P-7 on a phone: every card's text is at least 12 px, and a word
    breaks across lines only at a space or a hyphen (shown by a soft
    hyphen), never mid-word ("sunflowe/r"). Returns the smallest size."""
    wait_for_app(page)
    deadline = time.monotonic() + 8.0  # the results' reveal turns cards edge-on first
    while (found := read_page(page, _BOARD_TEXT_JS))["cards"] < cards:
        assert time.monotonic() < deadline, found
        time.sleep(0.25)
    assert found["smallest"] >= PHONE_TEXT_MIN_PX, f"card text of {found['smallest']} px"
    assert not found["breaks"], f"words broken mid-word: {found['breaks']}"
    return float(found["smallest"])


def save_doc_screenshot(page: Page, name: str) -> Path:
    """A README picture in docs/screenshots/ (rewritten by every run, so it stays current).

    Streamlit scrolls inside the page, so a "full page" screenshot would
    stop at the window: the window is stretched to the content's height
    for the picture (same width), then put back.
    """
    wait_for_app(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)
    viewport = page.viewport_size
    assert viewport is not None
    height = page.evaluate(
        "Math.max(...[...document.querySelectorAll('*')].map(e => e.scrollHeight))"
    )
    path = DOCS_SCREENSHOTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": viewport["width"], "height": max(height, viewport["height"])})
    try:
        page.evaluate("document.querySelectorAll('*').forEach(e => { e.scrollTop = 0; })")
        page.screenshot(path=str(path), animations="disabled")
    finally:
        page.set_viewport_size(viewport)
    return path


def read_page(page: Page, script: str, timeout_s: float = UI_TIMEOUT_MS / 1000) -> Any:
    """Run `script` in the page and return its answer, again on the new
    document if the page navigates meanwhile. A page the watchdog reloads
    (`watchdog.js`) is the app healing itself, as its player sees it: the
    same screen a moment later, so a read that the reload cut short is
    simply made again (conftest prints every such reload of a failed test)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return page.evaluate(script)
        except PlaywrightError as problem:
            navigated = "context was destroyed" in str(problem) or "navigat" in str(problem)
            if not navigated or time.monotonic() > deadline:
                raise
        page.wait_for_load_state()
        time.sleep(0.1)


def wait_until(check: Callable[[], T | None], what: str, timeout_s: float = 15.0) -> T:
    """Poll `check` (a DB read, not a page) until it returns something truthy."""
    deadline = time.monotonic() + timeout_s
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s:.0f} s waiting for {what}")
        time.sleep(0.05)


# The referee: the room as stored, and the secrets check


class _PageParts(HTMLParser):
    """Collect from a page's HTML: the text of <style> blocks, the attributes
    of every `data-card` element, and the text of every `st-key-card-N`
    container (the tappable cards' labels)."""

    VOID: ClassVar[set[str]] = {"area", "base", "br", "col", "embed", "hr", "img", "input"}
    VOID |= {"link", "meta", "source", "track", "wbr", "param"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.styles: list[str] = []
        self.cards: list[dict[str, str]] = []
        self.labels: dict[int, list[list[str]]] = {}
        self.button_names: dict[int, list[str]] = {}
        self.elements_with_class: dict[str, int] = {}
        self._in_style = False
        self._stack: list[list[str] | None] = []
        self._cards_open: list[int | None] = []

    def _card_index(self) -> int | None:
        """The `st-key-card-N` container the parser is in, if any."""
        return next((i for i in reversed(self._cards_open) if i is not None), None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        for cls in values.get("class", "").split():
            self.elements_with_class[cls] = self.elements_with_class.get(cls, 0) + 1
        if "data-card" in values:
            self.cards.append(values)
        if tag == "style":
            self._in_style = True
        if tag in self.VOID:
            return
        if tag == "button" and "aria-label" in values:
            inside = self._card_index()
            if inside is not None:
                self.button_names.setdefault(inside, []).append(values["aria-label"])
        key = re.search(r"\bst-key-card-(\d+)\b", values.get("class", ""))
        text: list[str] | None = None
        if key:
            text = []
            self.labels.setdefault(int(key.group(1)), []).append(text)
        self._stack.append(text)
        self._cards_open.append(int(key.group(1)) if key else None)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self._stack.pop()
            self._cards_open.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False
        if tag not in self.VOID and self._stack:
            self._stack.pop()
            self._cards_open.pop()

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)
        inside = next((t for t in reversed(self._stack) if t is not None), None)
        if inside is not None:
            inside.append(data)


_CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")
_SYMBOLS = tuple(SYMBOL.values())


_SELECTION = ("outline", "box-shadow")
"""How the selected card is drawn (its outline and inner ring): no secret."""


def card_rules(styles: Sequence[str]) -> dict[int, list[str]]:
    """The declarations of every CSS rule aimed at one card (`.st-key-card-N`),
    without the selection's outline and ring (which are no secret)."""
    rules: dict[int, list[str]] = {}
    for style in styles:
        for selectors, body in _CSS_RULE.findall(style):
            declarations = [d.strip() for d in body.split(";") if d.strip()]
            kept = ";".join(d for d in declarations if not d.startswith(_SELECTION))
            for index in set(re.findall(r"st-key-card-(\d+)\b", selectors)):
                rules.setdefault(int(index), []).append(kept)
    return rules


def fitting_clue(closed: Sequence[str], candidates: Sequence[str], used: Sequence[str]) -> str:
    """The first candidate not used yet that the clue rules allow on a board
    with these closed words."""
    for word in candidates:
        if word in used:
            continue
        try:
            make_clue(word, 1, closed)
        except ValueError:
            continue
        return word
    raise AssertionError("no clue word left that fits this board")


_SCRIPTS = re.compile(r"<script\b.*?</script>", re.DOTALL | re.IGNORECASE)
"""Scripts are left out of the count of "on your map": the card buttons'
script holds the names it sets, and the names are checked where they land
(each button's `aria-label`)."""


def check_card_name(name: str, word: str, own: Colour | None, where: str) -> None:
    """A closed card's accessible name (P-7): its word, then "closed" and,
    for a seat holding a map, that map's colour of the card; whatever
    follows "; " (who marked it) is no colour of the map."""
    assert name.startswith(f"{word}: "), f"{where} is named {name!r}, not by its word {word!r}"
    state = name[len(word) + 2 :].split("; ")[0]
    wanted = "closed" if own is None else f"closed, {NAME[own]} on your map"
    assert state == wanted, f"{where} is named {name!r}: its state should be {wanted!r}"


def colours_in(text: str) -> set[str]:
    return {c.lower() for c in _HEX.findall(text)}


@dataclass
class SecretsReport:
    """What one check looked at, so a test can tell it was not vacuous."""

    seat: str
    closed: int
    html_cards: int
    buttons: int
    card_rules: int


class Referee:
    """The test's own view of a room, read from the server's SQLite file."""

    def __init__(self, db_path: Path, code: str, store: RoomStore | None = None) -> None:
        """`store` reads another database (PostgreSQL) instead of the file."""
        self.store: RoomStore = store if store is not None else Store(db_path)
        self.code = code

    def room(self) -> RoomState:
        with self.store.read() as tx:
            stored = tx.load(self.code)
        assert stored is not None, f"room {self.code} is not in the database"
        return parse_state(stored.state_json)

    def versus(self) -> VersusGame:
        game = self.room().game
        assert isinstance(game, VersusGame), game
        return game

    def together(self) -> TogetherGame:
        game = self.room().game
        assert isinstance(game, TogetherGame), game
        return game

    def member_id(self, page: Page) -> str:
        """Who holds the page's token (the store keeps only its hash)."""
        wanted = hash_token(token_of(page))
        with self.store.read() as tx:
            rows = tx.players(self.code)
        found = next((r.member_id for r in rows if r.token_hash == wanted), None)
        assert found is not None, f"{page.url} holds no seat in room {self.code}"
        return found

    def id_of(self, name: str) -> str:
        found = [m.id for m in self.room().members if m.name == name]
        assert len(found) == 1, f"{name!r}: {found}"
        return found[0]

    def clue_word(self, used: Sequence[str] = ()) -> str:
        """A clue word the engine accepts for the current board (C-1, C-2, C-3, C-4)."""
        game = self.room().game
        assert isinstance(game, VersusGame | TogetherGame), game
        return fitting_clue(game.closed_words(), CLUE_WORDS, used)

    # The secrets check

    def check_no_secrets(
        self, page: Page, *, as_seat: str | None = None, as_side: Team | None = None
    ) -> SecretsReport:
        """Fail if the page's whole HTML holds a map colour it must not hold
        (`check_html`). The seat is the page owner's, from the token in its
        URL; `as_seat` / `as_side` check the page as another seat would be
        checked (to prove the check bites).

        The page is read before the room: a card open in the room read
        later was open or closed when the page was read, never the other
        way round.
        """
        html = page.content()
        game = self.room().game
        assert isinstance(game, VersusGame | TogetherGame), "no board game is running"
        me = self.member_id(page)
        player = game.player(me)
        seat = as_seat
        if seat is None:
            if player is None or player.left:
                seat = "spectator"
            elif isinstance(game, VersusGame):
                seat = "captain" if game.captains.get(player.team) == me else "guesser"
            else:
                seat = "player"
        side = as_side or (player.team if player is not None else None)
        where = f"{seat} page {page.url.split('?')[0]} ({me})"
        return check_html(html, game, seat, side, where)

    def check_pages(self, pages: Sequence[Page]) -> list[SecretsReport]:
        return [self.check_no_secrets(page) for page in pages]


def check_html(
    html: str,
    game: VersusGame | TogetherGame,
    seat: str,
    side: Team | None = None,
    where: str = "page",
) -> SecretsReport:
    """Fail (AssertionError) if `html` holds a map colour that `seat` must not see.

    Versus guessers and spectators: no colour for any closed card: no
    coloured `st-key-card-N` CSS rule, no `ow-map` card, no "on your map"
    label, no colour symbol on a closed card's button. Together players
    (`seat="player"` of `side`): every closed card shows exactly their own
    side's colour, never the other side's; Together spectators see no map.
    Versus captains hold the map by right: nothing is checked.
    """
    if isinstance(game, VersusGame):
        closed = {i for i, o in enumerate(game.opened) if not o}
    else:
        closed = {i for i, f in enumerate(game.found) if not f and i != game.fatal_card}
    parts = _PageParts()
    parts.feed(html)
    parts.close()
    buttons = {i for i in parts.labels if i in closed}
    rules = card_rules(parts.styles)
    report = SecretsReport(seat, len(closed), len(parts.cards), len(parts.labels), len(rules))
    if seat == "captain":
        return report
    own: list[Colour] | None = None
    if isinstance(game, TogetherGame) and seat == "player":
        assert side is not None
        own = game.keys[side]

    for index, bodies in sorted(rules.items()):
        if index not in closed:
            continue
        for body in bodies:
            if own is None:
                assert not colours_in(body) and "background" not in body, (
                    f"{where}: CSS colours closed card {index}: {body!r}"
                )
            else:
                allowed = {BACKGROUND[own[index]], TINT[own[index]]}
                assert colours_in(body) <= allowed and BACKGROUND[own[index]] in body, (
                    f"{where}: closed card {index} is styled {body!r}, "
                    f"its own-side map says {own[index]}"
                )

    for card in parts.cards:
        index = int(card["data-card"])
        if index not in closed:
            continue
        label, classes = card.get("aria-label", ""), card.get("class", "").split()
        word = game.words[index]
        check_card_name(label, word, own[index] if own else None, f"{where}: card {index}")
        if own is None:
            assert "ow-map" not in classes and "ow-open" not in classes, (
                f"{where}: closed card {index} has classes {classes}"
            )
            assert not colours_in(card.get("style", "")), (
                f"{where}: closed card {index} is styled {card.get('style')!r}"
            )
        else:
            colour = own[index]
            style = card.get("style", "")
            assert colours_in(style) <= {BACKGROUND[colour], TINT[colour]}, (
                f"{where}: card {index} is styled {style!r}, its own-side map says {colour}"
            )

    for index in sorted(buttons):
        for name in parts.button_names.get(index, []):
            check_card_name(
                name, game.words[index], own[index] if own else None, f"{where}: button {index}"
            )
        for pieces in parts.labels[index]:
            text = "".join(pieces).strip()
            if own is None:
                assert not text.startswith(_SYMBOLS), (
                    f"{where}: closed card {index}'s button shows a colour: {text!r}"
                )
            else:
                assert text.startswith(SYMBOL[own[index]]), (
                    f"{where}: closed card {index}'s button is {text!r}, "
                    f"its own-side map says {own[index]}"
                )

    on_your_map = _SCRIPTS.sub("", html).count("on your map")
    if own is None:
        assert on_your_map == 0, f"{where}: 'on your map' appears {on_your_map} times"
        assert parts.elements_with_class.get("ow-map", 0) == 0, (
            f"{where}: an element has the class ow-map"
        )
    else:
        labelled = sum(1 for c in parts.cards if "on your map" in c.get("aria-label", ""))
        labelled += sum(
            1 for names in parts.button_names.values() for n in names if "on your map" in n
        )
        assert on_your_map == labelled, (
            f"{where}: 'on your map' appears {on_your_map} times, on {labelled} cards"
        )
    return report

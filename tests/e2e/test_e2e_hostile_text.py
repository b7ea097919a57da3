"""Every page with hostile user text (docs/design.md, "Identity and safety").

Names, clues, custom words and list names are typed by players, and most
reach other players' screens, often inside a sentence of the app's (a
refusal that names another player, the pause banner, the captain who lost
connection). Streamlit renders Markdown in messages, captions, toasts,
labels and tooltips, so each of them is a way in: links and images (an
image request that reaches another site), `:material/...:` icons,
`:red[...]` colours, `$...$` maths, and bare web addresses it links by
itself.

The same game is played twice, on every page (home, lobby as host and
guest, captain, board, results, watch, one device): once with plain names,
once with hostile ones that pass the name rules. After each step the whole
DOM of the page is read. The hostile run may hold no link, image, icon or
colour that the plain run did not (those are the app's own), no maths at
all, no emphasis made from user text, and each hostile string must show as
text, as typed. Right-to-left names are isolated where they stand.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from e2e_harness import DESKTOP, PHONE, AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    card_button,
    create_room,
    expect_on,
    fill_clue,
    join_room,
    read_page,
    room_of,
    start_game,
    wait_until,
)
from playwright.sync_api import Locator, Page, expect

from oneword.engine import Colour, Mode, Team
from oneword.engine.models import team_colour
from oneword.storage.sqlite_store import Store
from oneword.ui.text import isolate

FSI, PDI, JOINER = "\u2068", "\u2069", "\u2060"
MARKERS = {"bq", "iq", "sq", "cq"}
"""Words the hostile strings wrap in bold, italics, strikethrough or code."""

PLAIN_WORDS = [
    *("cat", "dog", "cow", "pig", "hen", "fox", "owl", "bee", "ant", "elk", "yak", "emu"),
    *("gnu", "ram", "eel", "cod", "bat", "rat", "ape", "asp", "koi", "jay", "doe", "kid", "hog"),
]


@dataclass(frozen=True)
class Corpus:
    host: str
    guest: str
    third: str
    fourth: str
    look_alike: str
    """Looks like `host` (the refusal names the host to a stranger)."""
    bad_words: str
    list_name: str
    bad_clue: str
    table: tuple[str, str, str, str]
    bad_table_clue: str
    words: tuple[str, ...]

    @property
    def names(self) -> list[str]:
        return [self.host, self.guest, self.third, self.fourth]


PLAIN = Corpus(
    host="Ann",
    guest="Bob",
    third="Cid",
    fourth="Dot",
    look_alike="\u0410nn",
    bad_words="apple, apple, pear2",
    list_name="Animals",
    bad_clue="orbit!",
    table=("Eve", "Fay", "Gus", "Hal"),
    bad_table_clue="nimbus?",
    words=tuple(PLAIN_WORDS),
)
HOSTILE = Corpus(
    host="[l](http://e.v) **bq**",
    guest="\u202eאב ![](//h.i/a) $x^2$",
    third="www.e.co :material/bolt:",
    fourth="<img src=x onerror=f()>",
    look_alike="[l](http://\u0435.v) **bq**",
    bad_words="[w](http://w.x), $y^2$, www.w.com, :material/bolt:, \u202eabc, _iq_",
    list_name="[s](http://s.t) :red[z]",
    bad_clue="[link](http://evil)",
    table=(":red[x] _iq_ ~~sq~~", "http://x.y `cq`", "a@b.co :blue-badge[y]", "\u202eשלום 12"),
    bad_table_clue="www.evil.com",
    words=("שלום", "בית", "ספר", "מים", "אור", *PLAIN_WORDS[5:]),
)


def clean(name: str) -> str:
    """A name as the engine keeps it (bidi overrides removed)."""
    return name.replace("\u202e", "")


_MARKUP_JS = """() => {
  const text = e => (e.textContent || '').replace(/[\\u2060\\u2068\\u2069]/g, '');
  const icons = [...document.querySelectorAll('span, i')]
    .filter(e => getComputedStyle(e).fontFamily.includes('Material Symbols'));
  return {
    links: [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href')),
    images: [...document.querySelectorAll('img, image')]
      .map(i => i.getAttribute('src') || i.getAttribute('href') || ''),
    icons: icons.map(text),
    maths: [...document.querySelectorAll('.katex, math')].map(text),
    colours: [...document.querySelectorAll('.stMarkdownColoredText, .stMarkdownBadge')]
      .map(text),
    emphasis: [...document.querySelectorAll(
      'strong, em, del, s, code, mark, blockquote, h1, h2, h3, h4, h5, h6, li')]
      .map(e => text(e).trim()),
    text: document.body.innerText,
  };
}"""


@dataclass
class Snapshot:
    where: str
    links: set[str]
    images: set[str]
    icons: set[str]
    maths: list[str]
    colours: set[str]
    emphasis: set[str]
    text: str


@dataclass
class Run:
    """One play-through: what each page held at each step."""

    corpus: Corpus
    server: AppServer
    new_page: PageFactory
    codes: list[str] = field(default_factory=list)
    snapshots: list[Snapshot] = field(default_factory=list)

    def normal(self, value: str) -> str:
        for code in self.codes:
            value = re.sub(code, "CODE", value, flags=re.IGNORECASE)
        return re.sub(r"127\.0\.0\.1:\d+", "HOST", value)

    def snap(self, where: str, page: Page, *shown: str) -> None:
        """Read the page's DOM once each of `shown` is on it as text."""
        for text in shown:
            wait_for_text(page, text)
        wait_for_app(page)
        found: dict[str, Any] = read_page(page, _MARKUP_JS)
        self.snapshots.append(
            Snapshot(
                where,
                {self.normal(h) for h in found["links"]},
                {_image_kind(self.normal(s)) for s in found["images"]},
                set(found["icons"]),
                found["maths"],
                set(found["colours"]),
                set(found["emphasis"]),
                found["text"],
            )
        )


def _image_kind(src: str) -> str:
    """The app's own images are QR codes, drawn from `data:` URIs (or
    served by Streamlit as media)."""
    if src.startswith("data:"):
        return src.split(",", 1)[0]
    return "media" if "/media/" in src else src


def visible_text(page: Page) -> str:
    text: str = read_page(page, "() => document.body.innerText")
    return "".join(ch for ch in text if ch not in (JOINER, FSI, PDI))


def wait_for_text(page: Page, text: str) -> None:
    wait_until(lambda: text in visible_text(page), f"{text!r} on {page.url}")


FRESH = '[data-testid="stElementContainer"][data-stale="false"]'
"""An element the page's latest run drew."""


def fresh(page: Page) -> Locator:
    return page.locator(FRESH)


def press(page: Page, key: str) -> None:
    """Click the button with this key (its label may hold user text)."""
    page.locator(f"{FRESH}.st-key-{key} button:visible").first.click()
    wait_for_app(page)


def click_and_wait(page: Page, name: str) -> None:
    fresh(page).get_by_role("button", name=name, exact=True).click()
    wait_for_app(page)


# The game, step by step


def versus(page: Page, referee: Referee) -> None:
    """Versus, whatever the lobby switched to by itself while players
    joined (G-4)."""
    wait_for_app(page)
    if referee.room().settings.mode is not Mode.VERSUS:
        game_type = page.get_by_role("radiogroup", name="Game type")
        game_type.get_by_role("radio", name="Versus", exact=False).click()
    wait_until(lambda: referee.room().settings.mode is Mode.VERSUS, "a Versus lobby")
    wait_for_app(page)


def lobby(run: Run) -> tuple[list[Player], Player]:
    """Four players join; a stranger's look-alike name is refused; the host
    tries a bad word list, saves a list, and plays a list of its own."""
    c, url = run.corpus, run.server.url
    host = Player(c.host, run.new_page(DESKTOP))
    devices = (PHONE, DESKTOP, DESKTOP)
    guests = [Player(n, run.new_page(d)) for n, d in zip(c.names[1:], devices, strict=True)]
    code = create_room(host, url)
    run.codes.append(code)
    for guest in guests:
        join_room(guest, url, code)

    stranger = run.new_page(PHONE)
    stranger.goto(f"{url}/?join={code}")
    wait_for_app(stranger)
    form = stranger.get_by_test_id("stForm").filter(has_text="Join a room")
    form.get_by_label("Your name").fill(c.look_alike)
    form.get_by_role("button", name="Join").click()
    run.snap("home: a look-alike refused", stranger, f"looks just like {c.host}")

    players = [host, *guests]
    versus(host.page, Referee(run.server.db_path, code))
    for player, team in zip(players, ("Red", "Red", "Blue", "Blue"), strict=True):
        player.page.get_by_role("button", name=f"Join {team}").click()
        expect(player.page.get_by_role("button", name=f"Join {team}")).to_be_disabled(
            timeout=UI_TIMEOUT_MS
        )
    for captain in (host, guests[1]):
        captain.page.get_by_role("button", name="Be Captain").click()
        wait_for_app(captain.page)

    page = host.page
    page.get_by_text("Our own words").click()
    area = page.get_by_label("Your words: one per line, or separated by commas")
    area.fill(c.bad_words)
    area.press("Control+Enter")
    first_bad = c.bad_words.split(",")[0].strip()
    run.snap("lobby: the host's bad list", page, f"'{first_bad}'")
    area.fill("\n".join(c.words))
    area.press("Control+Enter")
    page.get_by_label("Save the list as").fill(c.list_name)
    page.get_by_label("Save the list as").press("Enter")
    # The toast is read as soon as it shows: a busy machine may finish the
    # run after a short toast has gone again.
    fresh(page).get_by_role("button", name="Save on this device", exact=True).click()
    run.snap("lobby: the saved list's toast", page, f"Saved as “{c.list_name}”")
    click_and_wait(page, "Play these words")
    wait_for_text(page, "This room plays your own list of 25 words.")

    names = [clean(n) for n in c.names]
    run.snap("lobby: host", page, *names)
    line = f"{isolate(clean(c.guest))} ← you"
    page_text = "document.body.innerText"
    wait_until(lambda: line in read_page(guests[0].page, page_text), line)
    run.snap("lobby: guest", guests[0].page, *names, f"Waiting for the host ({c.host})")

    seated = guests[2].page
    seated.goto(f"{url}/?room={code}")
    run.snap("home: in a room", seated, f"You are in room {code} as {c.fourth}")
    click_and_wait(seated, "Back to my room")
    expect_on(seated, "lobby")
    return players, stranger


def silent(run: Run, code: str, member: str, page: Page, text: str) -> None:
    """Make `member` look silent for a minute (their page is closed) until
    `page` shows `text`: a last poll of the closed page may still land."""
    deadline = time.monotonic() + UI_TIMEOUT_MS / 1000
    while text not in visible_text(page):
        assert time.monotonic() < deadline, f"{text!r} never showed on {page.url}"
        with Store(run.server.db_path).write() as tx:
            tx.touch(code, member, time.time() - 60)
        time.sleep(0.5)


def game(run: Run, players: list[Player], projector: Page) -> None:
    """A Versus game: a refused clue, a pause, the captain away and back, a
    marked card, the black card."""
    c, url = run.corpus, run.server.url
    host, guest, third, fourth = players
    code = room_of(host.page)
    referee = Referee(run.server.db_path, code)
    start_game(host)
    projector.goto(f"{url}/watch?watch={code}")
    wait_for_app(projector)
    first = referee.versus().starting_team
    captain, guesser = (host, guest) if first is Team.RED else (third, fourth)
    expect_on(captain.page, "captain")
    expect_on(guesser.page, "board")

    fill_clue(captain.page, c.bad_clue, 1)
    captain.page.get_by_role("button", name="Give the clue").click()
    run.snap("captain: a refused clue", captain.page, f"'{c.bad_clue}' has the sign")

    press(guesser.page, "pause")
    paused = f"Paused by {clean(guesser.name)}"
    for seat, player in zip(("host", "guest", "third", "fourth"), players, strict=True):
        run.snap(f"{seat}: paused", player.page, paused)
    run.snap("watch: paused", projector, paused)
    press(guesser.page, "pause")

    context = captain.page.context
    captain.page.close()
    away = f"{clean(captain.name)} lost connection"
    silent(run, code, referee.id_of(captain.name), guesser.page, away)
    run.snap("board: the captain away", guesser.page, away)
    run.snap("watch: the captain away", projector, away)
    captain.page = context.new_page()
    captain.page.goto(f"{url}/lobby?room={code}")
    expect_on(captain.page, "captain")

    word = referee.clue_word()
    fill_clue(captain.page, word, 1)
    captain.page.get_by_role("button", name="Give the clue").click()
    versus = referee.versus()
    own = next(i for i, k in enumerate(versus.key) if k is team_colour(first))
    card_button(guesser.page, own).click()
    wait_for_text(guesser.page, f"Open {versus.words[own].upper()}")
    card_button(guesser.page, own).hover()
    marked = f"{versus.words[own]} · {clean(guesser.name)}"
    run.snap("board: a marked card", guesser.page, marked)
    press(guesser.page, "open")
    black = versus.key.index(Colour.BLACK)
    card_button(guesser.page, black).click()
    wait_for_text(guesser.page, f"Open {versus.words[black].upper()}")
    press(guesser.page, "open")
    for seat, player in (("host", host), ("guest", guest)):
        expect_on(player.page, "results")
        run.snap(f"results: {seat}", player.page, clean(captain.name))
    run.snap("watch: results", projector, "opened the black card")


def one_device(run: Run) -> None:
    """A table on one device: a repeated name, the captain's turn, a
    refused clue on the map, guessing, the results."""
    c, url = run.corpus, run.server.url
    page = run.new_page(DESKTOP)
    page.goto(url)
    wait_for_app(page)
    page.get_by_role("button", name="Play on one device").click()
    for index, name in enumerate((*c.table, c.table[0])):
        field_ = page.get_by_label("Player name")
        field_.fill(name)
        field_.press("Enter")
        if index < len(c.table):
            seat = page.locator(f"{FRESH}.st-key-od-seat-{index}")
            expect(seat).to_have_count(1, timeout=UI_TIMEOUT_MS)
        wait_for_app(page)
    run.snap("one device: a name twice", page, f"There is already a player called {c.table[0]}")
    click_and_wait(page, "Start the game")
    wait_for_text(page, "Show the Map")
    code = room_of(page)
    run.codes.append(code)
    referee = Referee(run.server.db_path, code)
    versus = referee.versus()
    names = {m.id: m.name for m in referee.room().members}
    captain = names[versus.captains[versus.starting_team]]
    run.snap("one device: the captain's turn", page, f"Captain: {captain}.")
    click_and_wait(page, "Show the Map")
    page.get_by_label("One word").fill(c.bad_table_clue)
    page.get_by_role("radiogroup", name="How many cards").get_by_role(
        "radio", name="1", exact=True
    ).click()
    click_and_wait(page, "Give the Clue")
    run.snap("one device: a refused clue", page, f"'{c.bad_table_clue}' has the sign")
    page.get_by_label("One word").fill(referee.clue_word())
    click_and_wait(page, "Give the Clue")
    click_and_wait(page, "Start Guessing")
    black = versus.key.index(Colour.BLACK)
    page.locator(f"{FRESH}.st-key-card-{black} button:visible").first.click()
    run.snap("one device: a card selected", page, f"Open {versus.words[black].upper()}")
    press(page, "od-open")
    run.snap("one device: results", page, "opened the black card")


def play(corpus: Corpus, server: AppServer, new_page: PageFactory) -> Run:
    run = Run(corpus, server, new_page)
    players, stranger = lobby(run)
    game(run, players, stranger)
    one_device(run)
    for player in players:
        assert player.dialogs == [], (player.name, player.dialogs)
    return run


def union(run: Run, part: Callable[[Snapshot], set[str]]) -> set[str]:
    return set().union(*(part(s) for s in run.snapshots))


def test_hostile_user_text_never_becomes_markup(
    app_server: AppServer, new_page: PageFactory
) -> None:
    plain = play(PLAIN, app_server, new_page)
    hostile = play(HOSTILE, app_server, new_page)
    assert [s.where for s in plain.snapshots] == [s.where for s in hostile.snapshots]
    assert union(plain, lambda s: s.images) >= {"data:image/png;base64"}, (
        "the checks see the QR code"
    )
    assert union(plain, lambda s: s.icons), "the checks see the app's own icons"
    assert not any(s.maths or s.colours for s in plain.snapshots)

    for part in ("links", "images", "icons", "colours"):
        allowed = union(plain, lambda s, p=part: getattr(s, p))  # type: ignore[misc]
        for snap in hostile.snapshots:
            extra = getattr(snap, part) - allowed
            assert not extra, f"{snap.where}: {part} from user text: {extra}"
    for snap in hostile.snapshots:
        assert not snap.maths, f"{snap.where}: maths from user text: {snap.maths}"
        assert not snap.emphasis & MARKERS, f"{snap.where}: emphasis {snap.emphasis & MARKERS}"
        assert "\u202e" not in snap.text, f"{snap.where}: a bidi override reached the page"

"""Do players' pages follow every screen change when the server is busy?

    python benchmarks/bench_screen_changes.py [--pages 6] [--burners 4] [--rounds 4]
        [--idle 0] [--no-taps] [--game versus|together|just_one]

Starts a real `streamlit run` server on a fresh SQLite file. `--pages`
players, each in their own phone-sized Chromium context, take seats in one
room as people do (the first creates it on the home page, the others
open its join link), while `--burners` spinning processes keep the cores
busy and `--idle` more pages wait in rooms of their own (their polls load
the server as other tables do). Then it plays rounds of screen changes,
each a tap on the acting player's page (or, with `--no-taps`, an action
through the service): for Versus and Together, the start (lobby ->
captain's page or board), a clue, a wrong card that passes the turn, a
clue, the black card (-> results), Play again (-> the game), a clue, the
black card, and back to the lobby. For Just One (through the service),
each card's phases: the guesser picks, the clue givers write, they show
the clues, a wrong answer (which loses the next card too), the next card;
then the results and back to the lobby.

After each change it waits for every page to show it, and counts the
pages that did not within `--stuck` seconds: an empty page (no React root,
or a main area with nothing live in it), a disconnected page, a page with a
browser-side error, or a page still on the old screen. Such a page is
reloaded, so the next change starts from a page that works. Pages the
page's own watchdog reloaded are counted too (they healed, but they were
broken). It prints the counts, the errors seen, and the time from the
change to each page showing it (p50 / p95). It prints figures and fails
nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from bench_refresh import CHROMIUM_ARGS, run_streamlit
from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from oneword.engine import (
    BackToLobby,
    Colour,
    GiveClue,
    Mode,
    Open,
    PickTeam,
    RoomView,
    SetMode,
    Team,
)
from oneword.engine.justone.actions import Answer, NextCard, PickNumber, ShowClues, WriteClues
from oneword.engine.justone.views import JustOneGuesserView
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store
from oneword.ui.app.session import SEAT_COOKIE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from cpu_burner import cpu_burners

PHONE = {"width": 390, "height": 844}
PROBE = """() => {
    const root = document.getElementById('root');
    const main = document.querySelector('[data-testid="stMainBlockContainer"]');
    const live = main ? main.querySelectorAll(
        '[data-testid="stElementContainer"]:not([data-stale="true"])').length : 0;
    return {
        path: location.pathname.replace(/^\\/+/, ''),
        rootEmpty: !root || root.childElementCount === 0,
        live: live,
        text: main ? main.innerText : '',
    };
}"""
TAP_MS = 20_000
"""How long a tap may wait for its button (the page may still be catching up)."""
CLUES = ["ocean", "zebra", "quartz", "volcano", "pirate", "comet", "lantern", "meadow"]
TROUBLE = ("Bad delta path", "Cannot set a node", "disconnected from server")
HEALED = """() => {
    const why = sessionStorage.getItem('ow-reloaded-why');
    sessionStorage.removeItem('ow-reloaded-why');
    return why;
}"""
"""What the page's watchdog last reloaded it for (taken, so it counts once)."""


@dataclass
class Screen:
    """What one page shows, as the probe read it."""

    path: str
    root_empty: bool
    live: int
    text: str

    @property
    def empty(self) -> bool:
        return self.root_empty or self.live == 0


Expect = Callable[[Screen], bool]


@dataclass
class Watched:
    """One player's page, with what its browser reported."""

    seat: Seat
    page: Page
    problems: list[str] = field(default_factory=list)

    def listen(self) -> None:
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        self.page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if any(mark in message.text for mark in TROUBLE):
            self.problems.append(f"console: {message.text[:120]}")

    def healed(self) -> str | None:
        """Why the watchdog reloaded this page since last asked, if it did."""
        try:
            why = self.page.evaluate(HEALED)
        except PlaywrightError:
            return None
        return str(why) if why else None

    def screen(self) -> Screen | None:
        try:
            found = self.page.evaluate(PROBE)
        except Exception:
            return None
        return Screen(found["path"], found["rootEmpty"], found["live"], found["text"])


@dataclass
class Tally:
    """What the run saw, change by change."""

    changes: Counter[str] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    delays: list[float] = field(default_factory=list)


def seat_players(service: RoomService, count: int) -> list[Seat]:
    seats = [service.create_room("Host")]
    seats += [service.join(seats[0].code, f"Player {i}") for i in range(1, count)]
    for i, seat in enumerate(seats):
        service.act(seat.code, seat.token, PickTeam(team=Team.RED if i % 2 else Team.BLUE))
    return seats


def set_game(service: RoomService, host: Seat, game: str) -> None:
    """The host picks the room's game (Versus is the default)."""
    if game != Mode.VERSUS:
        service.act(host.code, host.token, SetMode(mode=Mode(game)))


def join_by_pages(service: RoomService, pages: list[Page], url: str) -> list[Seat]:
    """Seat one player per page as people do: the first creates the room on
    the home page, the others open its join link; then they pick teams."""
    seats: list[Seat] = []
    for number, page in enumerate(pages):
        page.goto(f"{url}/?join={seats[0].code}" if seats else url)
        title = "Join a room" if seats else "Create a room"
        form = page.get_by_test_id("stForm").filter(has_text=title)
        form.get_by_label("Your name").fill(f"Player {number}", timeout=60_000)
        form.get_by_role("button", name="Join" if seats else "Create room").click()
        page.wait_for_url("**/lobby?**", timeout=60_000)
        code = parse_qs(urlsplit(page.url).query)["room"][0]
        cookie = f"{SEAT_COOKIE}{code}"
        for _ in range(200):
            token = next((c["value"] for c in page.context.cookies() if c["name"] == cookie), "")
            if token:
                break
            page.wait_for_timeout(100)
        seat = service.rejoin(code, token)
        service.act(code, token, PickTeam(team=Team.RED if number % 2 else Team.BLUE))
        seats.append(seat)
    return seats


def open_idle_rooms(browser: Browser, service: RoomService, url: str, count: int) -> None:
    """`count` other rooms, each with one page waiting in its lobby: their
    polls keep the server as busy as other tables in a classroom do."""
    for _ in range(count):
        seat = service.create_room("Someone else")
        page = browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
        page.goto(f"{url}/lobby?room={seat.code}&token={seat.token}")


def on_game(screen: Screen) -> bool:
    return screen.path in ("board", "captain") and not screen.empty


def on_path(path: str) -> Expect:
    return lambda screen: screen.path == path and not screen.empty


def shows(word: str) -> Expect:
    return lambda screen: on_game(screen) and word.lower() in screen.text.lower()


def moved_on(before: set[str], paths: tuple[str, ...]) -> Expect:
    """On one of `paths`, showing something no page showed before the change."""
    return lambda screen: screen.path in paths and not screen.empty and screen.text not in before


class Table:
    """The room's players. A change is made by a tap on the acting player's
    page, as in play (or, with `--no-taps`, through the service)."""

    def __init__(self, service: RoomService, seats: list[Seat], taps: bool) -> None:
        self.service = service
        self.seats = seats
        self.taps = taps
        self.pages: dict[str, Page] = {}
        self.failed_taps: Counter[str] = Counter()
        self.clues = 0
        self.giver = seats[0]
        """Who gave the last clue: the guessers open cards by their key."""

    def views(self) -> list[tuple[Seat, RoomView]]:
        return [(seat, self.service.view(seat.code, seat.token)) for seat in self.seats]

    def tap(self, seat: Seat, tap: Callable[[Page], None], act: Callable[[], object]) -> None:
        """Tap on `seat`'s page; without a page (or taps) act through the service."""
        page = self.pages.get(seat.token)
        if not self.taps or page is None:
            act()
            return
        try:
            tap(page)
        except PlaywrightError as error:
            self.failed_taps[str(error).splitlines()[0][:100]] += 1
            act()

    def start(self) -> Expect:
        host = self.seats[0]
        self.tap(
            host,
            lambda page: page.get_by_role("button", name="Start game").click(timeout=TAP_MS),
            lambda: self.service.start_game(host.code, host.token),
        )
        return on_game

    def play_again(self) -> Expect:
        host = self.seats[0]
        self.tap(
            host,
            lambda page: page.get_by_role("button", name="Play again").click(timeout=TAP_MS),
            lambda: self.service.start_game(host.code, host.token),
        )
        return on_game

    def back_to_lobby(self) -> Expect:
        host = self.seats[0]
        self.tap(
            host,
            lambda page: page.get_by_role("button", name="Back to lobby").click(timeout=TAP_MS),
            lambda: self.service.act(host.code, host.token, BackToLobby()),
        )
        return on_path("lobby")

    def clue(self) -> Expect:
        views = self.views()
        words = {card.word.lower() for card in views[0][1].game.board}  # type: ignore[union-attr]
        free = [word for word in CLUES if word not in words]
        word = free[self.clues % len(free)]
        self.clues += 1
        seat = next(s for s, v in views if v.game and v.game.you_may.give_clue)
        self.giver = seat

        def type_clue(page: Page) -> None:
            page.get_by_label("One word").fill(word, timeout=TAP_MS)
            group = page.get_by_role("radiogroup", name="How many cards")
            group.get_by_role("radio", name="2", exact=True).click(timeout=TAP_MS)
            page.get_by_role("button", name="Give the clue").click(timeout=TAP_MS)

        self.tap(
            seat,
            type_clue,
            lambda: self.service.act(seat.code, seat.token, GiveClue(word=word, number=2)),
        )
        return shows(word)

    def open_card(self, colour: Colour) -> int:
        views = self.views()
        key = next(v.game.key for s, v in views if s is self.giver)  # type: ignore[union-attr]
        seat = next(s for s, v in views if v.game and v.game.you_may.open)
        board = views[0][1].game.board  # type: ignore[union-attr]
        card = next(i for i, c in enumerate(key) if c is colour and board[i].colour is None)

        def tap_card(page: Page) -> None:
            page.locator(f".st-key-card-{card} button:visible").click(timeout=TAP_MS)
            name = f"Open {board[card].word.upper()}"
            page.get_by_role("button", name=name, exact=True).click(timeout=TAP_MS)

        self.tap(seat, tap_card, lambda: self.service.act(seat.code, seat.token, Open(card=card)))
        return card

    def wrong_card(self) -> Expect:
        self.open_card(Colour.NEUTRAL)
        return on_game

    def black_card(self) -> Expect:
        self.open_card(Colour.BLACK)
        return on_path("results")


def round_of(
    table: Table, game: str, watched: list[Watched]
) -> list[tuple[str, Callable[[], Expect]]]:
    if game == Mode.JUST_ONE:
        return JustOneTable(table, watched).round()
    return [
        ("start", table.start),
        ("clue", table.clue),
        ("turn passes", table.wrong_card),
        ("clue", table.clue),
        ("black card", table.black_card),
        ("play again", table.play_again),
        ("clue", table.clue),
        ("black card", table.black_card),
        ("back to lobby", table.back_to_lobby),
    ]


PLAYING = ("just-one", "results")


class JustOneTable:
    """Just One's phases, acted through the service; each change is taken
    as followed when a page shows something new on the game's pages."""

    def __init__(self, table: Table, watched: list[Watched]) -> None:
        self.table = table
        self.watched = watched

    def round(self) -> list[tuple[str, Callable[[], Expect]]]:
        steps: list[tuple[str, Callable[[], Expect]]] = [("start", self.start)]
        for _ in range(7):  # 13 cards, two lost to each wrong answer but the last
            steps += [
                ("pick", self.pick),
                ("clues written", self.write),
                ("clues shown", self.show),
                ("wrong answer", self.answer),
                ("next card", self.next_card),
            ]
        return [*steps, ("back to lobby", self.table.back_to_lobby)]

    def shown(self) -> set[str]:
        """What the pages show now, before the next change is made."""
        return {screen.text for one in self.watched if (screen := one.screen())}

    def roles(self) -> tuple[Seat, list[Seat]]:
        views = self.table.views()
        guesser = next(s for s, v in views if isinstance(v.game, JustOneGuesserView))
        return guesser, [s for s in self.table.seats if s is not guesser]

    def act(self, seat: Seat, action: object) -> None:
        self.table.service.act(seat.code, seat.token, action)  # type: ignore[arg-type]

    def start(self) -> Expect:
        before, host = self.shown(), self.table.seats[0]
        self.table.service.start_game(host.code, host.token)
        return moved_on(before, ("just-one",))

    def pick(self) -> Expect:
        before, (guesser, _) = self.shown(), self.roles()
        self.act(guesser, PickNumber(number=2))
        return moved_on(before, PLAYING)

    def write(self) -> Expect:
        before, (_, givers) = self.shown(), self.roles()
        for number, giver in enumerate(givers):
            self.act(giver, WriteClues(words=[CLUES[number % len(CLUES)]]))
        return moved_on(before, PLAYING)

    def show(self) -> Expect:
        before, (_, givers) = self.shown(), self.roles()
        for giver in givers:
            self.act(giver, ShowClues())
        return moved_on(before, PLAYING)

    def answer(self) -> Expect:
        before, (guesser, _) = self.shown(), self.roles()
        self.act(guesser, Answer(word="surely-not-this"))
        return moved_on(before, PLAYING)

    def next_card(self) -> Expect:
        """After a wrong answer a clue giver moves on (after the last card,
        to the results)."""
        before, (_, givers) = self.shown(), self.roles()
        self.act(givers[0], NextCard())
        return moved_on(before, PLAYING)


def follow(watched: list[Watched], expect: Expect, stuck: float, tally: Tally, name: str) -> None:
    """Wait for every page to show the change; count and heal the ones that do not."""
    started = time.monotonic()
    waiting = {id(w): w for w in watched}
    last: dict[int, Screen | None] = {}
    before = {id(w): len(w.problems) for w in watched}
    while waiting and time.monotonic() - started < stuck:
        for key, one in list(waiting.items()):
            screen = one.screen()
            last[key] = screen
            if screen is not None and expect(screen):
                tally.delays.append(time.monotonic() - started)
                del waiting[key]
        watched[0].page.wait_for_timeout(100)
    for one in watched:
        for problem in one.problems[before[id(one)] :]:
            tally.problems[problem] += 1
        if why := one.healed():
            tally.failures[f"{name}: the watchdog reloaded the page ({why})"] += 1
    for key, one in waiting.items():
        tally.failures[f"{name}: {verdict(last.get(key), one, before[key])}"] += 1
        one.page.reload()


def verdict(screen: Screen | None, one: Watched, seen_before: int) -> str:
    new = one.problems[seen_before:]
    if screen is None:
        return "page not answering"
    if screen.root_empty:
        return "empty page (no React root)"
    if screen.live == 0:
        return "empty main area"
    if any("disconnected" in p for p in new):
        return "disconnected"
    if new:
        return "browser-side error"
    return f"still on the old screen ({screen.path})"


def run(browser: Browser, args: argparse.Namespace) -> Tally:
    tally = Tally()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "rooms.sqlite3"
        service = RoomService(Store(db))
        process, url = run_streamlit(Path(__file__).parents[1] / "streamlit_app.py", db)
        watched: list[Watched] = []
        try:
            pages = [
                browser.new_context(viewport=PHONE).new_page()  # type: ignore[arg-type]
                for _ in range(args.pages)
            ]
            if args.taps:
                seats = join_by_pages(service, pages, url)
            else:
                seats = seat_players(service, args.pages)
                for seat, page in zip(seats, pages, strict=True):
                    page.goto(f"{url}/lobby?room={seat.code}&token={seat.token}")
            set_game(service, seats[0], args.game)
            table = Table(service, seats, args.taps)
            open_idle_rooms(browser, service, url, args.idle)
            for seat, page in zip(seats, pages, strict=True):
                one = Watched(seat, page)
                one.listen()
                watched.append(one)
                table.pages[seat.token] = page
            follow(watched, on_path("lobby"), 60, Tally(), "first load")
            with cpu_burners(args.burners):
                for number in range(args.rounds):
                    for name, change in round_of(table, args.game, watched):
                        expect = change()
                        tally.changes[name] += 1
                        follow(watched, expect, args.stuck, tally, name)
                    print(f"round {number + 1}: {sum(tally.failures.values())} failed so far")
            tally.problems.update({f"tap failed: {k}": n for k, n in table.failed_taps.items()})
        finally:
            process.terminate()
            process.wait(timeout=15)
    return tally


def report(tally: Tally, pages: int) -> None:
    total = sum(tally.changes.values())
    print(f"\n{total} screen changes x {pages} pages = {total * pages} page changes")
    for name, count in tally.changes.items():
        print(f"  {name}: {count}")
    failed = sum(tally.failures.values())
    print(f"pages that did not follow: {failed}")
    for what, count in tally.failures.most_common():
        print(f"  {count:4d}  {what}")
    print("browser-side problems seen:")
    for what, count in tally.problems.most_common(8):
        print(f"  {count:4d}  {what}")
    if tally.delays:
        delays = sorted(tally.delays)
        p95 = delays[int(0.95 * (len(delays) - 1))]
        print(f"change -> page shows it: p50 {statistics.median(delays):.2f} s, p95 {p95:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pages", type=int, default=6)
    parser.add_argument("--burners", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--stuck", type=float, default=20.0)
    parser.add_argument("--idle", type=int, default=0, help="pages waiting in other rooms")
    parser.add_argument(
        "--no-taps", dest="taps", action="store_false", help="act through the service"
    )
    parser.add_argument("--game", choices=[m.value for m in Mode], default=Mode.VERSUS.value)
    args = parser.parse_args()
    with sync_playwright() as playwright:
        chromium = playwright.chromium
        browser = chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            report(run(browser, args), args.pages)
        finally:
            browser.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()

"""A page that breaks heals itself (`oneword/ui/app/watchdog.js`).

Each test breaks a live page on purpose, in one of the ways a busy server
or a tab woken from sleep breaks one: its React root emptied, a Streamlit
error about its element tree, the page showing an older run than its
poll follows, its connection to the server cut while the server still
answers. The page must set about reloading within 5 s by itself and come
back in the same seat; text being typed survives the reload.
"""

from __future__ import annotations

import re
import time

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import UI_TIMEOUT_MS, Player, create_room, token_of
from playwright.sync_api import Frame, Page, WebSocketRoute, expect

from oneword.ui.app.browser import WATCHDOG

HEAL_START_S = 5.0
"""How soon after it broke the page must set about reloading."""

BREAKS = {
    "empty root": "document.getElementById('root').replaceChildren()",
    "tree error": (
        "window.dispatchEvent(new ErrorEvent('error', "
        "{message: 'Bad delta path index 2 (should be between [0, 1])'}))"
    ),
    # What a page looks like when a run the server drew never reached it:
    # its poll follows one run while the page shows another.
    "behind": (
        "document.querySelectorAll('.ow-mark[data-drawn]')"
        ".forEach((el) => el.setAttribute('data-drawn', 'an-older-run'))"
    ),
    # A page showing only elements kept hidden from an earlier run: blank to
    # the eye, though the elements are still in the tree.
    "only hidden leftovers": (
        "document.querySelector('[data-testid=\"stMainBlockContainer\"]')"
        ".setAttribute('data-retained', 'true')"
    ),
    # A page whose elements all take no room: only the screen reader's
    # status line and the poll's marks left, nothing for the eye.
    "nothing to see": (
        "const style = document.createElement('style');"
        'style.textContent = \'[data-testid="stMainBlockContainer"] '
        '[data-testid="stElementContainer"] { display: none !important; }\';'
        "document.head.appendChild(style)"
    ),
    # A screen that lost its first elements on the way: its end without its top.
    "screen cut": (
        "document.querySelectorAll('.ow-mark[data-screen-top]').forEach((el) => el.remove())"
    ),
}


def reloaded_at(page: Page) -> float | None:
    """When the watchdog last reloaded this tab (epoch seconds), if ever."""
    try:
        value = page.evaluate("() => sessionStorage.getItem('ow-reloaded-at')")
    except Exception:
        return None  # the page is reloading right now
    return float(value) / 1000 if value else None


def break_and_wait(page: Page, how: str) -> float:
    """Break the page by `how`; return how long it took to set about reloading."""
    before = reloaded_at(page)
    broke = time.time()
    page.evaluate(f"() => {{ {BREAKS[how]} }}")
    return wait_for_reload(page, before, broke, how)


def wait_for_reload(page: Page, before: float | None, broke: float, how: str) -> float:
    """How long after `broke` the watchdog set about reloading the page."""
    deadline = broke + 20
    while time.time() < deadline:
        at = reloaded_at(page)
        if at is not None and at != before:
            return at - broke
        page.wait_for_timeout(100)
    raise AssertionError(f"the page did not reload after: {how}")


def test_a_broken_lobby_reloads_into_the_same_seat(
    app_server: AppServer, new_page: PageFactory
) -> None:
    host = Player("Ana", new_page())
    create_room(host, app_server.url)
    token = token_of(host.page)
    for how in BREAKS:
        took = break_and_wait(host.page, how)
        assert took <= HEAL_START_S, f"{how}: the reload began after {took:.1f} s"
        wait_for_app(host.page)
        expect(host.page.get_by_text("Code:")).to_be_visible(timeout=UI_TIMEOUT_MS)
        expect(host.page.get_by_text("Ana").first).to_be_visible(timeout=UI_TIMEOUT_MS)
        assert token_of(host.page) == token, f"{how}: the seat changed"
        host.page.wait_for_timeout(8500)  # the watchdog rests between reloads


def test_text_being_typed_survives_the_reload(app_server: AppServer, new_page: PageFactory) -> None:
    page = new_page()
    page.goto(app_server.url)
    wait_for_app(page)
    name = page.get_by_test_id("stForm").filter(has_text="Create a room").get_by_label("Your name")
    name.press_sequentially("Bea half typed")
    took = break_and_wait(page, "empty root")
    assert took <= HEAL_START_S
    wait_for_app(page)
    name = page.get_by_test_id("stForm").filter(has_text="Create a room").get_by_label("Your name")
    expect(name).to_have_value("Bea half typed", timeout=UI_TIMEOUT_MS)


def test_a_page_cut_off_from_its_server_reloads_into_the_same_seat(
    app_server: AppServer, new_page: PageFactory
) -> None:
    page = new_page()
    cut = {"on": False}
    sockets: list[WebSocketRoute] = []

    def connect(socket: WebSocketRoute) -> None:
        if cut["on"]:
            socket.close()  # the server is up, but this page cannot reach it
            return
        socket.connect_to_server()
        sockets.append(socket)

    def navigated(frame: Frame) -> None:
        if frame == page.main_frame:
            cut["on"] = False  # the reload gets through

    page.route_web_socket(re.compile(r".*/_stcore/stream$"), connect)
    page.on("framenavigated", navigated)
    host = Player("Cy", page)
    create_room(host, app_server.url)
    token = token_of(page)
    before = reloaded_at(page)
    cut["on"] = True
    broke = time.time()
    for socket in sockets:
        socket.close()
    took = wait_for_reload(page, before, broke, "connection cut")
    assert took <= HEAL_START_S, f"the reload began after {took:.1f} s"
    wait_for_app(page)
    assert page.evaluate("() => sessionStorage.getItem('ow-reloaded-why')") == "disconnected"
    expect(page.get_by_text("Cy").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    assert token_of(page) == token


BUSY_PAGE = """<!doctype html><html><body>
<div id="root"><div data-testid="stApp" data-test-connection-state="CONNECTED"
  data-test-script-state="notRunning">
  <div data-testid="stMainBlockContainer">{content}</div></div></div>
<script>
  // A busy server's page: its poll runs for 600 ms of every 1.1 s, so the
  // watchdog's half-second ticks meet a run at least once in each 1.1 s.
  const app = document.querySelector('[data-testid="stApp"]');
  const cycle = () => {{
    app.setAttribute("data-test-script-state", "running");
    setTimeout(() => app.setAttribute("data-test-script-state", "notRunning"), 600);
  }};
  cycle();
  setInterval(cycle, 1100);
</script>
<script>{watchdog}</script></body></html>"""
SEEN = '<div data-testid="stElementContainer" style="height:40px">Room ABCD</div>'
BUSY_BREAKS = {
    "behind": SEEN + '<span class="ow-mark" data-drawn="run-1"></span>'
    '<span class="ow-mark" data-followed="run-2"></span>',
    "blank": '<div data-testid="stElementContainer" style="height:0"></div>',
    "cut": SEEN + '<span class="ow-mark" data-screen-end="run-2"></span>',
}
HTML = "text/html"
BUSY_HEAL_S = 7.0
"""How soon the busy page must set about reloading: its clock (3 s) starts
at the first tick that falls between two runs and runs out at another such
tick, each up to about 1.5 s late here (ticks every 0.5 s, runs 0.6 s of
every 1.1 s), with room for a loaded machine's late timers. A clock that
every run cleared never runs out."""


def test_a_broken_page_heals_while_its_polls_run_most_of_the_time(
    new_page: PageFactory,
) -> None:
    """The clocks of a broken page's state count across the poll's runs
    (they are judged between them): on a busy server a clock that every
    run cleared would never run out, and the page would stay broken. One
    page per way of breaking, all open at once."""
    pages = {how: busy_page(new_page(), how) for how in sorted(BUSY_BREAKS)}
    for how, (page, opened) in pages.items():
        took = wait_for_reload(page, None, opened, how)
        assert took <= BUSY_HEAL_S, f"{how}: the reload began after {took:.1f} s"
        assert reload_reason(page) == how


def reload_reason(page: Page) -> str | None:
    """Why the watchdog reloaded `page`, asked again while it navigates."""
    for _ in range(50):
        try:
            why = page.evaluate("() => sessionStorage.getItem('ow-reloaded-why')")
            return str(why) if why is not None else None
        except Exception:
            page.wait_for_timeout(100)  # the reload is under way
    return None


def busy_page(page: Page, how: str) -> tuple[Page, float]:
    """`page` showing the busy page broken by `how`, its watchdog running,
    and when it began loading."""
    html = BUSY_PAGE.format(content=BUSY_BREAKS[how], watchdog=WATCHDOG)
    page.route("http://busy.test/", lambda route: route.fulfill(body=html, content_type=HTML))
    page.route("http://busy.test/_stcore/health", lambda route: route.fulfill(body="ok"))
    opened = time.time()
    page.goto("http://busy.test/")
    return page, opened

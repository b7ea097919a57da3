"""Names are user text (L-2, docs/design.md, "Identity and safety"): every page
shows them as plain text, never as HTML or Markdown.

Four players with hostile names play a short Versus game; in the lobby, on
the captain and board pages and on the results page, each name must show
exactly as typed, no element it spells (an <img src=x>, an <svg onload>, a
link, bold) may exist, and no dialog may open.

L-2 caps a name at 24 characters, so the two 28- and 35-character names
`<img src=x onerror=alert(1)>` and `**bold** [link](http://example.com)`
are refused at the door (checked first); the game is played with shorter
names that carry the same payloads.
"""

from __future__ import annotations

import re

from e2e_harness import DESKTOP, PHONE, AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    card_button,
    clue_banner,
    create_room,
    expect_card_open,
    expect_on,
    give_clue,
    join_room,
    open_card,
    press_open,
    select_card,
    start_game,
)
from playwright.sync_api import Page, expect

from oneword.engine import Colour, Team
from oneword.engine.models import team_colour

LONG_IMG = "<img src=x onerror=alert(1)>"
LONG_MD = "**bold** [link](http://example.com)"
LINK = "[x](http://example.com)"
SVG = "<svg onload=alert(1)>"
IMG = "<img src=x>**bold**"
MARKUP = "**bold** _it_ <b>b</b>"
NAMES = [LINK, SVG, IMG, MARKUP]


def as_read(name: str) -> re.Pattern[str]:
    """The name as a reader sees it: where the app put an invisible word
    joiner (so no link can start there), it may stand between any letters."""
    return re.compile("\u2060?".join(re.escape(ch) for ch in name))


def expect_plain(page: Page, shown: list[str]) -> None:
    """Each name in `shown` is visible as typed; no name became markup anywhere."""
    wait_for_app(page)
    for name in shown:
        expect(page.get_by_text(as_read(name)).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    expect(page.locator('img[src="x"]')).to_have_count(0)
    expect(page.locator("svg[onload]")).to_have_count(0)
    expect(page.locator('a[href^="http://example.com"]')).to_have_count(0)
    expect(page.locator("strong, b").filter(has_text=re.compile(r"^(bold|b)$"))).to_have_count(0)
    expect(page.locator("em, i").filter(has_text=re.compile(r"^it$"))).to_have_count(0)


def refused_name(page: Page, url: str, code: str, name: str) -> None:
    """A name over 24 characters is refused with a reason, and not echoed as markup."""
    page.goto(f"{url}/?join={code}")
    wait_for_app(page)
    form = page.get_by_test_id("stForm").filter(has_text="Join a room")
    form.get_by_label("Your name").fill(name)
    form.get_by_role("button", name="Join").click()
    expect(page.get_by_text("A name has at most 24 characters.")).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    expect_plain(page, [])


def test_hostile_names_show_as_plain_text(app_server: AppServer, new_page: PageFactory) -> None:
    link, svg, img, markup = (
        Player(LINK, new_page(PHONE)),
        Player(SVG, new_page(PHONE)),
        Player(IMG, new_page(DESKTOP)),  # the guessers are on desktops: a phone-wide
        Player(MARKUP, new_page(DESKTOP)),  # page draws no tooltips
    )
    players = [link, svg, img, markup]
    code = create_room(link, app_server.url)
    refused_name(img.page, app_server.url, code, LONG_IMG)
    refused_name(markup.page, app_server.url, code, LONG_MD)
    for player in players[1:]:
        join_room(player, app_server.url, code)
    referee = Referee(app_server.db_path, code)

    # Lobby: Red is LINK (captain) and IMG; Blue is SVG (captain) and MARKUP.
    for player, team in [(link, "Red"), (img, "Red"), (svg, "Blue"), (markup, "Blue")]:
        player.page.get_by_role("button", name=f"Join {team}").click()
        expect(player.page.get_by_role("button", name=f"Join {team}")).to_be_disabled(
            timeout=UI_TIMEOUT_MS
        )
    for captain in (link, svg):
        captain.page.get_by_role("button", name="Be Captain").click()
    for player in players:
        expect(player.page.get_by_text("★", exact=False)).to_have_count(2, timeout=UI_TIMEOUT_MS)
        expect_plain(player.page, NAMES)
    # The host's menu for each player is the player's line, name included.
    for name in NAMES[1:]:
        expect(link.page.get_by_role("button", name=name)).to_be_visible()
    expect(
        svg.page.get_by_text(f"Waiting for the host ({LINK}) to start the game.")
    ).to_be_visible()

    start_game(link)
    for player, page_name in [
        (link, "captain"),
        (svg, "captain"),
        (img, "board"),
        (markup, "board"),
    ]:
        expect_on(player.page, page_name)
    game = referee.versus()
    first = game.starting_team
    captain = link if first is Team.RED else svg
    guesser = img if first is Team.RED else markup
    for player in players:
        expect(
            player.page.get_by_text(f"waiting for {captain.name}'s clue", exact=False)
        ).to_be_visible(timeout=UI_TIMEOUT_MS)
        expect_plain(player.page, [captain.name])
    referee.check_pages([img.page, markup.page])

    word = referee.clue_word()
    give_clue(captain.page, word, 1)
    expect(clue_banner(guesser.page, word, 1)).to_be_visible(timeout=UI_TIMEOUT_MS)
    own = next(i for i, c in enumerate(game.key) if c is team_colour(first))
    # A tap marks the card with the guesser's name (V-5): on the card, and in its tooltip.
    select_card(guesser.page, own, game.words[own])
    expect(card_button(guesser.page, own)).to_contain_text(guesser.name, timeout=UI_TIMEOUT_MS)
    tooltip = guesser.page.get_by_test_id("stTooltipContent")
    for _ in range(10):  # a rerun redraws the card under the mouse: hover again
        guesser.page.mouse.move(0, 0)
        card_button(guesser.page, own).hover()
        try:
            expect(tooltip).to_be_visible(timeout=1_500)
            break
        except AssertionError:
            continue
    expect(tooltip).to_have_text(guesser.name)
    for player in players:
        expect_plain(player.page, [captain.name])
    press_open(guesser.page, game.words[own])
    expect_card_open(guesser.page, own)
    black = game.key.index(Colour.BLACK)
    open_card(guesser.page, black, game.words[black])

    for player in players:
        expect_on(player.page, "results")
        expect(player.page.get_by_text("opened the black card", exact=False)).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
        expect(player.page.get_by_text(f"Best clue: {word} 1 by {captain.name}")).to_be_visible()
        expect_plain(player.page, [captain.name])
    expect(svg.page.get_by_text(f"Waiting for the host ({LINK}) to play again.")).to_be_visible()
    for player in players:
        assert player.dialogs == [], (player.name, player.dialogs)

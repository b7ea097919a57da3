"""Codewords (K-2) in real browsers: four players play a whole game through
the pages. The host picks the rules, two players volunteer and become the
handlers, their colours clash and the side that plays second is drawn in
another one, a plural of a board word is refused as a clue, a single tap
opens a card, the bonus guess is taken once and declined once, and the
results page names the rules.

The test is the referee, as in the Versus test: it reads the map and the
side colours from the server's SQLite file.
"""

from __future__ import annotations

from e2e_harness import AppServer, PageFactory, wait_for_app
from play_helpers import (
    CLUE_WORDS,
    UI_TIMEOUT_MS,
    Player,
    Referee,
    _rgb,
    card_button,
    clue_banner,
    create_room,
    expect_card_open,
    expect_on,
    give_clue,
    join_room,
    on_screen,
    start_game,
    wait_until,
)
from playwright.sync_api import Locator, Page, expect

from oneword.engine import Colour, Mode, PickTeam, Team
from oneword.engine.codewords.clues import make_clue
from oneword.engine.codewords.colours import PALETTE, too_close
from oneword.engine.codewords.forms import same_family
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.errors import ClueError
from oneword.engine.models import Preset, team_colour
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

PICKS = {Team.RED: "teal", Team.BLUE: "green"}
"""Colours too close to tell apart (CIEDE2000 about 20)."""
BONUS = "You found as many cards as the number. Take one more guess?"


def _codewords(referee: Referee) -> CodewordsGame:
    game = referee.room().game
    assert isinstance(game, CodewordsGame), game
    return game


def _pick_colour(page: Page, colour: str) -> None:
    page.get_by_test_id("stSelectbox").filter(has_text="Your colour").click()
    page.get_by_role("option", name=PALETTE[colour].name, exact=True).click()


def _plural_of_a_board_word(game: CodewordsGame) -> str:
    """A board word's plural: a form of a closed card (K-2)."""
    words = {w.lower() for w in game.words}
    return next(
        f"{w}s"
        for w in game.closed_words()
        if w.isalpha() and f"{w}s".lower() not in words and same_family(f"{w}s", w, "en")
    )


def _clue(game: CodewordsGame, used: list[str]) -> str:
    """A clue word the Codewords rules accept on this board."""
    for word in CLUE_WORDS:
        if word in used:
            continue
        try:
            make_clue(word, 1, game.closed_words(), 9, "en")
        except ClueError:
            continue
        used.append(word)
        return word
    raise AssertionError("no clue word fits this board")


def _playing(referee: Referee) -> Team | None:
    turn = _codewords(referee).turn
    return turn.team if turn else None


def _closed(game: CodewordsGame, colour: Colour) -> list[int]:
    return [i for i, c in enumerate(game.key) if c is colour and not game.opened[i]]


def _tap(page: Page, index: int) -> None:
    """K-2: one tap, no Open step."""
    card_button(page, index).click()
    expect_card_open(page, index)


def _card(page: Page, index: int) -> Locator:
    """A card as a tappable button or as an HTML card, whichever the seat has."""
    return page.locator(f'.st-key-card-{index} button:visible, [data-card="{index}"]').first


def _background(page: Page, index: int) -> str:
    return str(_card(page, index).evaluate("c => getComputedStyle(c).backgroundColor"))


def test_K_2_a_whole_codewords_game_in_browsers(
    app_server: AppServer, new_page: PageFactory
) -> None:
    ana, ben, cy, dee = (Player(name, new_page()) for name in ("Ana", "Ben", "Cy", "Dee"))
    players = [ana, ben, cy, dee]
    code = create_room(ana, app_server.url)
    for player in players[1:]:
        join_room(player, app_server.url, code)
    referee = Referee(app_server.db_path, code)
    for player, team in [(ana, "Red"), (ben, "Red"), (cy, "Blue"), (dee, "Blue")]:
        player.page.get_by_role("button", name=f"Join {team}").click()
        expect(player.page.get_by_role("button", name=f"Join {team}")).to_be_disabled(
            timeout=UI_TIMEOUT_MS
        )

    # K-2 in the lobby: the host picks the rules; Ben and Dee volunteer and pick colours.
    rules = ana.page.get_by_role("radiogroup", name="Rules")
    rules.get_by_role("radio", name="Codewords").click()
    wait_until(lambda: referee.room().settings.preset is Preset.CODEWORDS, "the Codewords rules")
    for volunteer, team in [(ben, Team.RED), (dee, Team.BLUE)]:
        volunteer.page.get_by_text("I'll give the clues").click()
        wait_for_app(volunteer.page)
        _pick_colour(volunteer.page, PICKS[team])
    wait_until(
        lambda: (
            [(m.volunteer, m.colour) for m in referee.room().members]
            == [(False, None), (True, "teal"), (False, None), (True, "green")]
        ),
        "two volunteers with their colours",
    )
    settings = referee.room().settings
    assert (settings.mode, settings.preset) == (Mode.VERSUS, Preset.CODEWORDS), settings
    start_game(ana)

    # K-2: the volunteers are the handlers; the second side's clashing pick is replaced.
    for player, page_name in [(ana, "board"), (ben, "captain"), (cy, "board"), (dee, "captain")]:
        expect_on(player.page, page_name)
    game = _codewords(referee)
    ids = {referee.member_id(p.page): p for p in players}
    assert {t: ids[h] for t, h in game.captains.items()} == {Team.RED: ben, Team.BLUE: dee}
    first, second = game.starting_team, game.starting_team.other
    colours = game.side_colours
    assert colours[first] == PICKS[first]
    assert colours[second] != PICKS[second] and not too_close(colours[first], colours[second])
    handler = {Team.RED: ben, Team.BLUE: dee}
    guesser = {Team.RED: ana, Team.BLUE: cy}
    name = PALETTE[colours[first]].name
    expect(on_screen(guesser[first].page).get_by_text(f"{name} plays", exact=False)).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )

    # K-2: a board word's plural is refused as a clue.
    plural = _plural_of_a_board_word(game)
    give_clue(handler[first].page, plural, 1)
    expect(handler[first].page.get_by_text("is a form of", exact=False)).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    turn = _codewords(referee).turn
    assert turn is not None and turn.clue is None, "the plural was not taken as the clue"

    # First side: one tap opens its card; the bonus guess is declined (End turn).
    used: list[str] = []
    word = _clue(game, used)
    handler[first].page.get_by_label("One word").fill(word)  # the number 1 stays picked
    handler[first].page.get_by_role("button", name="Give the clue").click()
    page = guesser[first].page
    expect(clue_banner(page, word, 1)).to_be_visible(timeout=UI_TIMEOUT_MS)
    first_card = _closed(game, team_colour(first))[0]
    _tap(page, first_card)
    expect(page.get_by_text(BONUS)).to_be_visible(timeout=UI_TIMEOUT_MS)
    referee.check_no_secrets(page)
    page.get_by_role("button", name="No, end turn").click()
    wait_until(lambda: _playing(referee) is second, "the second side's turn")

    # Second side: one card, then the bonus guess taken: another of its cards.
    game = _codewords(referee)
    word = _clue(game, used)
    give_clue(handler[second].page, word, 1)
    page = guesser[second].page
    expect(clue_banner(page, word, 1)).to_be_visible(timeout=UI_TIMEOUT_MS)
    own = _closed(game, team_colour(second))
    _tap(page, own[0])
    expect(page.get_by_text(BONUS)).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.get_by_role("button", name="Yes, one more").click()
    expect(page.get_by_text("One more card: tap it on the board.")).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    _tap(page, own[1])
    wait_until(lambda: _playing(referee) is first, "the first side's turn again")

    # K-2, P-7: each side's open cards are drawn in its own colour, symbol kept.
    wait_for_app(page)
    for team, index in [(first, first_card), (second, own[0]), (second, own[1])]:
        assert _background(page, index) == _rgb(PALETTE[colours[team]].hex), (team, index)
        expect(_card(page, index)).to_contain_text("▲" if team is Team.RED else "●")

    # The first side opens the black card: the game ends.
    game = _codewords(referee)
    word = _clue(game, used)
    give_clue(handler[first].page, word, 1)
    page = guesser[first].page
    expect(clue_banner(page, word, 1)).to_be_visible(timeout=UI_TIMEOUT_MS)
    card_button(page, game.key.index(Colour.BLACK)).click()
    for player in players:
        expect_on(player.page, "results")
    expect(ana.page.get_by_text("Rules: Codewords")).to_be_visible(timeout=UI_TIMEOUT_MS)
    winner = PALETTE[colours[second]].name
    expect(ana.page.get_by_role("heading", name=f"{winner} wins!")).to_be_visible()


def test_K_2_a_host_alone_sets_up_codewords_with_bots_and_locks_the_sides(
    app_server: AppServer, new_page: PageFactory
) -> None:
    """Solo, as the rules tell it: the host picks Codewords and bots take the
    empty seats; the host volunteers a bot (the list says so), locks the
    sides (the host, still in the middle, goes to the smaller side) and
    deals a four-player game."""
    solo = Player("Sol", new_page())
    code = create_room(solo, app_server.url)
    referee = Referee(app_server.db_path, code)
    page = solo.page
    page.get_by_role("radiogroup", name="Rules").get_by_role("radio", name="Codewords").click()
    wait_until(lambda: len(referee.room().members) == 4 or None, "three bots in the seats")
    expect(page.get_by_text("In the middle", exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)
    bot = next(m for m in referee.room().members if m.bot)
    page.get_by_role("button", name=bot.name).first.click()
    page.get_by_role("button", name="Volunteer to give the clues").click()
    wait_until(lambda: referee.room().member(bot.id).volunteer or None, "the bot volunteers")  # type: ignore[union-attr]
    expect(page.get_by_text("(will give the clues)").first).to_be_visible(timeout=UI_TIMEOUT_MS)
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Lock the sides").click()
    wait_until(lambda: referee.room().sides_locked or None, "the sides locked")
    sizes = [sum(1 for m in referee.room().members if m.team is t) for t in (*Team, None)]
    assert sizes == [2, 2, 0], sizes
    expect(page.get_by_role("button", name="Back to picking sides")).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    start_game(solo)
    wait_until(lambda: referee.room().game is not None or None, "the deal")
    game = _codewords(referee)
    assert len(game.players) == 4 and bot.id in game.captains.values()
    expect(page.get_by_text("Code:")).to_be_hidden(timeout=UI_TIMEOUT_MS)


OWN_LIST = [
    *("pig", "lid", "barn", "fence", "tractor", "meadow", "bucket", "ladder", "saddle"),
    *("hammer", "orchard", "kettle", "lantern", "pillow", "blanket", "window", "garden"),
    *("basket", "candle", "mirror", "rabbit", "carrot", "ribbon", "button", "pocket"),
]


def test_K_2_an_own_list_in_another_language_still_refuses_a_board_words_plural(
    app_server: AppServer, new_page: PageFactory
) -> None:
    """K-2, W-5: a teacher's English list in a French room. The page's clue
    form refuses `pigs` with PIG closed and `lids` with LID closed alike:
    the forms of a host's own list are checked in every language the app
    has words in, since nobody said which language the list is in."""
    service = RoomService(Store(app_server.db_path))
    host = service.create_room("Ana", language="fr")
    seats = [host, *(service.join(host.code, name) for name in ("Ben", "Cy", "Dee"))]
    service.set_custom_words(host.code, host.token, "\n".join(OWN_LIST))
    service.set_preset(host.code, host.token, Preset.CODEWORDS)
    for seat, team in zip(seats, [Team.RED, Team.RED, Team.BLUE, Team.BLUE], strict=True):
        service.act(seat.code, seat.token, PickTeam(team=team))
    service.start_game(host.code, host.token)
    game = _codewords(Referee(app_server.db_path, host.code))
    assert game.language == "any" and {"pig", "lid"} <= set(game.closed_words())
    handler_id = game.captains[game.starting_team]
    handler = next(s for s in seats if s.member_id == handler_id)
    page = new_page()
    page.goto(f"{app_server.url}/lobby?room={handler.code}&token={handler.token}")
    wait_for_app(page)
    expect_on(page, "captain")
    for plural, card in (("pigs", "PIG"), ("lids", "LID")):
        give_clue(page, plural, 1)
        expect(page.get_by_text(f"is a form of {card}", exact=False)).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
    assert not Referee(app_server.db_path, host.code).room().game.turn.clue  # type: ignore[union-attr]

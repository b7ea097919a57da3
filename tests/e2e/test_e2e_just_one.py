"""Just One in real browsers (J-1 to J-5, P-6): four players and a watch
screen, from the lobby's game choice to the third card.

The room plays its own word list of made-up words (W-5), so the leak check
can look for the mystery word anywhere in the page's whole HTML
(`page.content()`, hidden parts included) without meeting it by chance
in Streamlit's own markup: the guesser's page and the watch screen must
not hold it until the card is over, and the check is shown to bite once
it is.
"""

from __future__ import annotations

from e2e_harness import AppServer, PageFactory, wait_for_app
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

from oneword.engine import Mode
from oneword.engine.justone.state import CardPhase, CardResult, JustOneGame
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

SYLLABLES = ["zor", "vak", "quel", "mib", "drof", "tysh", "plen", "kru"]
DECK = [f"{a}{b}{c}" for a in SYLLABLES[:5] for b in SYLLABLES[3:] for c in ("ix", "um", "ot")]
assert len(set(DECK)) >= 65


def _game(referee: Referee) -> JustOneGame:
    game = referee.room().game
    assert isinstance(game, JustOneGame), game
    return game


def _holds(page: Page, word: str) -> bool:
    return word.casefold() in page.content().casefold()


def _phase(referee: Referee) -> CardPhase | None:
    game = _game(referee)
    return game.cards[game.current].phase


def _where(referee: Referee, page: Page) -> str:
    """What the room and the page that moved on say, for a move that did
    not arrive: the card's phase and result, the page's messages and
    whether its Next card button is still there."""
    game = _game(referee)
    card = game.cards[game.current]
    alerts = page.get_by_test_id("stAlert").all_inner_texts()
    button = page.get_by_role("button", name="Next card").count()
    return f"card {card.phase}, {card.result}; messages {alerts}; Next card buttons {button}"


def _no_leak(pages: list[Page], word: str) -> None:
    for page in pages:
        wait_for_app(page)
        assert not _holds(page, word), f"{page.url} holds the mystery word {word!r}"


def test_J_a_game_in_browsers_never_shows_the_guesser_the_mystery_word(
    app_server: AppServer, new_page: PageFactory
) -> None:
    ana, ben, cy, dee = (Player(name, new_page()) for name in ("Ana", "Ben", "Cy", "Dee"))
    players = [ana, ben, cy, dee]
    code = create_room(ana, app_server.url)
    for player in players[1:]:
        join_room(player, app_server.url, code)
    referee = Referee(app_server.db_path, code)
    RoomService(Store(app_server.db_path)).set_custom_words(code, ana.token, "\n".join(DECK))
    wait_until(lambda: referee.room().settings.custom_words, "the room's own words")

    # The lobby's game choice (J); the lobby says bots do not play it.
    ana.page.get_by_role("radiogroup", name="Game").get_by_role("radio", name="Just One").click()
    wait_until(lambda: referee.room().settings.mode is Mode.JUST_ONE, "Just One picked")
    expect(ana.page.get_by_text("Bots do not play Just One", exact=False).first).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    start_game(ana)
    for player in players:
        expect_on(player.page, "just-one")
    watch = new_page()
    watch.goto(f"{app_server.url}/watch?watch={code}")
    wait_for_app(watch)
    by_id = {referee.member_id(p.page): p for p in players}

    for number, right in ((2, True), (4, False)):
        game = _game(referee)
        card = game.cards[game.current]
        guesser = by_id[card.guesser_id or ""]
        givers = [by_id[g] for g in card.givers]
        hidden = [guesser.page, watch]

        # J-2: the guesser picks without seeing the card; the givers see the word.
        expect(guesser.page.get_by_text("Pick a number")).to_be_visible(timeout=UI_TIMEOUT_MS)
        # The pointer leaves the Pause button, whose "Press P" tip would cover the numbers.
        guesser.page.mouse.move(0, 0)
        guesser.page.get_by_role("button", name=str(number), exact=True).click()
        wait_until(lambda: _phase(referee) is CardPhase.CLUES, "the clue phase")
        mystery = _game(referee).cards[_game(referee).current].mystery or ""
        for giver in givers:
            expect(giver.page.get_by_text(mystery.upper())).to_be_visible(timeout=UI_TIMEOUT_MS)
        _no_leak(hidden, mystery)

        # J-3: two clues each; the first two givers write the same clue.
        clues = [["Twin", "Alpha"], ["twin", "Beta"], ["Gamma", "Delta"]]
        for giver, words in zip(givers, clues, strict=True):
            form = giver.page.get_by_test_id("stForm")
            for field, word in zip(["Clue 1", "Clue 2"], words, strict=True):
                form.get_by_label(field).fill(word)
            form.get_by_role("button", name="Send my clues").click()
            expect(
                giver.page.get_by_text("Your clues are in", exact=False).or_(
                    giver.page.get_by_text("Compare the clues")
                )
            ).to_be_visible(timeout=UI_TIMEOUT_MS)
        wait_until(lambda: _phase(referee) is CardPhase.COMPARE, "the compare")
        _no_leak(hidden, mystery)

        # J-4: everyone is done comparing; the guesser sees the survivors.
        for giver in givers:
            done = giver.page.get_by_role("button", name="Done: show the guesser")
            expect(done).to_be_visible(timeout=UI_TIMEOUT_MS)
            done.click()
        wait_until(lambda: _phase(referee) is CardPhase.GUESS, "the guess")
        for page in hidden:
            expect(page.locator(".ow-clues")).to_contain_text("GAMMA", timeout=UI_TIMEOUT_MS)
        _no_leak(hidden, mystery)

        # J-5: one answer; the card is over and now everyone may see the word.
        form = guesser.page.get_by_test_id("stForm")
        form.get_by_label("Your answer (one try)").fill(mystery if right else "nothing")
        form.get_by_role("button", name="Answer").click()
        wait_until(lambda: _phase(referee) is CardPhase.REVEAL, "the card's end")
        expect(watch.get_by_text(mystery.upper()).first).to_be_visible(timeout=UI_TIMEOUT_MS)
        assert _holds(watch, mystery), "the check bites: the word is there once the card is over"
        # After a wrong answer the clue givers may count it as right: one of
        # them moves on, and the guesser's page says so.
        mover = guesser if right else givers[0]
        if not right:
            expect(guesser.page.get_by_text("The clue givers decide")).to_be_visible(
                timeout=UI_TIMEOUT_MS
            )
        next_card = mover.page.get_by_role("button", name="Next card")
        expect(next_card).to_be_visible(timeout=UI_TIMEOUT_MS)
        # The pointer leaves the button it last pressed: where Pause now
        # stands, its "Press P" tip would cover Next card.
        mover.page.mouse.move(0, 0)
        next_card.click()
        try:
            wait_until(lambda: _phase(referee) is CardPhase.PICK, "the next card")
        except AssertionError as late:
            raise AssertionError(f"{late}; {_where(referee, mover.page)}") from None

    # J-5: the wrong answer on card 2 took card 3 off the deck.
    game = _game(referee)
    assert [c.result for c in game.cards[:3]] == [
        CardResult.RIGHT,
        CardResult.WRONG,
        CardResult.LOST,
    ]
    assert game.current == 3
    expect(watch.get_by_text("Score 1", exact=False).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    for player in [*players]:
        assert not player.dialogs

"""Together in real browsers: two players, one per side, play all 9 turns
(T-3, T-4, T-5, T-6, T-7, T-8) into the Final Round (F-1, F-2, F-3) and on to a result.

Each player's page must hold their own side's map and never the other
side's (T-2): `Referee.check_no_secrets` checks both pages at every step,
and `check_map_colours` checks that the map is drawn (each card's computed
border and background), for the clue giver and the guesser alike. Cards
already known to be neutral on the clue giver's map are marked on the
guesser's board, and opening one is still refused (T-5).
"""

from __future__ import annotations

import re

from e2e_harness import DESKTOP, PHONE, AppServer, PageFactory, wait_for_app
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    card_styles,
    check_faded,
    check_map_colours,
    clue_banner,
    create_room,
    end_turn,
    expect_card_open,
    expect_on,
    give_clue,
    join_room,
    open_card,
    press_open,
    revealed_labels,
    select_card,
    start_game,
    wait_until,
)
from playwright.sync_api import Page, expect

from oneword.engine import Colour, Team
from oneword.engine.together.state import TogetherGame
from oneword.ui.symbols import team_badge

TURNS = 9
KNOWN_NEUTRAL = "⊘"
"""The mark on a card already neutral on the clue giver's map."""


def _pick(
    game: TogetherGame, side_map: list[Colour], colour: Colour, side: Team | None = None
) -> int:
    """A closed card of `colour` on `side_map` (not already known neutral for `side`)."""
    return next(
        i
        for i, c in enumerate(side_map)
        if c is colour and not game.found[i] and (side is None or side not in game.neutral_for[i])
    )


def _check_maps(by_side: dict[Team, Page], referee: Referee) -> None:
    """Both players' pages draw their own side's map (T-2)."""
    game = referee.together()
    for side, page in by_side.items():
        check_map_colours(page, game.keys[side], game.found)


def _check_known_neutral(page: Page, referee: Referee, side: Team) -> list[int]:
    """T-5: the guesser's board marks exactly the closed cards known to be
    neutral on `side`'s map (the clue giver's); returns them."""
    game = referee.together()
    known = [i for i in range(25) if side in game.neutral_for[i] and not game.found[i]]
    marked = [i for i, s in enumerate(card_styles(page)) if s and KNOWN_NEUTRAL in s["text"]]
    assert marked == known, f"marked {marked}, known neutral for {side}: {known}"
    if known:
        expect(page.get_by_text(f"{KNOWN_NEUTRAL} neutral on {side.label}'s map")).to_be_visible()
    return known


def test_together_nine_turns_then_final_round(app_server: AppServer, new_page: PageFactory) -> None:
    ola, pim = Player("Ola", new_page(DESKTOP)), Player("Pim", new_page(PHONE))
    players = [ola, pim]
    code = create_room(ola, app_server.url)
    join_room(pim, app_server.url, code)
    referee = Referee(app_server.db_path, code)

    # The host picks Together (G-4: two players can only play Together).
    game_type = ola.page.get_by_role("radiogroup", name="Game type")
    game_type.get_by_role("radio", name="Together", exact=False).click()
    expect(ola.page.get_by_role("radiogroup", name="Together turns")).to_be_visible(
        timeout=UI_TIMEOUT_MS
    )
    expect(pim.page.get_by_text("Game: Together", exact=False)).to_be_visible(timeout=UI_TIMEOUT_MS)
    start_game(ola)
    wait_until(lambda: referee.room().game is not None, "the game to start")
    by_id = {referee.member_id(p.page): p for p in players}
    side_of = {p.name: referee.together().player(i).team for i, p in by_id.items()}
    by_side = {side_of[p.name]: p.page for p in players}

    used: list[str] = []
    refused = False
    for turn in range(1, TURNS + 1):
        game = referee.together()
        assert game.turns_used == turn - 1 and not game.final_round and game.turn is not None
        side = game.turn.team
        giver = by_id[game.turn.giver_id or ""]
        guesser = pim if giver is ola else ola
        expect_on(giver.page, "captain")
        expect(giver.page.get_by_label("One word")).to_be_visible(timeout=UI_TIMEOUT_MS)
        expect_on(guesser.page, "board")
        expect(guesser.page.get_by_text(f"turn {turn} of {TURNS}", exact=False)).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
        referee.check_pages([giver.page, guesser.page])
        _check_maps(by_side, referee)

        word = referee.clue_word(used)
        used.append(word)
        give_clue(giver.page, word, 1)
        expect(clue_banner(guesser.page, word, 1)).to_be_visible(timeout=UI_TIMEOUT_MS)
        wait_for_app(guesser.page)  # the banner comes first: let the card buttons follow
        expect_on(giver.page, "board")  # the clue is given: the giver watches the board
        reports = referee.check_pages([giver.page, guesser.page])
        assert reports[1].buttons == 25 and reports[1].card_rules == 25, reports
        _check_maps(by_side, referee)
        known = _check_known_neutral(guesser.page, referee, side)
        if known and not refused:
            # Marked, and still refused if opened: the turn goes on.
            select_card(guesser.page, known[0], game.words[known[0]])
            press_open(guesser.page, game.words[known[0]])
            expect(
                guesser.page.get_by_text(
                    f"{game.words[known[0]].upper()} is neutral on {side.label}'s map"
                )
            ).to_be_visible(timeout=UI_TIMEOUT_MS)
            assert not referee.together().found[known[0]]
            refused = True

        giver_map = game.keys[side]
        if turn <= 2:
            # A green card on the giver's map: found for everyone, then End turn (T-5, T-6).
            card = _pick(game, giver_map, Colour.GREEN)
            open_card(guesser.page, card, game.words[card])
            expect_card_open(guesser.page, card)
            referee.check_pages([giver.page, guesser.page])
            end_turn(guesser.page)
        else:
            # A neutral card on the giver's map ends the turn; it stays closed (T-5).
            card = _pick(game, giver_map, Colour.NEUTRAL, side)
            open_card(guesser.page, card, game.words[card])
        wait_until(lambda t=turn: referee.together().turns_used == t, f"turn {turn} to end")

    assert refused, "no turn had a card known to be neutral"

    # The Final Round (F-1, F-2): no clues; any player opens a card, after a confirm.
    game = referee.together()
    assert game.final_round and game.turn is None
    for player in players:
        expect_on(player.page, "board")
        expect(player.page.get_by_role("heading", name=re.compile("Final Round"))).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
        wait_for_app(player.page)
    referee.check_pages([ola.page, pim.page])
    _check_maps(by_side, referee)

    # F-3: Ola's card is checked against the other side's map. A green one is found.
    ola_seat = game.player(referee.member_id(ola.page))
    assert ola_seat is not None
    ola_side = ola_seat.team
    good = _pick(game, game.keys[ola_side.other], Colour.GREEN)
    select_card(ola.page, good, game.words[good], confirm="Yes, open")
    expect(
        ola.page.get_by_text(
            f"Final Round: if {game.words[good].upper()} is not green on the other side's map"
        )
    ).to_be_visible()
    referee.check_pages([ola.page, pim.page])
    press_open(ola.page, game.words[good], confirm="Yes, open")
    expect_card_open(ola.page, good)
    expect_card_open(pim.page, good)
    referee.check_pages([ola.page, pim.page])

    # Pim opens a card that is not green on the other side's map: everyone loses.
    game = referee.together()
    pim_map = game.keys[ola_side]
    bad = next(i for i, c in enumerate(pim_map) if c is not Colour.GREEN and not game.found[i])
    select_card(pim.page, bad, game.words[bad], confirm="Yes, open")
    press_open(pim.page, game.words[bad], confirm="Yes, open")

    wait_until(lambda: referee.together().outcome, "the game to end")
    game = referee.together()
    assert game.outcome is not None and game.outcome.result == "loss"
    message = (
        f"Turns ran out and {game.words[bad].upper()} was a wrong card in the Final Round: "
        "everyone loses."
    )
    for player in players:
        page = player.page
        expect_on(page, "results")
        expect(page.get_by_role("heading", name="Everyone loses", exact=True)).to_be_visible(
            timeout=UI_TIMEOUT_MS
        )
        expect(page.get_by_text(message)).to_be_visible()
        for side in game.keys:
            expect(page.get_by_text(f"{team_badge(side)} side's map")).to_be_visible()
        # A name's notes after "; " (neutral for a side) are checked in
        # tests/ui/test_card_names.py; here, each card's word and colour.
        opened = [f or i == game.fatal_card for i, f in enumerate(game.found)]
        expected = [
            label
            for side_map in game.keys.values()
            for label in revealed_labels(game.words, side_map, opened)
        ]
        # Both maps drawn (a busy server sends the second a moment later).
        expect(page.locator("[data-card]")).to_have_count(len(expected), timeout=UI_TIMEOUT_MS)
        labels = page.locator("[data-card]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label').split('; ')[0])"
        )
        assert labels == expected
        check_faded(page, opened)
        first = game.log[0]
        assert first.clue is not None
        best = f"Best clue: {first.clue.word} 1 by {first.giver_name}"
        expect(page.get_by_text(best)).to_be_visible()
        for entry in game.log[:TURNS]:
            assert entry.clue is not None and entry.team is not None
            line = (
                f"{entry.turn}. {team_badge(entry.team)} · {entry.giver_name}: {entry.clue.word} 1"
            )
            expect(page.get_by_text(line)).to_be_visible()
        assert player.dialogs == []

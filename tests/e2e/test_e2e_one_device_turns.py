"""One device, turn after turn (O-2, O-3): every turn start shows the
captain's name and a Show the Map button that can be tapped, on a phone and
on a projector, however the last turn ended.

Each turn here gives a clue, starts the guessing, opens one of the team's
own cards and ends the turn, so the screen goes through every step of a
turn; a finished game is followed by New Game (Same Teams). Twenty turns
play one game to its end (a team's last card, at the latest on turn 17)
and go on into the next; `ONEWORD_OD_TURNS` plays more.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import pytest
from e2e_harness import PHONE, AppServer, PageFactory
from playwright.sync_api import Page, ViewportSize, expect
from test_e2e_one_device import PROJECTOR, Table, closed_of, give_clue, set_up

from oneword.engine.models import team_colour
from oneword.engine.versus.state import VersusGame

TURNS = int(os.environ.get("ONEWORD_OD_TURNS", "20"))
TIMEOUT_MS = 10_000


def visible_button(page: Page, name: str) -> None:
    """The button is on screen: not hidden in a container kept from an
    earlier run of the page."""
    expect(page.get_by_role("button", name=name, exact=True)).to_be_visible(timeout=TIMEOUT_MS)


def tap(page: Page, name: str) -> None:
    visible_button(page, name)
    page.get_by_role("button", name=name, exact=True).click()


def play_turn(page: Page, table: Table, used: list[str]) -> None:
    game = table.game()
    assert game.turn is not None
    tap(page, "Show the Map")
    visible_button(page, "Give the Clue")
    give_clue(page, _clue(len(used)), 1)
    used.append(_clue(len(used)))
    tap(page, "Start Guessing")
    card = closed_of(table.game(), team_colour(game.turn.team))[0]
    page.locator(f".st-key-card-{card} button").click()
    word = game.words[card].upper()
    tap(page, f"Open {word}")
    if wait_for(table, lambda g: g.opened[card]).over:
        return
    expect(page.get_by_role("button", name="End Turn", exact=True)).to_be_enabled(
        timeout=TIMEOUT_MS
    )
    tap(page, "End Turn")
    wait_for(table, lambda g: g.turn is not None and g.turn.number != game.turn.number)  # type: ignore[union-attr]


def wait_for(table: Table, done: Callable[[VersusGame], bool]) -> VersusGame:
    """The room's game once `done` holds (a tap's write may still be on its way)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not done(game := table.game()):
        assert time.monotonic() < deadline, "the room did not change"
        time.sleep(0.05)
    return game


def _clue(n: int) -> str:
    """A clue no board holds: "qz" and two letters."""
    return "qz" + chr(97 + n % 26) + chr(97 + n // 26 % 26)


@pytest.mark.parametrize("size", [PHONE, PROJECTOR], ids=["phone", "projector"])
def test_O2_every_turn_start_shows_the_map_button(
    app_server: AppServer, new_page: PageFactory, size: ViewportSize
) -> None:
    page = new_page(size)
    set_up(page, app_server.url, ["Ana", "Bo", "Cy", "Di"])
    tap(page, "Start the game")
    visible_button(page, "Show the Map")
    table = Table(app_server, page)
    used: list[str] = []
    for _ in range(TURNS):
        game = table.game()
        if game.over:
            tap(page, "New Game (Same Teams)")
            game = wait_for(table, lambda g: not g.over)
        assert game.turn is not None
        captain = table.names()[game.captains[game.turn.team]]
        expect(page.get_by_text(f"Captain: {captain}.")).to_be_visible(timeout=TIMEOUT_MS)
        visible_button(page, "Show the Map")
        play_turn(page, table, used)

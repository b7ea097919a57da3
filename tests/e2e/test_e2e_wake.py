"""A tap reaches the room's other pages on the same server at once, not on
their next poll (docs/design.md, "Waking a room's other pages at once").

The pages here are held open over Streamlit's websocket by `stream_client.Tab`,
whose polling timers never fire: a page that draws the change at all was
woken by the server. A page of another room is not woken, and a closed
page does not stop the others from being woken.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from e2e_harness import AppServer, device_address
from stream_client import Tab

from oneword.config import POLL_EVERY
from oneword.engine import PickTeam, Team
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

PAUSED = "every timer has stopped"
"""What a page of a paused game says (game_info)."""
PACE_TRIES = 6
WAKE_WITHIN = 15.0
"""Seconds a woken page may take to draw the change on a busy machine; a
page that is not woken never draws it (its timer never fires)."""


def _game(service: RoomService, players: int) -> list[Seat]:
    """A Versus game under way with `players` seats, the host first."""
    host = service.create_room("Host")
    seats = [host] + [service.join(host.code, f"Player {i}") for i in range(1, players)]
    for i, seat in enumerate(seats):
        service.act(seat.code, seat.token, PickTeam(team=Team.RED if i % 2 else Team.BLUE))
    service.start_game(host.code, host.token)
    return seats


def _tab(app_server: AppServer, seat: Seat, number: int) -> Tab:
    headers = {"Cookie": f"oneword_seat_{seat.code}={seat.token}", **device_address(number)}
    return Tab(app_server.url, "board", f"room={seat.code}", headers)


def _drawn(tab: Tab) -> bool:
    return bool(tab.poll_fragment and tab.finished and "Pause" in tab.buttons)


def _open(app_server: AppServer, seats: list[Seat], first: int) -> list[Tab]:
    """The seats' pages, drawn, on a server keeping its normal pace. A
    server that is behind (a slower pace, told to every new page) wakes no
    page by design, so the test waits for the pace to come back, as it
    does once the server's other work eases."""
    for _ in range(PACE_TRIES):
        tabs = [_tab(app_server, seat, first + i) for i, seat in enumerate(seats)]
        for tab in tabs:
            assert tab.wait_for(_drawn, 60), f"a page never finished drawing: {tab.buttons}"
        if all(tab.poll_every <= POLL_EVERY for tab in tabs):
            return tabs
        for tab in tabs:
            tab.close()
        time.sleep(5.0)
    pytest.fail(f"the server stayed behind its pace: pages poll every {tabs[0].poll_every} s")


@pytest.fixture
def service(app_server: AppServer) -> RoomService:
    return RoomService(Store(app_server.db_path))


@pytest.fixture
def tabs() -> Iterator[list[Tab]]:
    opened: list[Tab] = []
    yield opened
    for tab in opened:
        tab.close()


def test_a_tap_wakes_the_rooms_other_pages(
    app_server: AppServer, service: RoomService, tabs: list[Tab]
) -> None:
    """X-1: the host's Pause reaches every other page of the room without a poll."""
    seats = _game(service, 4)
    elsewhere = _game(service, 2)[1]
    tabs += _open(app_server, [*seats, elsewhere], 900)
    time.sleep(1.0)  # the pages' first runs are over
    host, others, other_room = tabs[0], tabs[1:-1], tabs[-1]
    tapped = time.monotonic()
    host.click("Pause")
    for tab in others:
        assert tab.wait_for(lambda t: PAUSED in t.text_since(tapped), WAKE_WITHIN), (
            "a page of the room did not draw the pause without polling"
        )
    time.sleep(1.0)
    assert PAUSED not in other_room.text_since(tapped), "another room's page drew the pause"


def test_a_closed_page_does_not_keep_the_others_from_being_woken(
    app_server: AppServer, service: RoomService, tabs: list[Tab]
) -> None:
    """A closed page of the room is skipped (its session is gone) and the
    pages still open are woken."""
    seats = _game(service, 3)
    tabs += _open(app_server, seats, 950)
    time.sleep(1.0)
    tabs[2].close()
    time.sleep(0.5)
    tapped = time.monotonic()
    tabs[0].click("Pause")
    assert tabs[1].wait_for(lambda t: PAUSED in t.text_since(tapped), WAKE_WITHIN)

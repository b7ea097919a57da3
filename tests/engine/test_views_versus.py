"""V-3: only captains see the map; everyone sees it once the game ends.

Every view is checked as JSON, the way a page would receive it, and also by
non-interference: shuffling the colours of the closed cards must not change
anything a guesser, a spectator or a late joiner sees.
"""

from __future__ import annotations

import json

from versus_helpers import (
    LATE,
    Table,
    assert_map_hidden,
    join_late,
    with_closed_colours_swapped,
)

from oneword.engine import INFINITY, Disconnect, Leave, Mark, Reconnect, Team, view_for
from oneword.engine.models import Colour
from oneword.engine.versus.views import (
    VersusCaptainView,
    VersusFinishedView,
    VersusGuesserView,
    VersusSpectatorView,
)

PLAYERS = ("r1", "r2", "r3", "b1", "b2", "b3")


def check_every_seat(table: Table) -> None:
    """Captains get the map; every other seat gets no closed colour."""
    room, game = table.room, table.game
    swapped = with_closed_colours_swapped(room)
    assert swapped.game != game or all(game.opened)
    seats = [m.id for m in room.members] + [None]
    for member in seats:
        view = view_for(room, member)
        if member in game.captains.values():
            assert isinstance(view.game, VersusCaptainView)
            assert view.game.key == game.key
            continue
        assert_map_hidden(view, game)
        assert view_for(swapped, member) == view, f"{member}'s view depends on closed colours"


def test_V3_captains_see_the_map() -> None:
    table = Table.versus(Team.RED)
    for captain in ("r1", "b1"):
        view = table.view(captain).game
        assert isinstance(view, VersusCaptainView)
        assert view.seat == "captain"
        assert view.key == table.game.key


def test_V3_guessers_spectators_and_late_joiners_see_no_closed_colour() -> None:
    table = Table.versus(Team.RED)
    table.room = join_late(table.room, table.now)
    assert isinstance(table.view("r2").game, VersusGuesserView)
    assert isinstance(table.view("b2").game, VersusGuesserView)
    assert isinstance(table.view(None).game, VersusSpectatorView)
    assert isinstance(table.view(LATE).game, VersusSpectatorView)
    check_every_seat(table)


def test_V3_open_cards_show_their_colour_to_everyone() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", 2)
    red = table.open_colour(Colour.RED)
    neutral = table.open_colour(Colour.NEUTRAL)
    for member in (*PLAYERS, None):
        board = table.seen(member).board
        assert board[red].colour is Colour.RED
        assert board[neutral].colour is Colour.NEUTRAL
    check_every_seat(table)


def test_V3_no_leak_in_any_phase_of_a_game() -> None:
    table = Table.versus(Team.RED)
    table.room = join_late(table.room, table.now)
    check_every_seat(table)  # before the clue
    table.clue("zebra", 2)
    table.act(Mark(by="r2", card=table.closed(Colour.BLACK)[0]))
    table.act(Mark(by="r3", card=table.closed(Colour.NEUTRAL)[0]))
    check_every_seat(table)  # marks on the black and a neutral card
    table.open_colour(Colour.RED)
    check_every_seat(table)
    table.open_colour(Colour.BLUE)  # Blue's turn
    check_every_seat(table)
    table.wait(121)  # Blue's clue timer runs out
    assert table.team is Team.RED
    check_every_seat(table)
    table.act(Disconnect(by="r1"))
    table.wait(60)  # r2 takes over as captain
    assert table.captain(Team.RED) == "r2"
    check_every_seat(table)
    table.act(Reconnect(by="r1"))
    table.act(Leave(by="b3"))
    check_every_seat(table)


def test_V3_replaced_captain_loses_the_map_view() -> None:
    table = Table.versus(Team.RED)
    table.act(Disconnect(by="r1"))
    table.wait(60)
    table.act(Reconnect(by="r1"))
    assert isinstance(table.view("r1").game, VersusGuesserView)
    assert isinstance(table.view("r2").game, VersusCaptainView)
    check_every_seat(table)


def test_V3_a_player_who_left_watches_without_the_map() -> None:
    table = Table.versus(Team.RED, red=4)
    table.act(Leave(by="r2"))
    view = table.view("r2")
    assert view.you is None
    assert isinstance(view.game, VersusSpectatorView)
    assert_map_hidden(view, table.game)


def test_V3_map_is_shown_to_everyone_when_the_game_ends() -> None:
    table = Table.versus(Team.RED)
    table.room = join_late(table.room, table.now)
    table.clue("zebra", 1)
    table.open_colour(Colour.BLACK)
    for member in (*PLAYERS, LATE, None):
        view = table.view(member).game
        assert isinstance(view, VersusFinishedView)
        assert view.key == table.game.key
        outcome = table.game.outcome
        assert view.outcome is not None and outcome is not None
        assert (view.outcome.ending, view.outcome.winner) == (outcome.ending, outcome.winner)
    assert table.seen("r1").seat == "captain"
    assert table.seen("r2").seat == "guesser"
    assert table.seen(LATE).seat == "spectator"


def test_V3_views_carry_no_marks_once_the_game_is_over() -> None:
    table = Table.versus(Team.RED)
    table.clue("zebra", INFINITY)
    table.act(Mark(by="r2", card=table.closed(Colour.NEUTRAL)[0]))
    for _ in range(9):
        table.open_colour(Colour.RED)
    assert table.game.outcome is not None
    for member in (*PLAYERS, None):
        data = json.loads(table.view(member).model_dump_json())
        assert all(card["marked_by"] == [] for card in data["game"]["board"])


def test_V3_guesser_view_json_has_no_map_field() -> None:
    table = Table.versus(Team.RED)
    data = json.loads(table.view("r2").model_dump_json())
    assert "key" not in data["game"]
    assert set(data["game"]["board"][0]) == {"index", "word", "colour", "neutral_for", "marked_by"}
    assert "key" in json.loads(table.view("r1").model_dump_json())["game"]

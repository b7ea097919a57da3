"""Each player lands on the page for their seat and the game's phase.

Pages call `enter_room("board")`: it loads the player's view, sends them
to the right page if this is not it, starts polling, and returns the view.
"""

from __future__ import annotations

from typing import Literal, NoReturn

import streamlit as st

from oneword.engine import Refusal, RoomView
from oneword.service import StorageError

from .refresh import follow_room, mark_seen, wait_for_storage
from .session import Identity, forget, identity, service

PageName = Literal["home", "lobby", "captain", "board", "results", "watch", "one_device"]
PAGE_FILES: dict[PageName, str] = {
    "home": "pages/home.py",
    "lobby": "pages/lobby.py",
    "captain": "pages/captain.py",
    "board": "pages/board.py",
    "results": "pages/results.py",
    "watch": "pages/watch.py",
    "one_device": "pages/one_device.py",
}


def page_for(view: RoomView) -> PageName:
    """Lobby, results, the captain's page or the board, from the view."""
    game = view.game
    if view.you is None:
        return "home"
    if view.settings.one_device:
        return "one_device"
    if game is None:
        return "lobby"
    if game.outcome is not None:
        return "results"
    if game.seat == "captain" or game.you_may.give_clue:
        return "captain"
    return "board"


def go(page: PageName, ident: Identity | None = None) -> NoReturn:
    st.switch_page(PAGE_FILES[page], query_params=ident.query() if ident else None)


def enter_room(this_page: PageName) -> tuple[Identity, RoomView]:
    """The player's identity and view, or a redirect to where they belong."""
    ident = identity()
    if ident is None:
        go("home")
    try:
        entry = service().enter(ident.code, ident.token)
    except StorageError as problem:
        wait_for_storage(problem)
    except Refusal as refusal:
        forget()
        st.session_state["home_message"] = refusal.message
        go("home")
    view = entry.view
    target = page_for(view)
    if target != this_page:
        go(target, ident)
    mark_seen(entry.version)
    follow_room(ident.code, ident.token)
    return ident, view

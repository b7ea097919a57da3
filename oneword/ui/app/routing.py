"""Each player lands on the page for their seat and the game's phase.

A room's page is `room_page("board", board.show)`: it gets the player's
seat and view in one service call (reusing the view it kept while the
room has not changed), sends them to the right page if this is not it,
starts polling, and draws the screen in a fragment of its own, which a
change in the room redraws alone while the player stays on this page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

import streamlit as st

from oneword.engine import Refusal, RoomView
from oneword.engine.justone.views import JustOneView
from oneword.service import RoomEntry, StorageError
from oneword.ui.app import sandbox
from oneword.ui.app.pages import PageName, page
from oneword.ui.app.refresh import SCREEN, Drawn, follow, screen_mark, wait_for_storage
from oneword.ui.app.safety_net import page_failed
from oneword.ui.app.session import (
    Identity,
    client,
    forget,
    identity,
    keep_entry,
    kept_entry,
    room_code,
    service,
)
from oneword.ui.profile_identity import current_profile, profile_key

_WATCHED = "watched_code"
_TITLE_SYNCED = "title_synced"


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
    if isinstance(game, JustOneView):
        return "just_one"
    if game.seat == "captain" or game.you_may.give_clue:
        return "captain"
    return "board"


def go(target: PageName, ident: Identity | None = None, **query: str) -> NoReturn:
    """Switch to `target`, carrying the seat (and any `query`) in its URL."""
    if sandbox.active():
        # The gallery stays where it is: a page switch would leave the entry.
        st.rerun()
    params = {**(ident.query() if ident else {}), **query}
    st.switch_page(page(target), query_params=params or None)


Screen = Callable[[Identity, RoomView], None]
"""A page's layout: draws the room as this seat sees it."""


def room_page(this_page: PageName, draw: Screen) -> None:
    """A room's page: the polling fragment, then the screen (`draw`) in a
    fragment that the poll reruns alone when the room changed and the
    player belongs on this page still (docs/design.md, "Refresh and the
    database")."""
    ident, entry = seat_entry(this_page)
    drawn = follow(ident.code, ident.token, entry, stays=lambda view: page_for(view) == this_page)
    _screen(this_page, draw, ident, drawn)


@st.fragment(key=SCREEN)
def _screen(this_page: PageName, draw: Screen, ident: Identity, drawn: Drawn) -> None:
    """The page's screen. In the page's own run it draws the entry just
    read; in a run of its own (a poll saw a change, or a click in it) it
    reads the seat's entry again, kept by whoever changed it, and moves
    the player on if the game sent them elsewhere."""
    try:
        if drawn.screen_runs:
            ident, entry = seat_entry(this_page)
            drawn.moved_to(entry)
        drawn.screen_runs += 1
        run = f"{drawn.mark}-{drawn.screen_runs}"
        screen_mark("top", run)
        draw(ident, drawn.entry.view)
        screen_mark("end", run)
    except Exception:
        page_failed(this_page)


def enter_room(this_page: PageName) -> tuple[Identity, RoomView]:
    """The player's identity and view, or a redirect to where they belong;
    polling started. For a page that draws itself in full on every change."""
    ident, entry = seat_entry(this_page)
    follow(ident.code, ident.token, entry)
    return ident, entry.view


def seat_entry(this_page: PageName) -> tuple[Identity, RoomEntry]:
    """The player's identity and entry, or a redirect to where they belong."""
    ident = identity()
    if ident is None:
        # A room's page opened in a browser with no seat there: the join form.
        code = room_code(st.query_params.get("room"))
        if code:
            go("home", join=code)
        go("home")
    try:
        entry = service().enter(ident.code, ident.token, known=kept_entry(ident.code, ident.token))
    except StorageError as problem:
        wait_for_storage(problem)
    except Refusal as refusal:
        forget()
        st.session_state["home_message"] = refusal.message
        go("home")
    entry = with_current_title(ident, entry)
    keep_entry(ident.code, ident.token, entry)
    target = page_for(entry.view)
    if target != this_page:
        go(target, ident)
    return ident, entry


def with_current_title(ident: Identity, entry: RoomEntry) -> RoomEntry:
    """PR-3: the seat shows the title its profile shows now, though it was
    picked after joining. The profile is the one this tab keeps (read once,
    and again after the Profile page changed it), so a page's run reads
    nothing more; the room is asked only when that title is not the one
    last asked for in this room. A title picked in another tab reaches the
    room when its page is opened again there. A room that cannot be asked
    now keeps the title it has."""
    key = profile_key()
    if key is None:
        return entry
    try:
        profile = current_profile()
        mark = (ident.code, ident.token, key, profile.title if profile else None)
        if profile is None or st.session_state.get(_TITLE_SYNCED) == mark:
            return entry
        synced = service().sync_title(ident.code, ident.token, key)
    except (StorageError, Refusal):
        return entry
    st.session_state[_TITLE_SYNCED] = mark
    return synced or entry


def enter_watch(typed: str) -> tuple[str, RoomEntry]:
    """The watch page's room code and entry, or home with the reason.

    A code this tab has not watched yet is looked up first with the
    client counted (L-8), so the watch form cannot be used to try codes in
    bulk; polls of a room already found are not counted.
    """
    code = room_code(typed) or typed
    try:
        if st.session_state.get(_WATCHED) != typed:
            service().view(typed, None, client=client())
            st.session_state[_WATCHED] = typed
        entry = service().enter(typed, None, known=kept_entry(code, None))
    except StorageError as problem:
        wait_for_storage(problem)
    except Refusal as refusal:
        st.session_state["home_message"] = refusal.message
        go("home")
    keep_entry(code, None, entry)
    return code, entry

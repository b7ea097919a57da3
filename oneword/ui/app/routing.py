"""Each player lands on the page for their seat and the game's phase.

Pages call `enter_room("board")`: it gets the player's seat and view in
one service call (reusing the view it kept while the room has not
changed), sends them to the right page if this is not it, starts polling,
and returns the view.
"""

from __future__ import annotations

from typing import NoReturn

import streamlit as st

from oneword.engine import Refusal, RoomView
from oneword.engine.justone.views import JustOneView
from oneword.service import RoomEntry, StorageError
from oneword.ui.app import sandbox
from oneword.ui.app.pages import PageName, page
from oneword.ui.app.refresh import follow, wait_for_storage
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


def enter_room(this_page: PageName) -> tuple[Identity, RoomView]:
    """The player's identity and view, or a redirect to where they belong."""
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
    view = entry.view
    target = page_for(view)
    if target != this_page:
        go(target, ident)
    follow(ident.code, ident.token, entry)
    return ident, view


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

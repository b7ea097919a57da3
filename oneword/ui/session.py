"""Who this browser is, and what it last drew.

The URL carries `?room=CODE&token=...` so that a reload or a reopened link
returns the player to their seat (L-3); the pair is cached in the session
so a page switch that drops the query string keeps it.

The session also keeps the last `RoomEntry` (view and room version) the
seat drew or its own action returned. The next run reuses it while the
room is still at that version, so a click reads the room once (in the
action's transaction), not again to draw the result. Pages never change a
view they are given, so a kept one is as good as a fresh one.

The service is one per server process, made when first asked for: it opens
a new SQLite connection per call, so it is safe to share between
Streamlit's threads.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from oneword.config import database_path
from oneword.service import RoomEntry, RoomService
from oneword.store import Store
from oneword.word_lists import WordListService

_ENTRY = "room_entry"


@dataclass(frozen=True)
class Identity:
    code: str
    token: str

    def query(self) -> dict[str, str]:
        return {"room": self.code, "token": self.token}


@st.cache_resource
def service() -> RoomService:
    """The process's one service, on the database the settings name.

    The settings are read on the first call only: finding the path costs an
    environment read, a secrets lookup and a mkdir, and every page calls
    this on each 1 s poll. Tests that point `ONEWORD_DB` elsewhere clear
    this cache (`service.clear()`).
    """
    return RoomService(Store(database_path()))


def word_list_service() -> WordListService:
    """A device's saved word lists, over the same store as `service()`."""
    return WordListService(service().store)


def identity() -> Identity | None:
    """The seat this browser holds, from the URL or the session."""
    code, token = st.query_params.get("room"), st.query_params.get("token")
    if code and token:
        found = Identity(code=code, token=token)
        st.session_state["identity"] = found
        return found
    cached = st.session_state.get("identity")
    if isinstance(cached, Identity):
        st.query_params.update(cached.query())
        return cached
    return None


def remember(code: str, token: str) -> Identity:
    found = Identity(code=code, token=token)
    st.session_state["identity"] = found
    st.query_params.update(found.query())
    return found


def keep_entry(ident: Identity, entry: RoomEntry) -> None:
    """Hold the entry this seat is about to draw (or an action just
    returned), so the next run reuses it while the room has not changed."""
    st.session_state[_ENTRY] = (ident, entry)


def kept_entry(ident: Identity) -> RoomEntry | None:
    """The entry kept for this very seat, if any (its version is checked by
    `RoomService.enter`)."""
    kept = st.session_state.get(_ENTRY)
    if isinstance(kept, tuple) and kept[0] == ident and isinstance(kept[1], RoomEntry):
        return kept[1]
    return None


def forget() -> None:
    """Drop the seat (after leaving, or when the token is no longer valid)."""
    st.session_state.pop("identity", None)
    st.session_state.pop(_ENTRY, None)
    for key in ("room", "token"):
        st.query_params.pop(key, None)

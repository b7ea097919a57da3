"""Who this browser is: the room code and player token from the URL.

The URL carries `?room=CODE&token=...` so that a reload or a reopened link
returns the player to their seat (L-3); the pair is cached in the session
so a page switch that drops the query string keeps it. The service is one
per server process, made when first asked for: it opens a new SQLite
connection per call, so it is safe to share between Streamlit's threads.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from oneword.config import database_path
from oneword.service import RoomService
from oneword.store import Store


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


def forget() -> None:
    """Drop the seat (after leaving, or when the token is no longer valid)."""
    st.session_state.pop("identity", None)
    for key in ("room", "token"):
        st.query_params.pop(key, None)

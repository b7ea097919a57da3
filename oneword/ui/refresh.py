"""Polling (DESIGN.md, Refresh): a tiny fragment checks the room's version
every second and reruns the page only when it changed.

The fragment reads one integer through `RoomService.poll`, which also
serves as this player's heartbeat. Everything else on the page renders
outside the fragment, so an idle tick costs almost nothing.
"""

from __future__ import annotations

import streamlit as st

from oneword.engine import Refusal

from .session import service

POLL_SECONDS = 1.0
_SEEN = "seen_version"


def mark_seen(version: int) -> None:
    """Record the version the page is about to render."""
    st.session_state[_SEEN] = version


@st.fragment(run_every=POLL_SECONDS)
def follow_room(code: str, token: str | None) -> None:
    """Rerun the whole page when the room changed since it was drawn."""
    try:
        version = service().poll(code, token)
    except Refusal:
        return
    if version != st.session_state.get(_SEEN):
        st.session_state[_SEEN] = version
        st.rerun(scope="app")

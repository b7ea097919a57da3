"""The profile this browser is signed in with (PR-1): a secret key in a
cookie, as the device key is, never in a URL or a page.

`profile_key()` reads the cookie; `sign_in` writes it and `sign_out` drops
it. The key is handed only to the services (`profiles.service`, and
`RoomService.create_room` / `join`, which link the seat to the profile);
what a page shows is the `Profile` the service returns, which has no key.
The profile read is kept for the session run by run, keyed by the key, so
a page that shows a badge does not read the store on every poll.
"""

from __future__ import annotations

import streamlit as st

from oneword.profiles.service import Profile, ProfileService
from oneword.ui.app.browser import cookie, drop_cookie, is_safe, set_cookie
from oneword.ui.app.session import service

COOKIE = "oneword_profile"
MAX_AGE = 400 * 24 * 3600
_CACHED = "profile_cached"


def profile_service() -> ProfileService:
    """Profiles over the same store and rate limits as the room service."""
    rooms = service()
    return ProfileService(rooms.store, limits=rooms.limits)


def profile_key() -> str | None:
    """The signed-in profile's key, or None (a guest)."""
    key = cookie(COOKIE)
    return key if key and is_safe(key) else None


def sign_in(key: str) -> None:
    set_cookie(COOKIE, key, MAX_AGE)
    st.session_state.pop(_CACHED, None)


def sign_out() -> None:
    drop_cookie(COOKIE)
    st.session_state.pop(_CACHED, None)


def forget_cached() -> None:
    """After a change (a new title, a new name, a game counted)."""
    st.session_state.pop(_CACHED, None)


def current_profile(fresh: bool = False) -> Profile | None:
    """The signed-in profile (None: a guest, or a key whose profile was
    deleted, which is then dropped)."""
    key = profile_key()
    if key is None:
        return None
    cached = st.session_state.get(_CACHED)
    if not fresh and isinstance(cached, tuple) and cached[0] == key:
        found: Profile | None = cached[1]
        return found
    found = profile_service().get(key)
    if found is None:
        sign_out()
        return None
    st.session_state[_CACHED] = (key, found)
    return found

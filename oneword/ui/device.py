"""A secret key kept on the device (a cookie), so a teacher's saved word
lists come back on the same browser without an account.

Streamlit reads cookies when a session starts and cannot set them itself,
so a new key is written by a tiny script in the page and also kept in the
session until the next visit reads it back from the cookie.
"""

from __future__ import annotations

import secrets

import streamlit as st

COOKIE = "oneword_device"
MAX_AGE = 400 * 24 * 3600
_KEY = "device_key"


def device_key() -> str:
    key = st.session_state.get(_KEY) or st.context.cookies.get(COOKIE)
    if not key:
        key = secrets.token_urlsafe(24)
    if st.context.cookies.get(COOKIE) != key:
        st.html(
            f'<script>document.cookie = "{COOKIE}={key}; max-age={MAX_AGE}; path=/; '
            f'SameSite=Lax";</script>',
            unsafe_allow_javascript=True,
        )
    st.session_state[_KEY] = key
    return str(key)

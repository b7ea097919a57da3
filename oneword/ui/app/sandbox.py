"""The gallery's sandbox: the real pages drawn from built views, with every
click kept away from the rooms.

The gallery draws each page with the page's own code, so its buttons and
forms are the real ones. While a run is in the sandbox, the helpers that
reach the rooms (`actions.attempt`, and so `act`; the one-device setup's
Start; the saved word lists; a page switch) do nothing and say so where
the click was made. The router leaves the sandbox at the start of every
run and only the gallery enters it, so a page opened after the gallery in
the same tab plays for real; a click's callback runs before the script,
with the flag the run that drew the button left.
"""

from __future__ import annotations

import streamlit as st

from oneword.i18n import N_

_KEY = "gallery_sandbox"

MESSAGE = N_("This is the gallery: nothing was sent to a room.")
"""Shown where a click was made (translate it with `_` there)."""


def enter() -> None:
    st.session_state[_KEY] = True


def leave() -> None:
    st.session_state.pop(_KEY, None)


def active() -> bool:
    return bool(st.session_state.get(_KEY))

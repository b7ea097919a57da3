"""Turning clicks into service calls, and refusals into messages shown
where the player acted (a clue refusal under the clue form, a card refusal
under the board)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import streamlit as st

from oneword.engine import Action, Refusal
from oneword.i18n import _
from oneword.ui.app import sandbox
from oneword.ui.app.session import Identity, keep_entry, service
from oneword.ui.text import tell

_ERROR = "error:{}"
SHOWN_FOR = 30.0
"""Seconds a refusal stays under the place it belongs to, unless the
player acts there again first."""


def report(place: str, message: str) -> None:
    st.session_state[_ERROR.format(place)] = (message, time.monotonic())


def forget(place: str) -> None:
    """A new attempt at `place`: the last refusal there no longer applies."""
    st.session_state.pop(_ERROR.format(place), None)


def show_error(place: str) -> None:
    """Show the last refusal reported for this place. It stays through
    the redraws that other players' moves cause (a page may be drawn again
    a moment after the click that was refused) until the player acts
    there again or SHOWN_FOR has passed. A refusal quotes names, clues and
    words, so the whole message is user text."""
    reported = st.session_state.get(_ERROR.format(place))
    if not reported:
        return
    message, at = reported
    if time.monotonic() - at > SHOWN_FOR:
        forget(place)
        return
    tell("error", message, icon=":material/block:")


def attempt(place: str, call: Callable[[], Any]) -> bool:
    """Run a service call; a refusal becomes a message at `place`. In the
    gallery's sandbox nothing is called, and the message says so."""
    forget(place)
    if sandbox.active():
        report(place, _(sandbox.MESSAGE))
        return False
    try:
        call()
    except Refusal as refusal:
        report(place, refusal.message)
        return False
    except Exception:
        # Callbacks run outside the router's safety net: a failure here must
        # still reach the player as a message, never as a traceback. The
        # service's transaction rolled back, so nothing was half done.
        logging.getLogger("oneword").exception("action at %s failed", place)
        report(place, _("That did not work, and nothing was changed. Please try again."))
        return False
    return True


def act(place: str, ident: Identity, action: Action) -> bool:
    """Apply `action` as this seat; the new view is kept for the rerun that
    follows, so it is drawn without reading the room again."""

    def apply() -> None:
        entry = service().act_entry(ident.code, ident.token, action)
        keep_entry(ident.code, ident.token, entry)

    return attempt(place, apply)


def on_click(place: str, ident: Identity, make_action: Callable[[], Action]) -> dict[str, Any]:
    """Button arguments that apply an action in a callback, before the rerun
    draws the new state: `st.button("Shuffle", **on_click(...))`."""
    return {"on_click": lambda: act(place, ident, make_action())}

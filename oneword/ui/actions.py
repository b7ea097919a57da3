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
from oneword.ui.app.seat_memory import SeatMemory, url_seat
from oneword.ui.app.session import Identity, keep_entry, service
from oneword.ui.text import tell

_ERROR = "error:{}"
SHOWN_FOR = 30.0
"""Seconds a refusal stays under the place it belongs to, unless the
player acts there again first."""
_REFUSALS: SeatMemory[tuple[str, float]] = SeatMemory()
"""Each seat's latest refusal at each place, so a page that reloads (a new
session of the same seat) still shows what the player's last action got."""


def report(place: str, message: str) -> None:
    refusal = (message, time.monotonic())
    seat = url_seat()
    if seat is None:
        st.session_state[_ERROR.format(place)] = refusal
    else:
        _REFUSALS.put((seat, place), refusal)


def forget(place: str) -> None:
    """A new attempt at `place`: the last refusal there no longer applies."""
    seat = url_seat()
    if seat is None:
        st.session_state.pop(_ERROR.format(place), None)
    else:
        _REFUSALS.drop((seat, place))


def _last_refusal(place: str) -> tuple[str, float] | None:
    """The last refusal at `place`: its seat's, whichever of the seat's
    pages got it (a page the watchdog reloaded keeps the message its
    player was reading); a page without a seat keeps its own."""
    seat = url_seat()
    if seat is None:
        reported: tuple[str, float] | None = st.session_state.get(_ERROR.format(place))
        return reported
    return _REFUSALS.get((seat, place))[1]


def show_error(place: str) -> None:
    """Show the last refusal reported for this place. It stays through
    the redraws that other players' moves cause (a page may be drawn again
    a moment after the click that was refused), and through a reload of
    the page, until the player acts there again or SHOWN_FOR has passed. A
    refusal quotes names, clues and words, so the whole message is user
    text."""
    reported = _last_refusal(place)
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

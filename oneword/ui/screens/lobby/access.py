"""Who may come into a room from the lobby (L-3, L-8): the host's "No new
players" switch, the locked state for everyone to see, and a player's own
link to take their seat to another device.

That link holds the seat's token, so it is drawn only while its player
asks for it: never hidden in a collapsed part of the page, where a
projected screen's HTML would still carry it.
"""

from __future__ import annotations

import streamlit as st

from oneword.engine import RoomView, SetLocked
from oneword.i18n import _
from oneword.ui.actions import act
from oneword.ui.app.session import Identity
from oneword.ui.links import qr_figure, rejoin_link
from oneword.ui.text import say

_LOCK_KEY = "set_locked"
_REJOIN_KEY = "show_rejoin"


def _set_locked(ident: Identity) -> None:
    act("lobby", ident, SetLocked(locked=bool(st.session_state.get(_LOCK_KEY))))


def door(ident: Identity, view: RoomView) -> None:
    """The host's switch; for everyone, a line while the room is closed."""
    locked = view.settings.locked
    if view.you is not None and view.you.host:
        st.session_state[_LOCK_KEY] = locked
        st.toggle(
            _("No new players"),
            key=_LOCK_KEY,
            on_change=_set_locked,
            args=(ident,),
            help=_("Nobody new can join while this is on; everyone here stays."),
        )
    if locked:
        say("info", _("The room is closed: nobody new can join."), icon=":material/lock:")


def rejoin(ident: Identity) -> None:
    """A player's link and QR code for their own seat, while they ask."""
    if not st.toggle(_("Play on another device"), key=_REJOIN_KEY):
        return
    link = rejoin_link(ident)
    st.caption(_("This link is your seat: whoever opens it plays as you. Keep it to yourself."))
    st.code(link, language=None, wrap_lines=True)
    qr_figure(
        link,
        caption=_("Scan to take your seat"),
        alt=_("QR code of the link to your own seat"),
        width=180,
    )

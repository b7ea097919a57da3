"""L-4: a host who runs the room without playing, such as a teacher at the
projector. The host keeps every control; the games are dealt to the
others. Everyone sees who hosts without playing, since that person is on
no team and takes no seat of the ten."""

from __future__ import annotations

import streamlit as st

from oneword.engine import RoomView, SetWatching
from oneword.i18n import _
from oneword.ui.actions import act
from oneword.ui.app.session import Identity
from oneword.ui.text import say

_KEY = "set_watching"


def _set_watching(ident: Identity) -> None:
    act("lobby", ident, SetWatching(watching=bool(st.session_state.get(_KEY))))


def host_sits_out(ident: Identity, view: RoomView) -> None:
    """The host's switch; for everyone, who hosts without playing."""
    you = view.you
    watcher = next((m for m in view.members if m.watching), None)
    if watcher is not None:
        say("caption", _("{name} hosts without playing."), name=watcher.name)
    if you is None or not you.host or view.settings.one_device:
        return
    st.session_state[_KEY] = you.watching
    st.toggle(
        _("Host without playing"),
        key=_KEY,
        on_change=_set_watching,
        args=(ident,),
        help=_(
            "For a teacher at the projector: you keep the host's controls, "
            "and the games are dealt to the others."
        ),
    )

"""The Pause / Resume button (L-7): in every game page of a player, also
on the P key while the page has focus."""

from __future__ import annotations

import streamlit as st

from oneword.engine import Pause, Resume, RoomView
from oneword.i18n import _
from oneword.ui.actions import act, show_error
from oneword.ui.app.session import Identity
from oneword.ui.game_info import pause_banner


def _toggle(ident: Identity, paused: bool) -> None:
    act("pause", ident, Resume() if paused else Pause())


def pause_control(ident: Identity, view: RoomView) -> None:
    """The banner for everyone; the button only for a seat that may use it."""
    pause_banner(view)
    may = view.game.you_may if view.game else None
    if may is None or not (may.pause or may.resume):
        return
    paused = may.resume
    st.button(
        _("Resume") if paused else _("Pause"),
        key="pause",
        icon=":material/play_arrow:" if paused else ":material/pause:",
        shortcut="p",
        help=_("Press P"),
        on_click=_toggle,
        args=(ident, paused),
    )
    show_error("pause")

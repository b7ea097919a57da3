"""K-2 in the lobby: "I'll give the clues" and the colour a player's
side is drawn in when they are handler. Both show the seat's value under
a key that names it (`shown_value`)."""

from __future__ import annotations

import streamlit as st

from oneword.engine import PickColour, Volunteer
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.views import MemberView
from oneword.i18n import _
from oneword.ui.actions import act
from oneword.ui.app.session import Identity
from oneword.ui.screens.lobby.shown_value import is_drawn, shown_key

NO_COLOUR = ""


def handler_choices(ident: Identity, you: MemberView) -> None:
    """The two Codewords choices of the player's own seat."""
    volunteer_key = shown_key("volunteer", you.volunteer)
    colour = you.colour if you.colour in PALETTE else NO_COLOUR
    colour_key = shown_key("colour", colour)

    def volunteer() -> None:
        if is_drawn(volunteer_key):
            act("lobby", ident, Volunteer(volunteer=bool(st.session_state[volunteer_key])))

    def pick() -> None:
        if is_drawn(colour_key):
            act("lobby", ident, PickColour(colour=st.session_state[colour_key] or None))

    st.toggle(_("I'll give the clues"), value=you.volunteer, key=volunteer_key, on_change=volunteer)
    choices: list[str] = [NO_COLOUR, *PALETTE]
    st.selectbox(
        _("Your colour"),
        choices,
        index=choices.index(colour),
        format_func=lambda c: _(PALETTE[c].name) if c else _("Your team's usual colour"),
        key=colour_key,
        on_change=pick,
    )

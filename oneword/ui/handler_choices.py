"""K-2 in the lobby: "Volunteer to be handler" and the colour a player's
side is drawn in when they are handler."""

from __future__ import annotations

import streamlit as st

from oneword.engine import PickColour, Volunteer
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.views import MemberView

from .actions import act
from .session import Identity

NO_COLOUR = ""


def handler_choices(ident: Identity, you: MemberView) -> None:
    """The two Codewords choices of the player's own seat."""
    st.session_state["volunteer"] = you.volunteer
    st.session_state["colour"] = you.colour or NO_COLOUR

    def volunteer() -> None:
        act("lobby", ident, Volunteer(volunteer=bool(st.session_state["volunteer"])))

    def pick() -> None:
        act("lobby", ident, PickColour(colour=st.session_state["colour"] or None))

    st.toggle("Volunteer to be handler", key="volunteer", on_change=volunteer)
    choices: list[str] = [NO_COLOUR, *PALETTE]
    st.selectbox(
        "Your colour",
        choices,
        format_func=lambda c: PALETTE[c].name if c else "Your team's usual colour",
        key="colour",
        on_change=pick,
    )

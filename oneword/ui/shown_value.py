"""Controls that show a value of the room (a lobby setting, a player's own
choice) and change it.

Such a control is drawn from the room's value under a key that names that
value, and never rewritten under the player's hand. Rewriting one control
in place on each rerun (through `st.session_state`) lets a click elsewhere
that lands while the page is being redrawn send back the value the browser
still showed, and its change callback then undoes what the room holds
(e.g. a volunteer taken back just before the deal, a game type the lobby
had left). With a key per value the room takes, each value gets a new
control, and one that showed an older value has no callback left.
"""

from __future__ import annotations

import streamlit as st

_REDRAWN = "shown_value_redrawn"
"""How many changes were not taken (refused, or a choice clicked off): part
of every such key, so the next run draws new controls at the room's value."""


def shown_key(name: str, *shown: object) -> str:
    """The key of the control `name` while it shows `shown`."""
    parts = [name, *(str(getattr(v, "value", v)) for v in shown)]
    return "=".join([*parts, str(st.session_state.get(_REDRAWN, 0))])


def redraw_controls() -> None:
    """A change was not taken: draw the controls again at the room's values."""
    st.session_state[_REDRAWN] = st.session_state.get(_REDRAWN, 0) + 1

"""Controls that show a value of the room (a lobby setting, a player's own
choice) and change it.

Such a control is drawn from the room's value under a key that names that
value, and never rewritten under the player's hand. Rewriting one control
in place on each rerun (through `st.session_state`) lets a click elsewhere
that lands while the page is being redrawn send back the value the browser
still showed, and its change callback then undoes what the room holds
(e.g. a volunteer taken back just before the deal, a game type the lobby
had left). With a key per value the room takes, each value gets a new
control.

A control the page no longer draws can still call back: the browser keeps
sending the last value of a control it was shown, and once the server has
dropped that control's previous value, any later click makes the control
look changed, so its change callback runs (seen in the lobby: the
Together-only "Game type" control, gone once a fourth player joined, sent
Together back with the host's next click). So each run notes the keys it
draws (`begin`, `shown_key`, `finish`), and a callback acts only for a
control that the last whole run drew, or the run a click cut short
(`is_drawn`): one of those is what the browser shows.
"""

from __future__ import annotations

import streamlit as st

_DRAWN = "shown_value_drawn"
"""The keys of the controls the page's run in progress (or cut short) drew."""
_FINISHED = "shown_value_finished"
"""The keys of the controls the page's last whole run drew."""
_REDRAWN = "shown_value_redrawn"
"""How many changes were not taken (refused, or a choice clicked off): part
of every such key, so the next run draws new controls at the room's value."""


def begin() -> None:
    """A page that draws such controls calls this first on each run..."""
    st.session_state[_DRAWN] = set()


def finish() -> None:
    """...and this last, once the whole page is drawn."""
    st.session_state[_FINISHED] = set(st.session_state.get(_DRAWN) or ())


def shown_key(name: str, *shown: object) -> str:
    """The key of the control `name` while it shows `shown`; the control is
    noted as drawn by this run."""
    parts = [name, *(str(getattr(v, "value", v)) for v in shown)]
    key = "=".join([*parts, str(st.session_state.get(_REDRAWN, 0))])
    drawn = st.session_state.get(_DRAWN)
    if isinstance(drawn, set):
        drawn.add(key)
    return key


def is_drawn(key: str) -> bool:
    """Is this control on the player's screen? A callback of one that is
    not carries a value the player did not choose now."""
    return any(
        isinstance(keys, set) and key in keys
        for keys in (st.session_state.get(_DRAWN), st.session_state.get(_FINISHED))
    )


def redraw_controls() -> None:
    """A change was not taken: draw the controls again at the room's values."""
    st.session_state[_REDRAWN] = st.session_state.get(_REDRAWN, 0) + 1

"""The clue's two fields, word and number (C-1, C-5), shared by the
captain's page and the one-device screen. `prefix` keeps each page's
widget keys apart.

Both pages put the fields in a form: the word and the number reach the
server together with the press of "Give the clue", in one message.
Fields outside a form would each send a run of their own (leaving the
word box, picking a number), and a busy server then has three runs of
the page in flight for one clue; a redraw landing between them cost the
picked number now and then, and moved the keyboard's place."""

from __future__ import annotations

import streamlit as st

from oneword.engine import INFINITY, Team
from oneword.engine.models import ClueNumber, Preset
from oneword.engine.versus.views import VersusView
from oneword.engine.view_parts import GameViewBase
from oneword.i18n import _
from oneword.ui.actions import forget, report

NUMBERS: list[ClueNumber] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, INFINITY]


def clue_numbers(game: GameViewBase, team: Team | None) -> list[ClueNumber]:
    """The numbers the game's rules allow: In One Word's 1-9, 0 and ∞;
    Codewords' 1 up to the cards `team` still has to find (K-2)."""
    if game.preset == Preset.CODEWORDS.value and isinstance(game, VersusView) and team:
        return list(range(1, max(1, game.cards_left[team]) + 1))
    return NUMBERS


def clue_fields(prefix: str = "", numbers: list[ClueNumber] = NUMBERS) -> None:
    st.text_input(
        _("One word"),
        key=f"{prefix}clue_word",
        max_chars=40,
        placeholder=_("A word that links your cards"),
    )
    st.segmented_control(
        _("How many cards"),
        numbers,
        key=f"{prefix}clue_number",
        format_func=lambda n: "∞" if n == INFINITY else str(n),
    )
    if INFINITY in numbers:
        st.caption(_("0 and ∞ allow unlimited guesses."))


def typed_clue(place: str, prefix: str = "") -> tuple[str, ClueNumber] | None:
    """The word and number typed in, or None (and a message at `place`)
    when no number is picked yet."""
    forget(place)
    number = st.session_state.get(f"{prefix}clue_number")
    if number is None:
        report(place, _("Pick a number for your clue."))
        return None
    return st.session_state.get(f"{prefix}clue_word", ""), number


def clear_clue(prefix: str = "") -> None:
    """After an accepted clue; a refused one stays for the captain to fix."""
    st.session_state[f"{prefix}clue_word"] = ""
    st.session_state[f"{prefix}clue_number"] = None

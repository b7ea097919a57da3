"""The host's bot controls in the lobby (B-1): add a bot to a team or side
at a difficulty, or fill the room up to the smallest legal game.

Bots play in every word language the app ships; where one had no table,
the lobby would say so plainly instead of offering bots.
"""

from __future__ import annotations

import streamlit as st

from oneword.bots import LEVELS, speaks
from oneword.engine import Mode, Team
from oneword.engine.models import BotLevel
from oneword.engine.views import RoomView
from oneword.i18n import N_, _
from oneword.ui.actions import attempt, show_error
from oneword.ui.app.session import Identity, service
from oneword.ui.symbols import team_badge
from oneword.ui.text import say

LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


def bot_controls(ident: Identity, view: RoomView) -> None:
    """Shown to the host only, under the teams."""
    st.subheader(_("Bots"), anchor=False)
    if view.settings.mode is Mode.JUST_ONE:
        st.info(_("Bots do not play Just One: pick In One Word to add bots."))
        return
    if not speaks(view.settings.language):
        st.info(
            _(
                "Bots do not play in this language: "
                "switch the words to another language to add bots."
            )
        )
        return
    unknown = _unknown_words(view.settings.custom_words or [], view.settings.language)
    if unknown:
        say(
            "info",
            _("Bots do not know these words of your list and will leave them alone: {words}"),
            words=", ".join(unknown),
        )
    level = (
        st.segmented_control(
            _("Bot difficulty"),
            options=list(LEVELS),
            format_func=lambda lv: _(LEVEL_NAMES[lv]),
            default="medium",
            key="bot-level",
        )
        or "medium"
    )
    row = st.container(horizontal=True)
    together = view.settings.mode is Mode.TOGETHER
    add = _("Add bot to {team} side") if together else _("Add bot to {team} team")
    for team in Team:
        badge = team_badge(team, view.lobby_sides)  # K-2: a side named by its colour
        if row.button(add.format(team=badge), key=f"add-bot-{team}"):
            _add(ident, team, level)
            st.rerun()
    if row.button(_("Fill with bots"), key="fill-bots", icon=":material/smart_toy:"):
        attempt("bots", lambda: service().fill_with_bots(ident.code, ident.token, level))
        st.rerun()
    show_error("bots")


def _unknown_words(words: list[str], language: str) -> list[str]:
    from oneword.bots.vectors import association

    known = association(language)
    return [w for w in words if known.find(w) is None]


def _add(ident: Identity, team: Team, level: BotLevel) -> None:
    attempt("bots", lambda: service().add_bot(ident.code, ident.token, team, level))

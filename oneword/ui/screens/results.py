"""Results: the map revealed card by card, who won and why, the clue log
and the best clue (R-1, R-2, P-5)."""

from __future__ import annotations

import streamlit as st

from oneword.engine import BackToLobby, RoomView
from oneword.engine.justone.views import JustOneView
from oneword.engine.together.views import TogetherFinishedView
from oneword.engine.versus.views import VersusFinishedView
from oneword.i18n import _
from oneword.ui import just_one
from oneword.ui.actions import attempt, on_click, show_error
from oneword.ui.app.session import Identity, service
from oneword.ui.profile_badges import player_titles
from oneword.ui.results import download_results, show_results
from oneword.ui.rewards import room_rewards, show_rewards
from oneword.ui.text import plain


def _next_game(ident: Identity, view: RoomView) -> None:
    """The host's Play again and Back to lobby; the others wait for them."""
    if view.you is not None and view.you.host:
        bar = st.container(horizontal=True)
        if bar.button(_("Play again"), type="primary", icon=":material/replay:"):
            attempt("results", lambda: service().start_game(ident.code, ident.token))
            st.rerun()
        bar.button(_("Back to lobby"), **on_click("results", ident, lambda: BackToLobby()))
    else:
        st.text(
            plain(
                _("Waiting for the host ({name}) to play again."),
                name=view.host_name or _("nobody"),
            )
        )


def show(ident: Identity, view: RoomView) -> None:
    """The finished game, as this seat sees it."""
    game = view.game
    if isinstance(game, JustOneView):
        just_one.results(game)
    else:
        assert isinstance(game, VersusFinishedView | TogetherFinishedView)
        show_results(game, language=view.settings.language)
    if game is not None:
        players = [(p.id, p.name) for p in game.players]
        show_rewards(players, room_rewards(ident.code))  # P-5, R-3
        player_titles(view, players, key="results-titles")
    _next_game(ident, view)
    show_error("results")
    if not isinstance(game, JustOneView):  # a board game's log and map
        download_results(game, ident.code)

"""Results: the map revealed card by card, who won and why, the clue log
and the best clue (R-1, R-2, P-5)."""

from __future__ import annotations

from typing import cast

import streamlit as st

from oneword.engine import BackToLobby, RoomView
from oneword.engine.justone.views import JustOneView
from oneword.engine.views import TogetherFinishedView, VersusFinishedView
from oneword.ui import just_one
from oneword.ui.actions import attempt, on_click, show_error
from oneword.ui.results import FinishedView, download_results, show_results
from oneword.ui.session import Identity, service
from oneword.ui.text import plain


def _next_game(ident: Identity, view: RoomView) -> None:
    """The host's Play again and Back to lobby; the others wait for them."""
    if view.you is not None and view.you.host:
        bar = st.container(horizontal=True)
        if bar.button("Play again", type="primary", icon=":material/replay:"):
            attempt("results", lambda: service().start_game(ident.code, ident.token))
            st.rerun()
        bar.button("Back to lobby", **on_click("results", ident, lambda: BackToLobby()))
    else:
        st.text(
            plain("Waiting for the host ({name}) to play again.", name=view.host_name or "nobody")
        )


def show(ident: Identity, view: RoomView) -> None:
    """The finished game, as this seat sees it."""
    game = view.game
    if isinstance(game, JustOneView):
        just_one.results(game)
    else:
        assert isinstance(game, VersusFinishedView | TogetherFinishedView)
        show_results(game, language=view.settings.language)
    _next_game(ident, view)
    show_error("results")
    # A finished Just One game has the same outcome, log and board fields.
    download_results(cast(FinishedView, game), ident.code)

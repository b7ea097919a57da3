"""Results: the map revealed card by card, who won and why, the clue log
and the best clue (R-1, R-2, P-5)."""

import streamlit as st

from oneword.engine import BackToLobby
from oneword.engine.justone.views import JustOneView
from oneword.engine.views import TogetherFinishedView, VersusFinishedView
from oneword.ui import just_one
from oneword.ui.actions import attempt, on_click, show_error
from oneword.ui.results import download_results, show_results
from oneword.ui.routing import enter_room
from oneword.ui.session import service
from oneword.ui.text import plain

ident, view = enter_room("results")
game = view.game
if isinstance(game, JustOneView):
    just_one.results(game)
else:
    assert isinstance(game, VersusFinishedView | TogetherFinishedView)
    show_results(game, language=view.settings.language)

if view.you is not None and view.you.host:
    bar = st.container(horizontal=True)
    if bar.button("Play again", type="primary", icon=":material/replay:"):
        attempt("results", lambda: service().start_game(ident.code, ident.token))
        st.rerun()
    bar.button("Back to lobby", **on_click("results", ident, lambda: BackToLobby()))
else:
    st.text(plain("Waiting for the host ({name}) to play again.", name=view.host_name or "nobody"))
show_error("results")
download_results(game, ident.code)

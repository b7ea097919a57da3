"""Watch (projector / TV, P-6): the board, the clue, cards left, the timer
and how to join. It needs no seat and shows only what the watch view holds:
never the map, never the marks in progress, whoever opens it."""

import streamlit as st

from oneword.engine import Refusal
from oneword.engine.views import TogetherFinishedView, VersusFinishedView
from oneword.service import StorageError
from oneword.ui.cards import board_html
from oneword.ui.game_info import clue_banner, pause_banner, score_line, timers, turn_line
from oneword.ui.links import join_link, qr_png
from oneword.ui.refresh import follow_room, mark_seen, wait_for_storage
from oneword.ui.routing import go
from oneword.ui.session import service
from oneword.ui.symbols import team_badge
from oneword.ui.text import escape_html
from oneword.wording import outcome_text, plural

st.html(
    "<style>.block-container, [data-testid='stMainBlockContainer']"
    "{padding-top:1rem; padding-bottom:0; max-width:100%;}"
    "[data-testid='stHeader'] {display:none;}"
    ".ow-watch-line {font-size:1.6rem; font-weight:600; margin:0.2rem 0;}</style>"
)
code = (st.query_params.get("watch") or "").strip().upper()
if not code:
    go("home")
try:
    version = service().poll(code, None)
    view = service().view(code, None)
except StorageError as problem:
    wait_for_storage(problem)
except Refusal as refusal:
    st.session_state["home_message"] = refusal.message
    go("home")
mark_seen(version)
follow_room(code, None)

game = view.game
board_side, info_side = st.columns([3, 1], gap="large")
with info_side:
    st.markdown(f"## Room {code}")
    link = join_link(code)
    st.image(qr_png(link, scale=5), caption="Scan to join", width=200)
    st.text(link)
    if game is not None:
        for line in (score_line(game), turn_line(game)):
            st.html(f'<p class="ow-watch-line">{escape_html(line)}</p>')
        timers(game, big=True, paused_at=view.paused_at)
        pause_banner(view)

with board_side:
    if game is None:
        st.markdown("# In One Word")
        st.markdown(f"### Waiting in the lobby: {plural(len(view.members), 'player', 'players')}")
        for member in view.members:
            st.text(f"{team_badge(member.team) if member.team else '·'}  {member.name}")
    else:
        if game.outcome is not None:
            st.markdown(f"# {outcome_text(game.outcome, game.mode)}")
        clue_banner(game, big=True)
        cards = game.board
        if isinstance(game, VersusFinishedView):
            cards = [c.model_copy(update={"colour": game.key[c.index]}) for c in cards]
        elif isinstance(game, TogetherFinishedView):
            st.caption("Cards found together are green.")
        st.html(board_html(cards, big=True))

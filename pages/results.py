"""Results: the map revealed card by card, who won and why, the clue log
and the best clue (R-1, R-2, P-5)."""

import streamlit as st

from oneword.engine import BackToLobby
from oneword.engine.views import TogetherFinishedView, VersusFinishedView
from oneword.ui.actions import attempt, on_click, show_error
from oneword.ui.cards import board_html
from oneword.ui.game_info import clue_log
from oneword.ui.routing import enter_room
from oneword.ui.session import service
from oneword.ui.symbols import team_badge

ident, view = enter_room("results")
game = view.game
assert isinstance(game, VersusFinishedView | TogetherFinishedView)
outcome = game.outcome
assert outcome is not None

if outcome.result == "no_result":
    st.title("No result")
elif outcome.winner is not None:
    st.title(f"{team_badge(outcome.winner)} wins!")
else:
    st.title("Everyone wins!" if outcome.result == "win" else "Everyone loses")
st.subheader(outcome.message)

unopened = {card.index for card in game.board if card.colour is None}
if isinstance(game, VersusFinishedView):
    revealed = [card.model_copy(update={"colour": game.key[card.index]}) for card in game.board]
    st.html(board_html(revealed, reveal=True, unopened=unopened))
    st.caption("Faded cards were never opened.")
else:
    for side, key in game.keys.items():
        st.markdown(f"**{team_badge(side)} side's map**")
        revealed = [card.model_copy(update={"colour": key[card.index]}) for card in game.board]
        st.html(board_html(revealed, reveal=True, unopened=unopened))

best = game.best_clue
if best is not None and best.clue is not None:
    found = ", ".join(o.word for o in best.openings)
    # Plain text: the giver's name is user text, and Markdown (even escaped)
    # turns a bare URL into a link.
    st.container(border=True).text(
        f"Best clue: {best.clue.word} {best.clue.number_text} by {best.giver_name} "
        f"(turn {best.turn}) → {found}"
    )
clue_log(game, expanded=True)

if view.you is not None and view.you.host:
    bar = st.container(horizontal=True)
    if bar.button("Play again", type="primary", icon=":material/replay:"):
        attempt("results", lambda: service().start_game(ident.code, ident.token))
        st.rerun()
    bar.button("Back to lobby", **on_click("results", ident, lambda: BackToLobby()))
else:
    st.text(f"Waiting for the host ({view.host_name}) to play again.")
show_error("results")

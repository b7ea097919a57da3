"""The end of a game as every mode shows it (R-1, R-2, P-5): who won and
why, the map revealed card by card, the best clue and the clue log."""

from __future__ import annotations

import streamlit as st

from oneword.engine.views import TogetherFinishedView, VersusFinishedView
from oneword.wording import outcome_text

from .cards import board_html
from .game_info import clue_log
from .symbols import team_badge
from .text import inert, plain


def show_results(game: VersusFinishedView | TogetherFinishedView, *, big: bool = False) -> None:
    """Everything on the results screen but its buttons; `big` draws the
    board in projector-sized type."""
    outcome = game.outcome
    assert outcome is not None
    if outcome.result == "no_result":
        st.title("No result")
    elif outcome.winner is not None:
        st.title(f"{team_badge(outcome.winner)} wins!")
    else:
        st.title("Everyone wins!" if outcome.result == "win" else "Everyone loses")
    # The wrong card of a Final Round is a board word: user text.
    st.subheader(inert("{outcome}", outcome=outcome_text(outcome, game.mode)))

    unopened = {card.index for card in game.board if card.colour is None}
    if isinstance(game, VersusFinishedView):
        revealed = [card.model_copy(update={"colour": game.key[card.index]}) for card in game.board]
        st.html(board_html(revealed, big=big, reveal=True, unopened=unopened))
        st.caption("Faded cards were never opened.")
    else:
        for side, key in game.keys.items():
            st.markdown(f"**{team_badge(side)} side's map**")
            revealed = [card.model_copy(update={"colour": key[card.index]}) for card in game.board]
            st.html(board_html(revealed, big=big, reveal=True, unopened=unopened))

    best = game.best_clue
    if best is not None and best.clue is not None:
        found = ", ".join(plain("{word}", word=o.word) for o in best.openings)
        st.container(border=True).text(
            plain(
                "Best clue: {word} {number} by {name} (turn {turn}) → ",
                word=best.clue.word,
                number=best.clue.number_text,
                name=best.giver_name,
                turn=best.turn,
            )
            + found
        )
    clue_log(game, expanded=True)

"""Captain (Versus) or clue giver (Together): the map beside the clue form
(P-3). On a phone the two stack, the map first and the form right under
it, so both fit one screen; the score, the turn and the clue log follow."""

from __future__ import annotations

import streamlit as st

from oneword.engine import Colour, GiveClue, RoomView
from oneword.engine.views import TogetherPlayerView, VersusCaptainView
from oneword.ui.actions import act, show_error
from oneword.ui.cards import board_html
from oneword.ui.clue_form import clear_clue, clue_fields, clue_numbers, typed_clue
from oneword.ui.game_info import clue_banner, clue_log, score_line, timers, turn_line, warnings
from oneword.ui.pause import pause_control
from oneword.ui.session import Identity
from oneword.ui.symbols import colour_name, team_badge

GiverView = VersusCaptainView | TogetherPlayerView


def _give_clue(ident: Identity) -> None:
    typed = typed_clue("clue")
    if typed and act("clue", ident, GiveClue(word=typed[0], number=typed[1])):
        clear_clue()


def _clue_form(ident: Identity, game: GiverView) -> None:
    with st.container(border=True):
        clue_fields(numbers=clue_numbers(game, game.your_team))
        st.button("Give the clue", type="primary", on_click=lambda: _give_clue(ident))
        show_error("clue")


def _map(view: RoomView, game: GiverView) -> None:
    st.html(board_html(game.board, game.key, language=view.settings.language, sides=game.sides))
    st.caption(
        f"Your map: ▲ {colour_name(Colour.RED, game.sides)} · "
        f"● {colour_name(Colour.BLUE, game.sides)} · – neutral · ✖ black · ★ green. "
        "Open cards are faded and crossed out."
    )


def _side(ident: Identity, view: RoomView, game: GiverView) -> None:
    """The timer, the clue and the form (or why there is none), the score."""
    turn = game.turn
    my_turn = turn is not None and turn.giver_id == (view.you.id if view.you else None)
    timers(game, paused_at=view.paused_at)
    clue_banner(game)
    if game.you_may.give_clue:
        _clue_form(ident, game)
    elif turn is not None and turn.clue is not None:
        st.info(
            "Your clue is given: no more hints until the turn ends."
            if my_turn
            else "The other team is playing."
        )
    st.text(score_line(game))
    st.text(turn_line(game))
    pause_control(ident, view)


def show(ident: Identity, view: RoomView) -> None:
    """The map and the clue form, as this captain or clue giver sees them."""
    game = view.game
    assert isinstance(game, VersusCaptainView | TogetherPlayerView)
    role = "captain" if game.mode == "versus" else "clue giver"
    st.title(
        f"{team_badge(game.your_team, game.sides)} {role}" if game.your_team else role.capitalize(),
        anchor=False,
    )
    warnings(view)
    board, side = st.columns([3, 2], gap="medium")
    with board:
        _map(view, game)
    with side:
        _side(ident, view, game)
    clue_log(game)

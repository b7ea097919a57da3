"""Board (guessers and late joiners): the cards, the clue, Open and End Turn
(P-4). In Together it also shows the player's own side's map, and runs the
Final Round (F-2: every open is confirmed first)."""

import streamlit as st

from oneword.engine import EndTurn, Mark, Open
from oneword.engine.views import (
    GameViewBase,
    TogetherPlayerView,
    TogetherView,
)
from oneword.ui.actions import act, show_error
from oneword.ui.card_buttons import card_buttons
from oneword.ui.cards import board_html
from oneword.ui.game_info import clue_banner, clue_log, score_line, timers, turn_line, warnings
from oneword.ui.pause import pause_control
from oneword.ui.routing import enter_room
from oneword.ui.symbols import team_badge
from oneword.ui.text import inert, say

ident, view = enter_room("board")
game = view.game
assert isinstance(game, GameViewBase)
you = view.you
assert you is not None
turn = game.turn
SELECTED = "selected_card"


def tap(index: int) -> None:
    """Select a card; in Versus the tap also marks it for the team (V-5)."""
    previous = st.session_state.get(SELECTED)
    st.session_state[SELECTED] = None if previous == index else index
    if game.you_may.mark:
        act("board", ident, Mark(card=index))


def open_selected() -> None:
    index = st.session_state.pop(SELECTED, None)
    if index is not None:
        act("board", ident, Open(card=index, seen_openings=game.openings_so_far))


final_round = isinstance(game, TogetherView) and game.final_round
confirm = game.you_may.confirm_each_open
title = team_badge(game.your_team) if game.your_team else "Watching"
st.title(f"{title} · {'Final Round' if final_round else 'Board'}")
warnings(view)
if game.seat == "spectator":
    st.info("You joined during this game: you are watching it and will play in the next one.")
st.text(score_line(game))
st.text(turn_line(game))
timers(game, paused_at=view.paused_at)
pause_control(ident, view)
clue_banner(game)

map_colours = game.key if isinstance(game, TogetherPlayerView) else None
selected = st.session_state.get(SELECTED)
if selected is not None and game.board[selected].colour is not None:
    selected = st.session_state[SELECTED] = None

if game.you_may.open:
    card_buttons(game.board, tap, map_colours=map_colours, selected=selected)
else:
    st.html(board_html(game.board, map_colours))

if game.you_may.open:
    bar = st.container(horizontal=True)
    if selected is not None:
        word = game.board[selected].word
        if confirm:
            other = game.your_team.other if game.your_team else None
            if other in game.board[selected].neutral_for:
                say(
                    "error",
                    "{word} already showed neutral on {side}'s map: opening it now loses the game.",
                    word=word.upper(),
                    side=other.label,
                )
            say(
                "warning",
                "Final Round: if {word} is not green on the other side's map, everyone loses.",
                word=word.upper(),
            )
        bar.button(
            inert("Yes, open {word}" if confirm else "Open {word}", word=word.upper()),
            type="primary",
            on_click=open_selected,
            key="open",
        )
    else:
        bar.caption("Tap a card to select it, then Open.")
    if not confirm:
        bar.button(
            "End turn",
            key="end-turn",
            disabled=not game.you_may.end_turn,
            on_click=lambda: act("board", ident, EndTurn()),
        )
show_error("board")
clue_log(game)

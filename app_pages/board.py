"""Board (guessers and late joiners): the cards, the clue, Open and End Turn
(P-4). In Together it also shows the player's own side's map, and runs the
Final Round (F-2: every open is confirmed first)."""

import streamlit as st

from oneword.engine import EndTurn, Mark, Open, Team
from oneword.engine.views import (
    GameViewBase,
    TogetherPlayerView,
    TogetherView,
)
from oneword.ui.actions import act, show_error
from oneword.ui.card_buttons import KNOWN_NEUTRAL
from oneword.ui.card_picker import card_picker, open_bar, take_pick
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


def mark(index: int) -> None:
    """V-5: in Versus a tap also marks the card for the team."""
    if game.you_may.mark:
        act("board", ident, Mark(card=index))


def open_now(index: int) -> None:
    """K-2: a tap opens the card at once (V-13 still holds: one open wins)."""
    take_pick()
    act("board", ident, Open(card=index, seen_openings=game.openings_so_far))


def open_selected() -> None:
    index = take_pick()
    if index is not None:
        act("board", ident, Open(card=index, seen_openings=game.openings_so_far))


def deciding_side() -> Team | None:
    """Together: the side whose map decides the next open (T-5: the clue
    giver's; F-3: the opener's other side)."""
    if not isinstance(game, TogetherView):
        return None
    if turn is not None:
        return turn.team
    return game.your_team.other if game.your_team else None


final_round = isinstance(game, TogetherView) and game.final_round
confirm = game.you_may.confirm_each_open
title = team_badge(game.your_team, game.sides) if game.your_team else "Watching"
st.title(
    inert("{title} · {part}", title=title, part="Final Round" if final_round else "Board"),
    anchor=False,
)
warnings(view)
if game.seat == "spectator":
    st.info("You joined during this game: you are watching it and will play in the next one.")
st.text(score_line(game))
st.text(turn_line(game))
timers(game, paused_at=view.paused_at)
pause_control(ident, view)
clue_banner(game)

map_colours = game.key if isinstance(game, TogetherPlayerView) else None
scope = (ident.code, turn.number if turn else 0, final_round)
selected = None
language = view.settings.language
if game.you_may.open_on_tap:
    # K-2: the first tap opens the card; there is no selection to undo.
    st.caption("Tap a card to open it.")
    card_picker(
        game.board,
        scope,
        on_tap=open_now,
        map_colours=map_colours,
        language=language,
        sides=game.sides,
    )
elif game.you_may.open:
    neutral_on = deciding_side()
    selected = card_picker(
        game.board,
        scope,
        on_tap=mark,
        map_colours=map_colours,
        neutral_on=neutral_on,
        language=language,
        sides=game.sides,
    )
    if neutral_on is not None and any(
        c.colour is None and neutral_on in c.neutral_for for c in game.board
    ):
        st.caption(f"{KNOWN_NEUTRAL} neutral on {neutral_on.label}'s map: try another card.")
else:
    st.html(board_html(game.board, map_colours, language=language, sides=game.sides))

if turn is not None and turn.bonus_guess and game.you_may.open:
    st.info("Bonus guess: open one more card, or end the turn.")
if game.you_may.open_on_tap:
    if game.you_may.end_turn:
        st.button("End turn", key="end-turn", on_click=lambda: act("board", ident, EndTurn()))
elif game.you_may.open:
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
    open_bar(
        game.board,
        selected,
        on_open=open_selected,
        open_label="Yes, open" if confirm else "Open",
        on_end_turn=None if confirm else lambda: act("board", ident, EndTurn()),
        may_end_turn=game.you_may.end_turn,
        end_turn_label="End turn",
    )
show_error("board")
clue_log(game)

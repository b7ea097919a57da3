"""Captain (Versus) or clue giver (Together): the map beside the clue form
(P-3). On a phone the two stack, the map first and the form right under
it, so both fit one screen; the score, the turn and the clue log follow."""

from __future__ import annotations

import streamlit as st

from oneword.engine import Colour, GiveClue, RoomView
from oneword.engine.together.views import TogetherPlayerView
from oneword.engine.versus.views import VersusCaptainView
from oneword.i18n import _
from oneword.ui.actions import act, show_error
from oneword.ui.announce import announce, game_news
from oneword.ui.app.session import Identity
from oneword.ui.cards import board_html
from oneword.ui.clue_form import clear_clue, clue_fields, clue_numbers, typed_clue
from oneword.ui.game_info import clue_banner, clue_log, score_line, timers, turn_line, warnings
from oneword.ui.pause import pause_control
from oneword.ui.profile_badges import player_titles
from oneword.ui.symbols import colour_name, team_badge
from oneword.ui.text import inert

GiverView = VersusCaptainView | TogetherPlayerView


def _give_clue(ident: Identity) -> None:
    typed = typed_clue("clue")
    if typed and act("clue", ident, GiveClue(word=typed[0], number=typed[1])):
        clear_clue()


def _clue_form(ident: Identity, game: GiverView) -> None:
    with st.form("clue-form"):
        clue_fields(numbers=clue_numbers(game, game.your_team))
        st.form_submit_button(
            _("Give the clue"), type="primary", on_click=lambda: _give_clue(ident)
        )
        show_error("clue")


def _map(view: RoomView, game: GiverView) -> None:
    st.html(board_html(game.board, game.key, language=view.settings.language, sides=game.sides))
    names = {
        "red": colour_name(Colour.RED, game.sides),
        "blue": colour_name(Colour.BLUE, game.sides),
    }
    if game.mode == "together":  # found cards are green only in Together
        legend = _(
            "Your map: ▲ {red} · ● {blue} · – neutral · ✖ black · ★ green. "
            "Open cards are crossed out."
        )
    else:
        legend = _(
            "Your map: ▲ {red} · ● {blue} · – neutral · ✖ black. Open cards are crossed out."
        )
    st.caption(legend.format(**names))


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
            _("Your clue is given: no more hints until the turn ends.")
            if my_turn
            else _("The other team is playing.")
        )
    st.text(score_line(game))
    st.text(turn_line(game))
    pause_control(ident, view)


def show(ident: Identity, view: RoomView) -> None:
    """The map and the clue form, as this captain or clue giver sees them."""
    game = view.game
    assert isinstance(game, VersusCaptainView | TogetherPlayerView)
    versus = game.mode == "versus"
    if game.your_team is None:
        title = _("Captain") if versus else _("Clue giver")
    else:
        named = _("{team} captain") if versus else _("{team} clue giver")
        title = inert(named, team=team_badge(game.your_team, game.sides))
    st.title(title, anchor=False)
    warnings(view)
    announce(game_news(game))
    board, side = st.columns([3, 2], gap="medium")
    with board:
        _map(view, game)
    with side:
        _side(ident, view, game)
    clue_log(game)
    player_titles(view, [(p.id, p.name) for p in game.players], key="captain-titles")

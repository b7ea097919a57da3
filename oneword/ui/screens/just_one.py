"""Just One (J-2 to J-5), one page for every player: what it shows follows
the card's phase and the seat. The guesser picks a number, then waits,
then reads the surviving clues and answers; a clue giver sees the mystery
word, writes, compares and votes. At the end of each card everyone sees
it, and the clue givers may count a near miss as right."""

from __future__ import annotations

import streamlit as st

from oneword.clue_compare import warm_up
from oneword.engine import RoomView
from oneword.engine.justone.state import CardPhase
from oneword.engine.justone.views import CardLine, JustOneView
from oneword.i18n import _
from oneword.ui import just_one as jo
from oneword.ui.actions import show_error
from oneword.ui.announce import announce, just_one_news
from oneword.ui.app.session import Identity
from oneword.ui.game_info import warnings
from oneword.ui.pause import pause_control
from oneword.ui.profile_badges import player_titles


def _clue_giver(ident: Identity, view: RoomView, game: JustOneView, card: CardLine) -> None:
    """A clue giver's part of the card: the word, then what the phase asks."""
    you = view.you.id if view.you else None
    jo.mystery_word(card)
    if game.you_may.write:
        jo.write_form(ident, game)
    elif game.phase is CardPhase.CLUES:
        jo.own_clues(game, you)
        st.text(_("Your clues are in: wait for the others."))
    elif game.phase is CardPhase.COMPARE:
        jo.compare_board(ident, game)
    elif game.phase is CardPhase.GUESS:
        st.text(_("The guesser is reading the clues that survived."))
        jo.guesser_clues(card.model_copy(update={"clues": [c for c in card.clues if c.kept]}))
    elif game.phase is CardPhase.PICK:
        st.text(_("The guesser is picking a number."))


def _card(ident: Identity, view: RoomView, game: JustOneView) -> None:
    """The card in play, as this seat sees it in this phase."""
    card = game.card
    may = game.you_may
    if card is not None and game.phase is CardPhase.REVEAL:
        jo.card_end(ident, game)
    elif game.seat == "spectator":
        st.text(_("You joined during this game: you watch it and play in the next one."))
        if card is not None and game.phase is CardPhase.GUESS:
            jo.guesser_clues(card)
    elif may.pick:
        jo.pick_form(ident)
    elif may.answer and card is not None:
        jo.guesser_clues(card)
        jo.answer_form(ident, game)
    elif game.seat == "guesser":
        st.text(_("Wait: the others are writing and comparing clues for you."))
    elif card is not None:
        _clue_giver(ident, view, game, card)


def show(ident: Identity, view: RoomView) -> None:
    """The Just One page for this seat."""
    game = view.game
    assert isinstance(game, JustOneView)
    warm_up(view.settings.language)  # after a restart, before the next card's check
    card = game.card
    st.title(_("Just One: you guess") if game.seat == "guesser" else _("Just One"), anchor=False)
    warnings(view)
    jo.card_status(game)
    announce(just_one_news(game))
    jo.clue_timer(game, view.paused_at)
    main = st.container(key=f"jo-card-{card.position if card else 0}-{game.phase}")
    with main:
        _card(ident, view, game)
        show_error("jo")
    pause_control(ident, view)
    jo.played_cards(game.played)
    player_titles(view, [(p.id, p.name) for p in game.players], key="jo-titles")

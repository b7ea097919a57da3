"""Board (guessers and late joiners): the cards, the clue, Open and End Turn
(P-4). In Together it also shows the player's own side's map, and runs the
Final Round (F-2: every open is confirmed first)."""

from __future__ import annotations

import streamlit as st

from oneword.engine import EndTurn, Mark, Open, RoomView, Team
from oneword.engine.together.views import TogetherPlayerView, TogetherView
from oneword.engine.view_parts import TurnView
from oneword.engine.views import GameViewBase
from oneword.i18n import _
from oneword.ui.actions import act, show_error
from oneword.ui.announce import announce, game_news
from oneword.ui.app.session import Identity
from oneword.ui.card_buttons import KNOWN_NEUTRAL
from oneword.ui.card_picker import card_picker, open_bar, take_pick
from oneword.ui.cards import board_html
from oneword.ui.game_info import clue_banner, clue_log, score_line, timers, turn_line, warnings
from oneword.ui.pause import pause_control
from oneword.ui.profile_badges import player_titles
from oneword.ui.symbols import team_badge
from oneword.ui.text import inert, say


def _mark(ident: Identity, game: GameViewBase, index: int) -> None:
    """V-5: in Versus a tap also marks the card for the team."""
    if game.you_may.mark:
        act("board", ident, Mark(card=index))


def _open_now(ident: Identity, game: GameViewBase, index: int) -> None:
    """K-2: a tap opens the card at once (V-13 still holds: one open wins)."""
    take_pick()
    act("board", ident, Open(card=index, seen_openings=game.openings_so_far))


def _open_selected(ident: Identity, game: GameViewBase) -> None:
    index = take_pick()
    if index is not None:
        act("board", ident, Open(card=index, seen_openings=game.openings_so_far))


def _end_turn(ident: Identity) -> None:
    act("board", ident, EndTurn())


def _deciding_side(game: GameViewBase) -> Team | None:
    """Together: the side whose map decides the next open (T-5: the clue
    giver's; F-3: the opener's other side)."""
    if not isinstance(game, TogetherView):
        return None
    if game.turn is not None:
        return game.turn.team
    return game.your_team.other if game.your_team else None


def _heading(view: RoomView, game: GameViewBase, final_round: bool) -> None:
    title = team_badge(game.your_team, game.sides) if game.your_team else _("Watching")
    st.title(
        inert(
            "{title} · {part}", title=title, part=_("Final Round") if final_round else _("Board")
        ),
        anchor=False,
    )
    warnings(view)
    if game.seat == "spectator":
        st.info(
            _("You joined during this game: you are watching it and will play in the next one.")
        )
    st.text(score_line(game))
    st.text(turn_line(game))


def _cards(ident: Identity, view: RoomView, game: GameViewBase, final_round: bool) -> int | None:
    """The board: buttons when this seat may open, a picture otherwise.
    Returns the selected card."""
    turn = game.turn
    map_colours = game.key if isinstance(game, TogetherPlayerView) else None
    scope = (ident.code, turn.number if turn else 0, final_round)
    language = view.settings.language
    if game.you_may.open_on_tap:
        # K-2: the first tap opens the card; there is no selection to undo.
        st.caption(_("Tap a card to open it."))
        card_picker(
            game.board,
            scope,
            on_tap=lambda index: _open_now(ident, game, index),
            map_colours=map_colours,
            language=language,
            sides=game.sides,
        )
        return None
    if game.you_may.open:
        neutral_on = _deciding_side(game)
        selected = card_picker(
            game.board,
            scope,
            on_tap=lambda index: _mark(ident, game, index),
            map_colours=map_colours,
            neutral_on=neutral_on,
            language=language,
            sides=game.sides,
        )
        if neutral_on is not None and any(
            c.colour is None and neutral_on in c.neutral_for for c in game.board
        ):
            st.caption(
                _("{sign} neutral on {team}'s map: try another card.").format(
                    sign=KNOWN_NEUTRAL, team=_(neutral_on.label)
                )
            )
        return selected
    st.html(board_html(game.board, map_colours, language=language, sides=game.sides))
    return None


def _final_round_warning(game: GameViewBase, selected: int) -> None:
    """F-2: what opening the selected card risks in the Final Round."""
    word = game.board[selected].word
    other = game.your_team.other if game.your_team else None
    if other in game.board[selected].neutral_for:
        assert other is not None
        say(
            "error",
            _("{word} already showed neutral on {side}'s map: opening it now loses the game."),
            word=word.upper(),
            side=_(other.label),
        )
    say(
        "warning",
        _("Final Round: if {word} is not green on the other side's map, everyone loses."),
        word=word.upper(),
    )


def _bonus_question(ident: Identity, turn: TurnView) -> None:
    """K-2: found as many cards as the number: one more, or end the turn
    (any guesser's "no" ends it for the side). "Yes" is this player's own
    answer: it only clears the question, and the next tap opens a card."""
    answered = f"bonus-yes-{turn.number}-{turn.opened}"
    with st.container(key="bonus-question"):
        if st.session_state.get(answered):
            st.info(_("One more card: tap it on the board."))
            st.button(_("No, end turn"), key="bonus-no", on_click=lambda: _end_turn(ident))
            return
        st.info(_("You found as many cards as the number. Take one more guess?"))
        row = st.container(horizontal=True)
        row.button(
            _("Yes, one more"),
            key="bonus-yes",
            type="primary",
            on_click=lambda: st.session_state.update({answered: True}),
        )
        row.button(_("No, end turn"), key="bonus-no", on_click=lambda: _end_turn(ident))


def _buttons(ident: Identity, game: GameViewBase, selected: int | None) -> None:
    """Open and End Turn, as far as this seat may use them."""
    turn = game.turn
    confirm = game.you_may.confirm_each_open
    if turn is not None and turn.bonus_guess and game.you_may.open:
        if game.you_may.open_on_tap and game.you_may.end_turn:
            _bonus_question(ident, turn)
            return
        st.info(_("Bonus guess: open one more card, or end the turn."))
    if game.you_may.open_on_tap:
        if game.you_may.end_turn:
            st.button(_("End turn"), key="end-turn", on_click=lambda: _end_turn(ident))
    elif game.you_may.open:
        if selected is not None and confirm:
            _final_round_warning(game, selected)
        open_bar(
            game.board,
            selected,
            on_open=lambda: _open_selected(ident, game),
            open_label=_("Yes, open") if confirm else _("Open"),
            on_end_turn=None if confirm else lambda: _end_turn(ident),
            may_end_turn=game.you_may.end_turn,
            end_turn_label=_("End turn"),
        )


def show(ident: Identity, view: RoomView) -> None:
    """The board as this seat sees it."""
    game = view.game
    assert isinstance(game, GameViewBase)
    assert view.you is not None
    final_round = isinstance(game, TogetherView) and game.final_round
    _heading(view, game, final_round)
    timers(game, paused_at=view.paused_at)
    pause_control(ident, view)
    clue_banner(game)
    announce(game_news(game))
    selected = _cards(ident, view, game, final_round)
    _buttons(ident, game, selected)
    show_error("board")
    clue_log(game)
    player_titles(view, [(p.id, p.name) for p in game.players], key="board-titles")

"""Tap a card to select it, then Open: the guessing bar every seat that
opens cards uses (P-4, O-3), on a player's own phone or at a one-device
table.

The selection belongs to one turn of one room (`scope`), so a card picked
in an earlier turn, or opened by someone else meanwhile, is never opened
by mistake. It is also kept for the browser's seat in this server process
(`_KEPT`, an `app.seat_memory.SeatMemory`), so a page that reloads (the
watchdog heals a broken page that way, and a player may reload) still has
the card selected.

The page says what happens on a tap (a Versus guesser also marks the card
for the team) and what Open and End Turn do; whether they may be used
comes from the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

import streamlit as st

from oneword.engine import Colour, Team
from oneword.engine.views import CardView, SideView
from oneword.i18n import _
from oneword.ui.app.seat_memory import SeatMemory, url_seat
from oneword.ui.card_buttons import card_buttons
from oneword.ui.text import inert

_SELECTED = "picked_card"
_KEPT: SeatMemory[tuple[Hashable, int] | None] = SeatMemory()
"""The latest selection of each seat whose page picked a card."""


def _remember(chosen: tuple[Hashable, int] | None) -> None:
    st.session_state[_SELECTED] = chosen
    seat = url_seat()
    if seat is not None:
        _KEPT.put(seat, chosen)


def _chosen() -> object:
    """This page's selection: the seat's latest pick, whichever of its
    pages made it. A reloaded page (a new session) so finds the card
    picked before the reload, and a tap the server handled for the page
    being reloaded away, after the new page first ran, still arrives. A
    page without a seat keeps its own."""
    seat = url_seat()
    if seat is not None:
        kept, chosen = _KEPT.get(seat)
        if kept:
            return chosen
    return st.session_state.get(_SELECTED)


def picked(cards: Sequence[CardView], scope: Hashable) -> int | None:
    """The card selected in this scope, if it is still closed."""
    chosen = _chosen()
    if not isinstance(chosen, tuple) or chosen[0] != scope:
        return None
    index = chosen[1]
    return index if isinstance(index, int) and cards[index].colour is None else None


def card_picker(
    cards: Sequence[CardView],
    scope: Hashable,
    *,
    on_tap: Callable[[int], None] | None = None,
    map_colours: Sequence[Colour] | None = None,
    neutral_on: Team | None = None,
    language: str = "en",
    sides: Mapping[Team, SideView] | None = None,
) -> int | None:
    """The board as buttons; a tap selects a card (a second tap unselects
    it). Returns the selected card. `sides`: the view's side colours (K-2)."""

    def tap(index: int) -> None:
        again = picked(cards, scope) == index
        _remember(None if again else (scope, index))
        if on_tap is not None:
            on_tap(index)

    selected = picked(cards, scope)
    card_buttons(
        cards,
        tap,
        map_colours=map_colours,
        selected=selected,
        neutral_on=neutral_on,
        language=language,
        sides=sides,
    )
    return selected


def take_pick() -> int | None:
    """The selected card, forgotten as it is opened."""
    chosen = _chosen()
    _remember(None)
    return chosen[1] if isinstance(chosen, tuple) else None


def open_bar(
    cards: Sequence[CardView],
    selected: int | None,
    *,
    on_open: Callable[[], None],
    open_label: str | None = None,
    on_end_turn: Callable[[], None] | None = None,
    may_end_turn: bool = False,
    end_turn_label: str | None = None,
    key: str = "open",
    end_turn_key: str = "end-turn",
) -> None:
    """Open (the selected card) and, where the turn allows, End Turn."""
    bar = st.container(horizontal=True, key=f"{key}-bar")
    if selected is not None:
        label = open_label or _("Open")
        bar.button(
            f"{label} " + inert("{word}", word=cards[selected].word.upper()),
            type="primary",
            key=key,
            on_click=on_open,
        )
    else:
        bar.caption(_("Tap a card to select it, then Open."))
    if on_end_turn is not None:
        bar.button(
            end_turn_label or _("End Turn"),
            key=end_turn_key,
            disabled=not may_end_turn,
            on_click=on_end_turn,
        )

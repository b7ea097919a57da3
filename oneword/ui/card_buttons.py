"""The board as 25 buttons, for the seats that tap cards.

Each button's key (`card-N`) gives Streamlit a CSS class (`st-key-card-N`),
which colours open cards and the seat's own map; the colours written into
the CSS are only those the view holds, so nothing secret reaches the page.
A card's own rule (`div.st-key-card-N button`) is as specific as the
board's base rule and comes after it, so the card's colours win.

In Together, a card already known to be neutral on the map that decides
the next open (T-5) is marked, so players see it before trying it; the
engine still refuses it.

A side with its own colour (K-2, the view's `sides`) is drawn in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import streamlit as st

from oneword.engine import Colour, Team
from oneword.engine.views import CardView, SideView
from oneword.i18n import ngettext

from .cards import text_scale
from .hyphens import hyphenate
from .symbols import SYMBOL, paint
from .text import inert

_BASE_CSS = """
div[class*="st-key-card-"] button {width:100%; min-height:clamp(44px, 7vw, 96px);
  padding:2px; border:2px solid #b9ae93; background:#f4eedf; color:#2b2618;}
div[class*="st-key-card-"] button p {font-weight:600;
  font-size:max(12px, calc(var(--ow-scale, 1) * clamp(12px, 2.4vw, 24px)));
  line-height:1.15; overflow-wrap:break-word; hyphens:manual;}
div[data-testid="stHorizontalBlock"]:has(div[class*="st-key-card-"]) > div[data-testid="stColumn"]
  {min-width:0;}
@media (max-width: 640px) {
  div[data-testid="stHorizontalBlock"]:has(div[class*="st-key-card-"]) {gap:3px;}
  div[class*="st-key-card-"] button {padding:1px;}
}
div[class*="st-key-card-"] button [data-testid="stMarkdownContainer"],
div[class*="st-key-card-"] button p {white-space:normal; overflow:visible; text-overflow:clip;}
"""


KNOWN_NEUTRAL = "⊘"
"""The mark on a card known to be neutral on the deciding map (T-5)."""


def _card_css(
    card: CardView,
    map_colour: Colour | None,
    selected: bool,
    sides: Mapping[Team, SideView] | None = None,
    *,
    neutral: bool = False,
) -> str:
    # `:disabled` too: Streamlit's disabled-button style would hide an open card's colour.
    key = f"div.st-key-card-{card.index} button"
    rule = f"{key}, {key}:disabled {{"
    if card.colour is not None:
        bg, fg, _ = paint(card.colour, sides)
        rule += f"background:{bg};color:{fg};border-color:{bg};"
    elif map_colour is not None:
        bg, _, tint = paint(map_colour, sides)
        rule += f"border:3px solid {bg};background:{tint};"
    if neutral:
        rule += "border-style:dashed;opacity:0.6;"
    if selected:
        rule += "outline:4px solid #f9a825;outline-offset:2px;"
    scale = text_scale(card.word)
    if scale != 1.0:
        rule += f"--ow-scale:{scale};"
    return rule + "}"


def _label(
    card: CardView, map_colour: Colour | None, selected: bool, *, neutral: bool, language: str
) -> str:
    shown = card.colour or map_colour
    parts = [SYMBOL[shown]] if shown else []
    if selected:
        parts.append("▶")
    parts.append(inert("{word}", word=hyphenate(card.word, language)))
    if neutral:
        parts.append(KNOWN_NEUTRAL)
    if len(card.marked_by) == 1:
        parts.append(inert("· {name}", name=card.marked_by[0]))
    elif card.marked_by:
        picks = len(card.marked_by)
        parts.append("· " + ngettext("{count} pick", "{count} picks", picks).format(count=picks))
    return " ".join(parts)


def card_buttons(
    cards: Sequence[CardView],
    on_tap: Callable[[int], None],
    *,
    map_colours: Sequence[Colour] | None = None,
    selected: int | None = None,
    enabled: bool = True,
    neutral_on: Team | None = None,
    language: str = "en",
    sides: Mapping[Team, SideView] | None = None,
) -> None:
    """Five rows of five buttons; tapping a closed card calls `on_tap(index)`.
    Closed cards already neutral on `neutral_on`'s map are marked; words
    break where `language` hyphenates them; `sides` (the view's, K-2)
    colours each side's cards."""

    def neutral(card: CardView) -> bool:
        return card.colour is None and neutral_on is not None and neutral_on in card.neutral_for

    css = [_BASE_CSS]
    for card in cards:
        colour = map_colours[card.index] if map_colours is not None else None
        css.append(_card_css(card, colour, card.index == selected, sides, neutral=neutral(card)))
    st.html(f"<style>{''.join(css)}</style>")
    for row in range(5):
        columns = st.columns(5, gap="small", wrap=False)
        for column, card in zip(columns, cards[row * 5 : row * 5 + 5], strict=True):
            colour = map_colours[card.index] if map_colours is not None else None
            column.button(
                _label(
                    card,
                    colour,
                    card.index == selected,
                    neutral=neutral(card),
                    language=language,
                ),
                key=f"card-{card.index}",
                disabled=not enabled or card.colour is not None,
                on_click=on_tap,
                args=(card.index,),
                help=", ".join(inert("{name}", name=n) for n in card.marked_by) or None,
                width="stretch",
            )

"""K-2 on the board: a Codewords side's cards are drawn in the side's own
colour, read from the view's `sides`, with the colour-blind symbols kept
(P-7); without sides (Versus, Together) the cards look as they always did.
Only "#rrggbb" colours reach the CSS."""

from __future__ import annotations

import re

import pytest

from oneword.engine import Colour, Team
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.views import CardView, SideView
from oneword.ui.card_buttons import _card_css, _label
from oneword.ui.cards import board_html, card_html
from oneword.ui.symbols import BACKGROUND, FOREGROUND, SYMBOL, TINT, paint

TEAL = SideView(colour="teal", name="Teal", hex=PALETTE["teal"].hex)
SIDES = {Team.RED: TEAL, Team.BLUE: SideView(colour="gold", name="Gold", hex="#c99a06")}


def card(colour: Colour | None = None, index: int = 3) -> CardView:
    return CardView(index=index, word="apple", colour=colour)


def test_K_2_an_open_card_is_drawn_in_its_sides_colour() -> None:
    html = card_html(card(Colour.RED), None, sides=SIDES)
    assert f"background:{PALETTE['teal'].hex}" in html
    assert BACKGROUND[Colour.RED] not in html
    assert 'aria-label="apple: open, teal"' in html
    assert f'<span class="ow-sym">{SYMBOL[Colour.RED]}</span>' in html


def test_K_2_the_handlers_map_is_tinted_in_the_sides_colour() -> None:
    html = card_html(card(), Colour.BLUE, sides=SIDES)
    assert "border-color:#c99a06" in html and "ow-map" in html
    assert "closed, gold on your map" in html
    assert SYMBOL[Colour.BLUE] in html


def test_K_2_tappable_cards_use_the_sides_colour() -> None:
    css = _card_css(card(Colour.BLUE), None, False, SIDES)
    assert "background:#c99a06" in css
    assert "color:#000000" in css, "dark text on a light side colour"
    label = _label(card(Colour.BLUE), None, False, neutral=False, language="en")
    assert label.startswith(SYMBOL[Colour.BLUE])


@pytest.mark.parametrize("colour", [Colour.NEUTRAL, Colour.BLACK])
def test_K_2_neutral_and_black_cards_keep_their_colours(colour: Colour) -> None:
    assert f"background:{BACKGROUND[colour]}" in card_html(card(colour), None, sides=SIDES)
    assert f"background:{BACKGROUND[colour]}" in _card_css(card(colour), None, False, SIDES)


def test_P_7_without_sides_cards_look_as_before() -> None:
    for colour in Colour:
        assert paint(colour) == (BACKGROUND[colour], FOREGROUND[colour], TINT[colour])
    html = board_html([card(Colour.RED, 0), card(None, 1)], [Colour.RED, Colour.BLUE])
    assert f"background:{BACKGROUND[Colour.RED]}" in html
    assert f"background:{TINT[Colour.BLUE]}" in html


def test_K_2_a_side_colour_that_is_not_a_plain_hex_colour_is_never_written() -> None:
    hostile = SideView(colour="x", name="X", hex="red;}</style><script>alert(1)</script>")
    sides = {Team.RED: hostile}
    assert paint(Colour.RED, sides) == paint(Colour.RED)
    html = card_html(card(Colour.RED), None, sides=sides)
    css = _card_css(card(Colour.RED), None, False, sides)
    assert "script" not in html + css and "alert" not in html + css


def test_K_2_every_palette_colour_is_a_plain_hex_colour() -> None:
    for colour in PALETTE.values():
        assert re.fullmatch(r"#[0-9a-f]{6}", colour.hex), colour
        assert re.fullmatch(r"[A-Za-z]+", colour.name), colour

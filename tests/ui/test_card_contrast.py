"""P-7 and WCAG AA: every card colour and the text on it, as the boards
draw them on a phone and on the projector (the same palette at two
sizes), read at 4.5:1 or more; the rings that show the keyboard's focus
and the selected card stand out at 3:1 or more (WCAG 1.4.11)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from oneword.engine import Colour, Team
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.views import CardView, SideView
from oneword.ui.app import theme
from oneword.ui.app.readable import READABLE_CSS
from oneword.ui.card_buttons import _BASE_CSS, _card_css
from oneword.ui.cards import BOARD_CSS
from oneword.ui.symbols import (
    BACKGROUND,
    CLOSED_BACKGROUND,
    CLOSED_TEXT,
    FOCUS_HALO,
    FOCUS_RING,
    FOREGROUND,
    TINT,
    contrast_ratio,
    paint,
)

TEXT = 4.5
RING = 3.0
REPO = Path(__file__).resolve().parents[2]


def test_contrast_ratio_matches_wcag_reference_values() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("colour", list(Colour))
def test_P_7_an_open_cards_text_reads_on_its_colour(colour: Colour) -> None:
    ratio = contrast_ratio(FOREGROUND[colour], BACKGROUND[colour])
    assert ratio >= TEXT, f"{colour}: {ratio:.2f}"


@pytest.mark.parametrize("colour", list(Colour))
def test_P_7_a_map_cards_text_reads_on_its_tint(colour: Colour) -> None:
    """A captain's closed card, a Together player's map, a never-opened
    card on the results: the usual text on the colour's tint."""
    ratio = contrast_ratio(CLOSED_TEXT, TINT[colour])
    assert ratio >= TEXT, f"{colour}: {ratio:.2f}"


def test_P_7_a_closed_cards_text_reads() -> None:
    assert contrast_ratio(CLOSED_TEXT, CLOSED_BACKGROUND) >= TEXT
    assert (theme.value("--ow-card"), theme.value("--ow-card-text")) == (
        CLOSED_BACKGROUND,
        CLOSED_TEXT,
    )
    for css in (BOARD_CSS, _BASE_CSS):
        assert "background:var(--ow-card); color:var(--ow-card-text);" in " ".join(css.split())


@pytest.mark.parametrize("pick", sorted(PALETTE))
def test_K_2_every_side_colour_reads_open_and_on_a_map(pick: str) -> None:
    colour = PALETTE[pick]
    sides = {Team.RED: SideView(colour=pick, name=colour.name, hex=colour.hex)}
    drawn = paint(Colour.RED, sides)
    assert drawn.background == colour.hex
    open_ratio = contrast_ratio(drawn.foreground, drawn.background)
    assert open_ratio >= TEXT, f"{pick} open: {open_ratio:.2f}"
    map_ratio = contrast_ratio(CLOSED_TEXT, drawn.tint)
    assert map_ratio >= TEXT, f"{pick} on a map: {map_ratio:.2f}"


def test_the_focus_ring_stands_out_on_the_page_and_on_every_card() -> None:
    grounds = ["#ffffff", CLOSED_BACKGROUND, *TINT.values()]
    for ground in grounds:
        assert contrast_ratio(FOCUS_RING, ground) >= RING, ground
    assert theme.value("--ow-focus") == FOCUS_RING
    assert "outline:4px solid var(--ow-focus)" in _BASE_CSS
    assert "outline:3px solid var(--ow-focus)" in READABLE_CSS


STREAMLIT_DARK_GROUNDS = ["#0e1117", "#262730"]
"""Streamlit's dark theme: the page and the widgets' background."""


def test_the_two_tone_focus_ring_shows_on_the_light_and_the_dark_theme() -> None:
    """The dark ring alone is lost on the dark theme: the light band inside
    it stands out there, and the two tones stand apart from each other."""
    assert contrast_ratio(FOCUS_RING, FOCUS_HALO) >= RING
    for ground in ["#ffffff", CLOSED_BACKGROUND, *STREAMLIT_DARK_GROUNDS]:
        best = max(contrast_ratio(FOCUS_RING, ground), contrast_ratio(FOCUS_HALO, ground))
        assert best >= RING, ground
    assert contrast_ratio(FOCUS_RING, STREAMLIT_DARK_GROUNDS[0]) < RING  # why the band is there
    assert "box-shadow:0 0 0 2px var(--ow-focus-halo)" in READABLE_CSS
    assert "box-shadow:0 0 0 3px var(--ow-focus-halo)" in _BASE_CSS


def test_the_selected_cards_inner_ring_stands_out_on_every_closed_card() -> None:
    """The selection's yellow outline is decoration; the dark inner ring
    is what meets 3:1 on a closed card, tinted or not."""
    for ground in [CLOSED_BACKGROUND, *TINT.values()]:
        assert contrast_ratio(CLOSED_TEXT, ground) >= RING, ground
    css = _card_css(CardView(index=0, word="apple"), None, True)
    assert "box-shadow:inset 0 0 0 3px var(--ow-card-text)" in css


def test_the_themes_accent_reads_on_white_and_on_its_tint() -> None:
    """Streamlit draws the accent as text on white and on a tenth of it."""
    config = tomllib.loads((REPO / ".streamlit" / "config.toml").read_text())
    accent = config["theme"]["light"]["primaryColor"]
    channels = [int(accent[i : i + 2], 16) for i in (1, 3, 5)]
    tint = "#" + "".join(f"{round(c * 0.1 + 255 * 0.9):02x}" for c in channels)
    assert contrast_ratio(accent, "#ffffff") >= TEXT
    assert contrast_ratio(accent, tint) >= TEXT

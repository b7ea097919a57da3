"""Cards drawn once per look (`cards.board_html` keeps each card's HTML):
what a board shows never depends on what another board drew before it
(P-7 names, V-5 marks, K-2 side colours, the page language)."""

from __future__ import annotations

from oneword.engine import Colour, Team
from oneword.engine.views import CardView, SideView
from oneword.i18n import use_language
from oneword.ui.cards import board_html, card_html


def _board(marked: list[str], open_first: bool) -> list[CardView]:
    cards = [CardView(index=i, word=f"word{i}") for i in range(25)]
    cards[0] = CardView(index=0, word="apple", marked_by=marked)
    if open_first:
        cards[1] = CardView(index=1, word="river", colour=Colour.RED)
    return cards


def _uncached(cards: list[CardView], sides: dict[Team, SideView] | None = None) -> str:
    return "".join(card_html(c, None, sides=sides) for c in cards)


def test_a_board_drawn_from_kept_cards_is_the_board_drawn_afresh() -> None:
    for marked, open_first in ((["Ana"], False), (["Ana", "Ben"], True), ([], True)):
        cards = _board(marked, open_first)
        assert _uncached(cards) in board_html(cards)


def test_a_change_to_one_card_shows_on_the_next_board() -> None:
    before = board_html(_board(["Ana"], False))
    after = board_html(_board(["Ana", "Ben"], False))
    assert "Ben" not in before
    assert "Ben" in after


def test_the_page_language_is_part_of_a_cards_look() -> None:
    cards = _board(["Ana"], False)
    english = board_html(cards)
    with use_language("de"):
        german = board_html(cards)
    assert "picked by Ana" in english
    assert "gewählt von Ana" in german
    assert "gewählt von" not in board_html(cards)


def test_side_colours_are_part_of_a_cards_look() -> None:
    cards = _board([], True)
    sides = {
        Team.RED: SideView(colour="green", name="Green", hex="#1b7f3b"),
        Team.BLUE: SideView(colour="gold", name="Gold", hex="#a07800"),
    }
    plain_board = board_html(cards)
    coloured = board_html(cards, sides=sides)
    assert "#1b7f3b" in coloured
    assert "#1b7f3b" not in plain_board
    assert _uncached(cards, sides=sides) in coloured

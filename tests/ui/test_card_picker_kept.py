"""P-4: a seat's selected card survives its page being replaced (a reload,
the watchdog's heal): the new page finds the card, and a tap the server
handled for the old page after the new one first ran still reaches it.
Each "page" here is one session's state; both belong to one seat."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from oneword.engine.view_parts import CardView
from oneword.ui import card_picker

SCOPE = ("ABCDE", 3, False)
CARDS = [CardView(index=i, word=f"word{i}") for i in range(25)]


class Pages:
    """Two sessions of one seat; `on(name)` makes one the running page."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.states: dict[str, dict[str, Any]] = {"old": {}, "new": {}}
        self.st = SimpleNamespace(session_state=self.states["old"])
        monkeypatch.setattr(card_picker, "st", self.st)
        monkeypatch.setattr(card_picker, "url_seat", lambda: "seat-token")
        monkeypatch.setattr(card_picker, "_KEPT", type(card_picker._KEPT)())

    def on(self, name: str) -> None:
        self.st.session_state = self.states[name]

    def tap(self, name: str, index: int) -> None:
        self.on(name)
        card_picker._remember((SCOPE, index))

    def picked(self, name: str) -> int | None:
        self.on(name)
        return card_picker.picked(CARDS, SCOPE)


def test_P_4_a_reloaded_page_finds_the_card_picked_before(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = Pages(monkeypatch)
    pages.tap("old", 7)
    assert pages.picked("new") == 7


def test_P_4_a_tap_handled_for_the_old_page_after_the_new_one_ran_arrives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pages = Pages(monkeypatch)
    assert pages.picked("new") is None  # the new page's first run
    pages.tap("old", 3)  # the old page's tap, handled late
    assert pages.picked("new") == 3


def test_P_4_the_latest_tap_wins_on_every_page_of_the_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = Pages(monkeypatch)
    pages.tap("old", 3)
    assert pages.picked("new") == 3
    pages.tap("new", 9)
    assert pages.picked("new") == 9
    assert pages.picked("old") == 9
    pages.on("new")
    assert card_picker.take_pick() == 9
    assert pages.picked("old") is None

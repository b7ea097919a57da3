"""A refusal stays with the seat through a reload (L-3 and the pages'
healing, docs/design.md "Pages never go blank"): the watchdog reloads a
broken page into a new session of the same seat, and the message the
player's last action got must still be there, or the player is left
guessing why nothing happened."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from oneword.ui import actions
from oneword.ui.app.seat_memory import SeatMemory


class Pages:
    """Sessions of one seat (`old`, `new`) and one of another seat's
    (`other`); `on(name)` makes one the running page and `shown` lists what
    `show_error` told."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.states: dict[str, dict[str, Any]] = {"old": {}, "new": {}, "other": {}}
        self.seat = "seat-token"
        self.st = SimpleNamespace(session_state=self.states["old"])
        self.shown: list[str] = []
        monkeypatch.setattr(actions, "st", self.st)
        monkeypatch.setattr(actions, "url_seat", lambda: self.seat)
        monkeypatch.setattr(actions, "_REFUSALS", SeatMemory())
        monkeypatch.setattr(actions, "tell", lambda _kind, text, **_: self.shown.append(text))

    def on(self, name: str) -> None:
        self.st.session_state = self.states[name]
        self.seat = "another-seat" if name == "other" else "seat-token"

    def show(self, place: str) -> list[str]:
        self.shown.clear()
        actions.show_error(place)
        return list(self.shown)


@pytest.fixture
def pages(monkeypatch: pytest.MonkeyPatch) -> Pages:
    return Pages(monkeypatch)


def test_a_reloaded_page_shows_the_refusal_its_seat_got(pages: Pages) -> None:
    actions.report("custom", "'apple' is on the list twice")
    pages.on("new")
    assert pages.show("custom") == ["'apple' is on the list twice"]
    assert pages.show("clue") == []  # only where it was refused
    pages.on("other")
    assert pages.show("custom") == []  # and only for that seat


def test_a_new_attempt_clears_the_refusal_on_every_page_of_the_seat(pages: Pages) -> None:
    actions.report("custom", "too few words")
    pages.on("new")
    actions.forget("custom")
    pages.on("old")
    assert pages.show("custom") == []


def test_a_kept_refusal_goes_after_its_time(pages: Pages, monkeypatch: pytest.MonkeyPatch) -> None:
    actions.report("custom", "too few words")
    later = actions.time.monotonic() + actions.SHOWN_FOR + 1
    monkeypatch.setattr(actions.time, "monotonic", lambda: later)
    pages.on("new")
    assert pages.show("custom") == []


def test_a_page_without_a_seat_keeps_its_own_refusal(pages: Pages) -> None:
    pages.seat = None  # type: ignore[assignment]
    actions.report("join", "That name is taken")
    assert pages.show("join") == ["That name is taken"]
    pages.st.session_state = pages.states["new"]
    assert pages.show("join") == []

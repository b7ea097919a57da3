"""A failed action shows a message where the player acted, never a
traceback, whatever went wrong behind it; the message stays through
redraws until the player acts there again."""

from __future__ import annotations

import pytest
from apptest_helpers import shown
from streamlit.testing.v1 import AppTest

from oneword.ui import actions


def _script() -> None:
    import streamlit as st

    from oneword.engine.errors import LobbyError
    from oneword.ui.actions import attempt, show_error

    def refused() -> None:
        raise LobbyError("room_full", "This room is full.")

    def broken() -> None:
        raise RuntimeError("disk on fire")

    st.button("Refused", on_click=lambda: attempt("here", refused) and None)
    st.button("Broken", on_click=lambda: attempt("here", broken) and None)
    st.button("Fine", on_click=lambda: attempt("here", lambda: None) and None)
    show_error("here")


def test_a_refusal_and_a_failure_both_become_messages() -> None:
    app = AppTest.from_function(_script, default_timeout=20)
    app.run()
    app.button[0].click().run()
    assert [shown(e.value) for e in app.error] == ["This room is full."]
    app.button[1].click().run()
    assert not app.exception
    assert [shown(e.value) for e in app.error] == [
        "That did not work, and nothing was changed. Please try again."
    ]
    app.run()
    app.run()
    assert len(app.error) == 1, "a redraw (another player's move) keeps the message"
    app.button[2].click().run()
    assert not app.error, "acting there again clears it"


def test_a_message_goes_after_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    app = AppTest.from_function(_script, default_timeout=20)
    app.run()
    app.button[0].click().run()
    assert len(app.error) == 1
    monkeypatch.setattr(actions, "SHOWN_FOR", -1.0)
    app.run()
    assert not app.error

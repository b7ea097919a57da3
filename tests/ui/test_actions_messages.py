"""A failed action shows a message where the player acted, never a
traceback, whatever went wrong behind it."""

from __future__ import annotations

from apptest_helpers import shown
from streamlit.testing.v1 import AppTest


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
    assert not app.error, "a message is shown once"

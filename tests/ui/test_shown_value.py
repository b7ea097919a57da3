"""`shown_value`: a control's change callback acts only while the control is
on the screen. The browser goes on sending the last value of a control it
was shown; once a run no longer draws it, Streamlit may call its callback
with that value (the lobby's Together-only game type control sent
Together back after a fourth player joined: the flaky Codewords browser
test). These runs check the bookkeeping the callbacks rely on."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _page() -> None:
    import streamlit as st

    from oneword.ui.screens.lobby import shown_value

    shown_value.begin()
    if st.session_state.get("show", True):
        key = shown_value.shown_key("mode", "together")

        def changed() -> None:
            st.session_state["callback_saw_it_drawn"] = shown_value.is_drawn(key)

        st.toggle("Together only", key=key, on_change=changed)
    shown_value.finish()


def _drawn(app: AppTest) -> tuple[set[str], set[str]]:
    return app.session_state["shown_value_drawn"], app.session_state["shown_value_finished"]


def test_a_control_on_the_screen_is_drawn_for_its_callback() -> None:
    app = AppTest.from_function(_page, default_timeout=20)
    app.run()
    assert app.toggle[0].key == "mode=together=0", "the key names the value shown"
    app.toggle[0].set_value(True).run()
    assert app.session_state["callback_saw_it_drawn"] is True


def test_a_control_the_page_stopped_drawing_is_no_longer_drawn() -> None:
    app = AppTest.from_function(_page, default_timeout=20)
    app.run()
    assert _drawn(app) == ({"mode=together=0"}, {"mode=together=0"})
    app.session_state["show"] = False
    app.run()
    assert _drawn(app) == (set(), set()), "its callback would be refused"

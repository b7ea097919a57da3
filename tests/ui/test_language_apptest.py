"""The UI language (issue #20): a session speaks the language it chose,
else the browser's when the app speaks it, else English."""

from __future__ import annotations

import pytest
from apptest_helpers import APP, open_app, titles
from streamlit.testing.v1 import AppTest

from oneword.ui.app.language import accepted_language


def test_a_new_session_without_a_browser_language_speaks_english() -> None:
    app = open_app()
    assert titles(app) == ["In One Word"]
    assert app.session_state["ui_language"] == "en"


def test_a_session_that_chose_german_gets_home_in_german() -> None:
    app = open_app()
    app.session_state["ui_language"] = "de"
    app.run()
    assert titles(app) == ["In einem Wort"]
    assert "Raum erstellen" in [b.label for b in app.get("form_submit_button")]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("ja,fr-CA;q=0.8,en;q=0.5", "fr"),
        ("en;q=0.3,nl;q=0.9", "nl"),
        ("ja,zh", None),
        ("pt;q=0", None),
        ("", None),
    ],
)
def test_accept_language_gives_the_first_language_the_app_speaks(
    header: str, expected: str | None
) -> None:
    assert accepted_language(header) == expected


def test_the_language_chosen_on_home_is_kept_on_the_device() -> None:
    """The choice on Home changes every text at once and is written to a
    cookie of the device, so the next visit starts in it."""
    app = open_app()
    choice = app.selectbox(key="ui_language_choice")
    assert choice.label == "Language of the app"
    choice.set_value("fr").run()
    assert titles(app) == ["En un mot"]
    assert app.selectbox(key="ui_language_choice").label == "Langue de l'appli"
    assert app.session_state["cookies_wanted"]["oneword_language"][0] == "fr"


def test_a_session_without_a_choice_starts_in_the_cookie_language() -> None:
    app = AppTest.from_file(str(APP), default_timeout=20)
    app.session_state["cookies_wanted"] = {"oneword_language": ("nl", 3600)}
    app.run()
    assert titles(app) == ["In één woord"]

"""The UI language (issue #20): a session speaks the language it chose,
else the browser's when the app speaks it, else English."""

from __future__ import annotations

import pytest
from apptest_helpers import open_app, titles

from oneword.ui.language import accepted_language


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

"""User text is shown as text (docs/design.md, "Identity and safety"): the one
renderer escapes every user value, whatever the template around it.

What Streamlit's Markdown makes of the escaped text is checked in a real
browser (tests/e2e/test_e2e_hostile_text.py); here, the strings themselves.
"""

from __future__ import annotations

import re

import pytest
from apptest_helpers import shown
from streamlit.testing.v1 import AppTest

from oneword.ui.text import FSI, JOINER, PDI, escape_markdown, inert, isolate, plain

HOSTILE = [
    "[l](http://e.v)",
    "![](//h.i/a)",
    "www.evil.com",
    "WWW.EVIL.COM",
    "http://x.y",
    "mailto:a@b.co",
    ":material/home:",
    ":red[x]",
    "$x^2$",
    "<img src=x onerror=alert(1)>",
    "**b** _i_ ~~s~~ `c`",
    "# h",
    "1. a",
    "> q",
    ":smile:",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_an_escaped_value_reads_as_typed(text: str) -> None:
    assert shown(escape_markdown(text)) == text


@pytest.mark.parametrize("text", HOSTILE)
def test_no_markdown_sign_is_left_unescaped(text: str) -> None:
    escaped = escape_markdown(text)
    unescaped = re.sub(r"\\.", "", escaped)
    assert not set(unescaped) & set("\\`*_{}[]()#+-.!|>~<$:&=^"), escaped


@pytest.mark.parametrize(
    ("text", "broken"),
    [
        ("www.evil.com", f"www{JOINER}"),
        ("WWW.E.CO", f"WWW{JOINER}"),
        ("http://x.y", f":{JOINER}//"),
        ("a@b.co", f"@{JOINER}b"),
        (":material/home:", f":{JOINER}material"),
        (":red[x]", f":{JOINER}red"),
    ],
)
def test_a_joiner_stops_links_icons_and_colours_from_forming(text: str, broken: str) -> None:
    """Streamlit finds these after escapes are undone: only a character
    between the pattern's parts stops it."""
    assert broken in escape_markdown(text).replace("\\", "")


def test_a_colon_before_a_space_and_a_full_stop_stay_as_they_are() -> None:
    """Messages keep their punctuation where no pattern can start, so a
    player (or a test) finds the words they expect."""
    assert escape_markdown("Type a name: 24 characters.") == "Type a name\\: 24 characters\\."


def test_templates_keep_their_own_markdown_and_escape_only_the_values() -> None:
    assert inert("**{name}** left", name="**x**") == "**\\*\\*x\\*\\*** left"


def test_a_value_is_never_formatted_twice() -> None:
    assert plain("{a} and {b}", a="{b}", b="x") == "{b} and x"


def test_right_to_left_values_are_isolated_and_others_left_alone() -> None:
    assert isolate("שלום") == f"{FSI}שלום{PDI}"
    assert isolate("علي 12") == f"{FSI}علي 12{PDI}"
    assert isolate("Ana") == "Ana"
    assert plain("· {name} (host)", name="אבג") == f"· {FSI}אבג{PDI} (host)"


def test_bidi_controls_in_a_value_are_removed() -> None:
    """An override could reorder the rest of the line; an isolate of the
    value's own could close ours early."""
    assert isolate("\u202eabc\u2069") == "abc"
    assert isolate("\u202bשלום\u2069x") == f"{FSI}שלוםx{PDI}"


def _messages() -> None:
    from oneword.ui.text import say, tell

    name = "[l](http://e.v)"
    for kind in ("error", "warning", "info", "success", "caption", "markdown"):
        say(kind, "Paused by {name}.", name=name)  # type: ignore[arg-type]
    tell("error", f"{name} must be on a team to be captain.")


def test_every_kind_of_message_shows_the_value_escaped() -> None:
    app = AppTest.from_function(_messages, default_timeout=20)
    app.run()
    bodies = [e.value for kind in ("error", "warning", "info", "success") for e in app.get(kind)]
    bodies += [c.value for c in app.caption] + [m.value for m in app.markdown]
    assert len(bodies) == 7
    for body in bodies:
        assert "[l](http" not in body, body
        assert shown(body) in (
            "Paused by [l](http://e.v).",
            "[l](http://e.v) must be on a team to be captain.",
        )

"""Messages go through the one renderer (`oneword/ui/text.py`).

`st.error`, `st.warning`, `st.info`, `st.success` and `st.toast` render
Markdown, and a message is where user text most often ends up (a refusal
that names a player, a banner with a name). So pages and UI pieces call
them only with a fixed text of their own; anything built at run time goes
through `say` or `tell`, which escape the user values.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    ROOT / "streamlit_app.py",
    *sorted((ROOT / "app_pages").glob("*.py")),
    *sorted((ROOT / "oneword" / "ui").rglob("*.py")),
]
MESSAGES = {"error", "warning", "info", "success", "toast"}
RENDERER = ROOT / "oneword" / "ui" / "text.py"


TRANSLATED = {"_", "pgettext"}
"""`oneword.i18n`'s lookups: a literal text of ours in the player's
language is as fixed as the literal (the catalogs are ours too)."""


def _fixed(node: ast.expr) -> bool:
    """A string literal (translated or not), or a choice between them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in TRANSLATED and all(_fixed(arg) for arg in node.args)
    if isinstance(node, ast.IfExp):
        return _fixed(node.body) and _fixed(node.orelse)
    return False


def built_messages(source: str) -> list[int]:
    """The lines of `source` that show a message built at run time."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in MESSAGES
        and node.args
        and not _fixed(node.args[0])
    ]


def test_messages_are_fixed_text_or_go_through_say() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in SOURCES
        if path != RENDERER
        for line in built_messages(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"build these messages with say() or tell(): {found}"


def test_the_check_finds_a_built_message() -> None:
    source = (
        'st.warning(f"Paused by {name}")\nst.info("Fixed.")\nbar.error(message)\n'
        'st.info(_("Fixed."))\nst.info(_(text))\nst.info(_("Paused by {name}").format(name=n))\n'
    )
    assert built_messages(source) == [1, 3, 5, 6]


HEADINGS = {"title", "header", "subheader"}


def anchored_headings(source: str) -> list[int]:
    """The lines of `source` with a heading that keeps Streamlit's anchor link.

    A heading's anchor is a link made from its text: a heading that names a
    side or a player would put a link built from game text on the page, and
    the link icon means nothing on a game screen.
    """
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in HEADINGS
        and not any(
            k.arg == "anchor" and isinstance(k.value, ast.Constant) and k.value.value is False
            for k in node.keywords
        )
    ]


def test_headings_have_no_anchor_links() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in SOURCES
        for line in anchored_headings(path.read_text(encoding="utf-8"))
    ]
    assert not found, f"give these headings anchor=False: {found}"


def test_the_check_finds_an_anchored_heading() -> None:
    source = 'st.title("Room")\nst.subheader("Bots", anchor=False)\nst.header(x)\n'
    assert anchored_headings(source) == [1, 3]

"""The README and the guides in docs/ point at files that exist: a guide
whose picture or link is missing is a broken promise to its reader."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def local_targets(markdown: str) -> list[str]:
    """Every link or picture in `markdown` that points into the repository."""
    return [
        target.split("#", 1)[0]
        for target in LINK.findall(markdown)
        if not re.match(r"[a-z]+:", target) and not target.startswith("#")
    ]


def test_every_local_link_and_picture_in_the_docs_exists() -> None:
    missing = [
        f"{doc.relative_to(ROOT)} -> {target}"
        for doc in DOCS
        for target in local_targets(doc.read_text(encoding="utf-8"))
        if not (doc.parent / target).exists()
    ]
    assert not missing, missing


def test_the_guides_are_linked_from_the_readme() -> None:
    readme = local_targets((ROOT / "README.md").read_text(encoding="utf-8"))
    for guide in ("docs/teachers.md", "docs/quickstart.md", "docs/troubleshooting.md"):
        assert guide in readme


def test_the_check_sees_a_broken_link() -> None:
    text = "![a](screenshots/x.png) [b](https://example.org) [c](#top) [d](api.md#x)"
    assert local_targets(text) == ["screenshots/x.png", "api.md"]

"""The README and the guides in docs/ point at files that exist: a guide
whose picture or link is missing is a broken promise to its reader."""

from __future__ import annotations

import ast
import importlib
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


# Rule ids and document references in the code, the tests and the docs
# resolve: a docstring that cites V-13 or docs/design.md, "The store" sends
# its reader somewhere real.

RULES = ROOT / "docs" / "rules.md"
RULE_ID = re.compile(r"(?<![\w-])((?:PR|[GCVTFXORLPBKJHW])-\d+)(?![\w-])")
DEFINED = re.compile(r"^- \*\*((?:PR|[A-Z])-\d+)\*\*", re.M)
DOC_NAME = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.md)\b")
SECTION = re.compile(r"docs/design\.md,\s+\"([^\"]+)\"")
CITING = ("oneword", "tests", "benchmarks", "app_pages", "docs")


def citing_files() -> list[Path]:
    """Every text of ours that may cite a rule or a document."""
    found = [ROOT / "README.md", ROOT / "streamlit_app.py"]
    for folder in CITING:
        found += [
            path
            for path in sorted((ROOT / folder).rglob("*"))
            if path.suffix in (".py", ".md") and "artifacts" not in path.parts
        ]
    return [path for path in found if path != Path(__file__).resolve()]


def defined_rules() -> set[str]:
    return set(DEFINED.findall(RULES.read_text(encoding="utf-8")))


def cited_rules(text: str) -> set[str]:
    return set(RULE_ID.findall(text))


def doc_resolves(name: str, near: Path) -> bool:
    """A document name resolves from the root, from docs/ or from beside
    the file that names it."""
    return any((base / name).is_file() for base in (ROOT, ROOT / "docs", near.parent))


def design_sections() -> set[str]:
    text = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    return {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}


def test_the_rule_catalogue_defines_each_id_once() -> None:
    ids = DEFINED.findall(RULES.read_text(encoding="utf-8"))
    assert len(ids) > 90
    assert len(ids) == len(set(ids))


def test_every_cited_rule_id_is_in_the_catalogue() -> None:
    known = defined_rules()
    unknown = {
        f"{path.relative_to(ROOT)}: {rule}"
        for path in citing_files()
        for rule in cited_rules(path.read_text(encoding="utf-8")) - known
    }
    assert not unknown, sorted(unknown)


def test_every_named_document_exists() -> None:
    missing = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in citing_files()
        for name in DOC_NAME.findall(path.read_text(encoding="utf-8"))
        if not doc_resolves(name, path)
    }
    assert not missing, sorted(missing)


def test_every_cited_design_section_exists() -> None:
    sections = design_sections()
    missing = {
        f"{path.relative_to(ROOT)}: {cited}"
        for path in citing_files()
        for cited in SECTION.findall(path.read_text(encoding="utf-8"))
        if not any(heading.startswith(" ".join(cited.split())) for heading in sections)
    }
    assert not missing, sorted(missing)


def test_the_checks_see_what_they_look_for() -> None:
    assert cited_rules("V-13, PR-2 and K-2; not UTF-8, X-ray or V-13a") == {"V-13", "PR-2", "K-2"}
    assert DOC_NAME.findall("see docs/design.md and DESIGN.md, not x.mdx") == [
        "docs/design.md",
        "DESIGN.md",
    ]
    assert not doc_resolves("DESIGN.md", ROOT / "oneword" / "x.py")
    assert SECTION.findall('(docs/design.md, "The store")') == ["The store"]


# The documented API imports as docs/api.md says.

CODE_BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def documented_imports(markdown: str) -> list[tuple[str, str]]:
    """Each (module, name) a Python example of `markdown` imports."""
    found = []
    for block in CODE_BLOCK.findall(markdown):
        for node in ast.walk(ast.parse(block)):
            if isinstance(node, ast.ImportFrom) and node.module:
                found += [(node.module, alias.name) for alias in node.names]
    return found


def test_every_name_the_api_guide_imports_is_there() -> None:
    imports = documented_imports((ROOT / "docs" / "api.md").read_text(encoding="utf-8"))
    modules = {module for module, _ in imports}
    assert {"oneword.engine", "oneword.service", "oneword.clue_compare"} <= modules
    missing = [
        f"{module}.{name}"
        for module, name in imports
        if not hasattr(importlib.import_module(module), name)
    ]
    assert not missing, missing


def test_the_import_reader_sees_imports() -> None:
    text = "```python\nfrom a.b import (\n    c,\n    d,\n)\nx = 1\n```"
    assert documented_imports(text) == [("a.b", "c"), ("a.b", "d")]


# Paths and module names the docs give are where the code is.

CODE_PATH = re.compile(
    r"`((?:oneword|tests|benchmarks|app_pages|tools)/[\w/.-]+\.(?:py|css|js|md))`"
)
DOTTED = re.compile(r"`(oneword(?:\.[A-Za-z_]\w*)+)")
FILE_SUFFIXES = (".po", ".sqlite3", ".svg", ".css", ".js")


def dotted_resolves(name: str) -> bool:
    """`oneword.a.b.c`: the longest importable module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def test_every_path_and_module_the_docs_name_exists() -> None:
    missing = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        missing += [f"{doc.name}: {p}" for p in CODE_PATH.findall(text) if not (ROOT / p).exists()]
        missing += [
            f"{doc.name}: {name}"
            for name in DOTTED.findall(text)
            if not name.endswith(FILE_SUFFIXES) and not dotted_resolves(name)
        ]
    assert not missing, missing


def test_the_name_check_sees_a_moved_module() -> None:
    assert dotted_resolves("oneword.bots.play.next_action")
    assert not dotted_resolves("oneword.store.Store")
    assert CODE_PATH.findall("see `oneword/ui/text.py` and `x.py`") == ["oneword/ui/text.py"]

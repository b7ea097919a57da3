"""The layers hold (docs/design.md): pages -> ui -> service -> engine and
storage, and the engine imports nothing of the app.

The contracts are in pyproject.toml, checked by import-linter; the pages
are scripts outside the package, so their imports are read here.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE_IMPORTS = ("oneword.ui", "oneword.i18n")
"""What a page may import of the app: its screen and the translations."""


def test_the_import_contracts_are_kept() -> None:
    run = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports; lint_imports()"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def _app_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return [name for name in found if name.split(".")[0] == "oneword"]


def test_pages_import_only_their_screens() -> None:
    pages = [ROOT / "streamlit_app.py", *sorted((ROOT / "app_pages").glob("*.py"))]
    assert len(pages) > 5
    for page in pages:
        for name in _app_imports(page):
            assert name.startswith(PAGE_IMPORTS), f"{page.name} imports {name}"


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "oneword" / "py.typed").is_file()

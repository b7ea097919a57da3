"""Finding and loading the shipped package files (W-1, W-6).

The files live in `words/` at the repository root, or in `oneword/_words`
inside an installed wheel. Loading is defensive: each file is checked on
its own and a broken one becomes a `PackageProblem` that names the file and
says what to fix, while every good file still loads. A party should never
fail to start because somebody mistyped one word in one file.
"""

from __future__ import annotations

import functools
import logging
import tomllib
from pathlib import Path

from pydantic import ValidationError

from .forms import LANGUAGES, quote
from .packages import PackageProblem, PackageSet, WordPackage, package_problems

log = logging.getLogger(__name__)

_PACKAGE_KEYS = ("id", "title", "words")


def words_folder() -> Path:
    """Where the shipped package files are, from a wheel or a git checkout.

    The wheel carries `words/` inside the package as `oneword/_words`
    (pyproject force-include), so that is looked at first; a checkout or an
    editable install has it at the repository root next to `oneword/`.
    When neither exists the checkout path is returned, and loading it
    reports the missing folder as a problem instead of crashing.
    """
    package = Path(__file__).resolve().parent.parent  # oneword/
    installed = package / "_words"
    if installed.is_dir():
        return installed
    return package.parent / "words"


def _load_file(path: Path) -> WordPackage | list[PackageProblem]:
    """One package file, or the problems that keep it from loading."""

    def problem(message: str) -> list[PackageProblem]:
        return [PackageProblem(file=path.name, message=message)]

    try:
        raw = path.read_bytes()
    except OSError as exc:
        return problem(f"could not be read: {exc.strerror or exc}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return problem("is not UTF-8 text: save it as UTF-8 in your editor")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return problem(f"is not valid TOML: {exc}")

    messages = [
        f"has an unknown key {quote(key)} (expected id, title and words)"
        for key in data
        if key not in _PACKAGE_KEYS
    ]
    messages += package_problems(data.get("id"), data.get("title"), data.get("words"), path.stem)
    if messages:
        return [PackageProblem(file=path.name, message=m) for m in messages]
    try:
        return WordPackage(
            id=data["id"],
            titles=dict(data["title"]),
            words={code: tuple(data["words"][code]) for code in LANGUAGES},
        )
    except ValidationError as exc:  # the checks above should catch it all first
        return problem(f"is not a valid package: {exc.errors()[0]['msg']}")


def _load_folder(folder: Path) -> PackageSet:
    if not folder.is_dir():
        return PackageSet(
            problems=(PackageProblem(file=str(folder), message="word folder not found"),)
        )
    packages: list[WordPackage] = []
    problems: list[PackageProblem] = []
    files = sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))
    for path in files:
        loaded = _load_file(path)
        if isinstance(loaded, WordPackage):
            packages.append(loaded)
        else:
            problems.extend(loaded)
    if not files:
        problems.append(PackageProblem(file=str(folder), message="no package files (*.toml)"))
    for found in problems:
        log.warning("word package problem: %s", found)
    return PackageSet(packages=tuple(packages), problems=tuple(problems))


@functools.lru_cache(maxsize=1)
def _load_default() -> PackageSet:
    return _load_folder(words_folder())


def load_packages(folder: Path | None = None) -> PackageSet:
    """Load every `*.toml` package in `folder` (default: the shipped words).

    Never raises for a bad file: each broken file becomes one or more
    `PackageProblem`s and the rest still load (W-6). The default folder is
    read once per process and cached, because Streamlit pages call this on
    every rerun; call `reload_packages()` after editing the files.
    """
    if folder is None:
        return _load_default()
    return _load_folder(Path(folder))


def reload_packages() -> PackageSet:
    """Forget the cached default load and read the shipped files again."""
    _load_default.cache_clear()
    return _load_default()

"""One list of refusal codes (`errors.Reason`), each raised as one class.

The codes are what tests, bots and message catalogs match on, so the
source is read as text here: every refusal raised anywhere in the package
names its code from the list, no code is raised as two different classes,
and no code in the list is left unused.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import oneword
import oneword.classes.service
import oneword.service
from oneword.engine.errors import Reason, Refusal

PACKAGE = Path(oneword.__file__).resolve().parent


def _family(cls: type[Refusal]) -> set[str]:
    return {cls.__name__}.union(*(_family(sub) for sub in cls.__subclasses__()))


REFUSALS = _family(Refusal)


def _raises() -> list[tuple[str, ast.expr, str]]:
    """(class name, first argument, file) for every refusal constructed."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in REFUSALS:
                found.append((name, node.args[0], str(path.relative_to(PACKAGE))))
    return found


def _code(arg: ast.expr) -> str | None:
    if isinstance(arg, ast.Attribute) and getattr(arg.value, "id", "") == "Reason":
        return arg.attr
    return None


def test_every_refusal_names_a_code_from_the_list() -> None:
    assert [(name, where) for name, arg, where in _raises() if _code(arg) is None] == []


def test_each_code_is_raised_as_one_class() -> None:
    classes: defaultdict[str, set[str]] = defaultdict(set)
    for name, arg, _ in _raises():
        code = _code(arg)
        if code is not None:
            classes[code].add(name)
    assert {code: names for code, names in classes.items() if len(names) > 1} == {}


def test_every_code_in_the_list_is_raised_somewhere() -> None:
    used = {_code(arg) for _, arg, _ in _raises()}
    assert {r.name for r in Reason} - used == set()


def test_a_refusal_keeps_its_code_and_message() -> None:
    refusal = Refusal(Reason.NO_SUCH_ROOM, "No room with code ABCDE.")
    assert refusal.code == "no_such_room" and refusal.message == "No room with code ABCDE."
    assert isinstance(refusal, ValueError)

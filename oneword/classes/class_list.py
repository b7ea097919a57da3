"""A class list typed or pasted once: one name a line (or separated by
commas or semicolons, as a spreadsheet's column pastes), each name held
to the rules of a player's name (L-2), no name twice."""

from __future__ import annotations

import re

from oneword.engine.errors import Reason
from oneword.engine.names import clean_name, skeleton
from oneword.i18n import N_
from oneword.service.errors import ServiceError

MAX_STUDENTS = 40
"""Names on one class list: a class of 25-30 and a few to spare."""
MAX_LIST_INPUT = 4_000
"""Characters read of a pasted list at all; a longer text is refused unread."""
_SEPARATORS = re.compile(r"[\n\r;,\t]+")


class ClassError(ServiceError):
    """A class session's refusal: its list, its rooms, a student's seat."""


def read_class_list(text: object) -> list[str]:
    """The names of a pasted class list, cleaned as players' names are;
    raises `ClassError` naming the first thing wrong."""
    if not isinstance(text, str) or len(text) > MAX_LIST_INPUT:
        raise ClassError(
            Reason.CLASS_LIST,
            N_("A class list has at most {count} names of 24 characters."),
            count=MAX_STUDENTS,
        )
    names: list[str] = []
    seen: dict[str, str] = {}
    for line in _SEPARATORS.split(text):
        if not line.strip():
            continue
        name = clean_name(line)
        same = seen.get(skeleton(name).replace(" ", ""))
        if same is not None:
            raise ClassError(
                Reason.CLASS_LIST,
                N_("{name} is on the list twice: add a letter or a surname to one."),
                name=same,
            )
        seen[skeleton(name).replace(" ", "")] = name
        names.append(name)
    if len(names) < 2:
        raise ClassError(Reason.CLASS_LIST, N_("Type at least two names, one a line."))
    if len(names) > MAX_STUDENTS:
        raise ClassError(
            Reason.CLASS_LIST,
            N_("A class list has at most {count} names of 24 characters."),
            count=MAX_STUDENTS,
        )
    return names

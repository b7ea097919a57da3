"""Players' names (L-2): what a name may be, and when two names are the same.

A name is read aloud, shown in every lobby line, on the projector and in
the clue log, so it must not be able to pass for something else:
- it is read in Unicode compatibility form (NFKC), with invisible and
  control characters (zero-width spaces, bidi overrides) removed and runs
  of spaces folded;
- it may not imitate what the app writes beside names: "(host)", "(bot)",
  "(away)", "← you", the captain's star, nor end in a number in brackets,
  as the app numbers a name typed twice;
- two names are the same when their skeletons match, spaces aside: case
  folded and each character replaced by a representative of the Unicode
  look-alikes it belongs to (Latin "A", Greek "Α" and Cyrillic "А" are one
  letter). A name that only looks like a name already in the room is
  refused ("Ana(3)" beside "Ana (3)", "AnaLee" beside "Ana Lee"); the
  same name typed again is numbered, "Ana (2)".
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data

from oneword.i18n import N_

from .errors import LobbyError, Reason

MAX_NAME = 24
"""L-2: characters in a name, after cleaning."""
MAX_NAME_INPUT = 200
"""What is read of a typed name at all; longer input is refused unread."""

_INVISIBLE = {"Cc", "Cf", "Co", "Cn", "Zl", "Zp"}
_BADGE_SIGNS = {"★", "☆", "←", "→", "✓", "✔"}
_BADGES = ("(host)", "(bot)", "(away)", "(you)", "(captain)", "(watching)")
_NUMBERED = re.compile(r"\(\s*\d+\s*\)$")
"""The app's own suffix for a name typed twice, "Ana (2)", in any spacing."""


def clean_name(name: object) -> str:
    """L-2: 1-24 characters after cleaning, any script; raises `LobbyError`
    naming what is wrong."""
    if not isinstance(name, str) or _has_surrogate(name):
        raise LobbyError(Reason.NAME_NOT_TEXT, N_("A name must be plain text."))
    if len(name) > MAX_NAME_INPUT:
        raise LobbyError(
            Reason.NAME_TOO_LONG, N_("A name has at most {count} characters."), count=MAX_NAME
        )
    name = unicodedata.normalize("NFKC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch) not in _INVISIBLE)
    name = " ".join(name.split())
    if not name:
        raise LobbyError(Reason.NAME_EMPTY, N_("Type a name to join."))
    if len(name) > MAX_NAME:
        raise LobbyError(
            Reason.NAME_TOO_LONG, N_("A name has at most {count} characters."), count=MAX_NAME
        )
    if _imitates_a_badge(name):
        raise LobbyError(
            Reason.NAME_BADGE,
            N_(
                "A name cannot contain what the app writes beside names, "
                "like (host), (bot), ← or ★."
            ),
        )
    if _NUMBERED.search(name):
        raise LobbyError(
            Reason.NAME_NUMBERED,
            N_("A name cannot end in a number in brackets: the app adds one when a name is taken."),
        )
    return name


def skeleton(name: str) -> str:
    """The form in which two names look the same: case folded, every
    character as its look-alike class's representative."""
    classes = _look_alike_classes()

    def mapped(text: str) -> str:
        return "".join(classes.get(ch, ch) for ch in text)

    # Capitals first (Greek "Ε" looks like "E", its small form does not
    # look like "e"), then the folded forms.
    return mapped(unicodedata.normalize("NFKC", mapped(name).casefold()))


def look(name: str) -> str:
    """What two names must share to look the same: the skeleton, without
    spaces ("Ana(3)" and "Ana (3)" are one name to the eye)."""
    return spaceless(skeleton(name))


def spaceless(key: str) -> str:
    """A skeleton without its spaces (a removed player's stored skeleton
    is compared this way too)."""
    return "".join(key.split())


def distinct_name(taken: list[str], name: str) -> str:
    """L-2: a second "Ana" in the room becomes "Ana (2)"; a name that only
    looks like one already taken is refused."""
    wanted = look(name)
    same = [t for t in taken if look(t) == wanted]
    if not same:
        return name
    if all(t.casefold() != name.casefold() for t in same):
        raise LobbyError(
            Reason.NAME_LOOKS_TAKEN,
            N_(
                "That name looks just like {name}, who is already here: "
                "pick a name everyone can tell apart."
            ),
            name=same[0],
        )
    keys = {look(t) for t in taken}
    n = 2
    while look(f"{name} ({n})") in keys:
        n += 1
    return f"{name} ({n})"


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def _imitates_a_badge(name: str) -> bool:
    plain = skeleton("".join(name.split()))
    if any(sign in name for sign in _BADGE_SIGNS):
        return True
    return any(skeleton(badge) in plain for badge in _BADGES)


@cache
def _look_alike_classes() -> dict[str, str]:
    """Each character of Unicode's confusables list mapped to one member of
    its look-alike class (an ASCII one where the class has one), built once."""
    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            ch = parent[ch]
        return ch

    for char, homoglyphs in confusables_data.items():
        for glyph in homoglyphs:
            if len(char) == 1 and len(glyph["c"]) == 1:
                a, b = find(char), find(glyph["c"])
                if a != b:
                    parent[max(a, b, key=_rank)] = min(a, b, key=_rank)
    return {ch: find(ch) for ch in list(parent)}


def _rank(ch: str) -> tuple[bool, bool, bool, int]:
    """Small ASCII letters first, then ASCII letters, then ASCII digits,
    then the lowest code point: a class's representative folds like text."""
    ascii_letter = ch.isascii() and ch.isalpha()
    return (
        not (ascii_letter and ch.islower()),
        not ascii_letter,
        not (ch.isascii() and ch.isalnum()),
        ord(ch),
    )

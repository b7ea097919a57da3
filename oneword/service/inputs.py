"""What the service accepts from outside, checked before any rule runs.

Everything a page, a script or a notebook sends is hostile until checked:
a teacher's list may be a megabyte, a language id may be made up, a name
may hold a lone surrogate that no database encoding can store. The engine
checks its own rules (names, clues); this module caps sizes and checks the
values that only the service knows (languages, packages, word lists), so a
bad input is refused with a clear message and never reaches the store.
"""

from __future__ import annotations

from collections.abc import Sequence

from oneword import words
from oneword.engine import (
    Action,
    Disconnect,
    Join,
    Reconnect,
    ServerResumed,
    SetCustomWords,
    SetLanguage,
    SetPackage,
    ShowTitle,
    StartGame,
)
from oneword.engine.errors import Reason, Refusal
from oneword.engine.justone.actions import Answer, WriteClues
from oneword.i18n import N_

MAX_LIST_TEXT = 40_000
"""Characters of a pasted word list read at all (1,000 words of 40)."""
MAX_LIST_WORDS = 1_000
"""W-5: words in a teacher's list."""
MAX_WORD = 100
"""Characters of a Just One clue or answer read at all (J-3, J-5)."""
MAX_FIELD = 1_000
"""Characters of any other text field (a room code, a list's name)."""


class InputError(Refusal):
    """Input the service does not take: too long, not text, or not a value
    it knows. Nothing was changed."""


def text(value: object, limit: int = MAX_FIELD, what: str = N_("That text")) -> str:
    """`value` as a string no longer than `limit`, encodable as UTF-8."""
    if not isinstance(value, str):
        raise InputError(Reason.NOT_TEXT, N_("{what} must be text."), what=what)
    if len(value) > limit:
        raise InputError(
            Reason.TOO_LONG,
            N_("{what} is too long: at most {count} characters."),
            what=what,
            count=limit,
        )
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise InputError(
            Reason.NOT_TEXT, N_("{what} holds characters that are not text."), what=what
        )
    return value


def word_list(value: object) -> words.CustomWordsCheck:
    """W-5: a teacher's list, capped before it is parsed, then checked."""
    pasted = text(value, MAX_LIST_TEXT, N_("The word list"))
    check = words.parse_custom_words(pasted)
    if len(check.words) > MAX_LIST_WORDS:
        raise InputError(
            Reason.TOO_LONG,
            N_("A word list has at most {count} words: split it in two."),
            count=MAX_LIST_WORDS,
        )
    return check


def board_words(value: Sequence[object]) -> list[str]:
    """The 25 words of a board sent from outside (`StartGame` through the
    API): the same checks as a teacher's list, and exactly a board."""
    check = word_list("\n".join(text(w, MAX_FIELD, N_("A word")) for w in value))
    if not check.ok:
        raise InputError(Reason.BAD_WORDS, N_("{problems}"), problems=check.error_remarks)
    if len(check.words) != words.BOARD_SIZE or len(check.words) != len(value):
        raise InputError(
            Reason.BAD_WORDS,
            N_("A board has {count} different words, one per card."),
            count=words.BOARD_SIZE,
        )
    return list(check.words)


SERVICE_MOVES = (Join, Disconnect, Reconnect, ServerResumed, ShowTitle)
"""Actions the service makes itself, from what it knows (a join form, the
polls, the server's gap, the profile's title): never sent as a move."""


def player_action(value: Action) -> Action:
    """A move a player (a page, a script) sends: any but the service's own."""
    if isinstance(value, SERVICE_MOVES):
        raise InputError(
            Reason.NOT_A_MOVE, N_("The game makes that move itself: it cannot be sent.")
        )
    return action(value)


def action(value: Action) -> Action:
    """An action from outside, with the values only the service can check."""
    match value:
        case SetLanguage():
            if value.language not in words.LANGUAGES:
                raise InputError(
                    Reason.UNKNOWN_VALUE,
                    N_("Unknown language: use one of {languages}."),
                    languages=", ".join(words.LANGUAGES),
                )
        case SetPackage() if value.package is not None:
            if words.load_packages().get(value.package) is None:
                raise InputError(Reason.UNKNOWN_VALUE, N_("There is no word package of that name."))
        case SetCustomWords() if value.words is not None:
            if len(value.words) > MAX_LIST_WORDS:
                raise InputError(
                    Reason.TOO_LONG, N_("At most {count} words."), count=MAX_LIST_WORDS
                )
            check = word_list("\n".join(text(w, MAX_FIELD, N_("A word")) for w in value.words))
            if not check.ok:
                raise InputError(Reason.BAD_WORDS, N_("{problems}"), problems=check.error_remarks)
        case StartGame():
            board_words(value.words)
        case WriteClues():
            for word in value.words:
                text(word, MAX_WORD, N_("A clue"))
        case Answer():
            text(value.word, MAX_WORD, N_("An answer"))
    return value

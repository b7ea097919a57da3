"""Refusals: every broken rule is an exception with a stable code.

Pages show `message` to the player; tests and bots match on `code`, which
never changes when the wording does. `RuleError` is a `ValueError`, like
python-chess's `IllegalMoveError`, because the caller asked for something
the rules do not allow, not because the program broke.
"""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules refuse. The state it was applied to is unchanged."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class ClueError(RuleError):
    """A clue that breaks a C-rule (C-6: the message names the rule broken)."""


class TurnError(RuleError):
    """An action out of turn or by a seat that may not take it."""


class LobbyError(RuleError):
    """A lobby action that the room's players or settings do not allow."""


class SeatError(RuleError):
    """The actor is not in the room, or lacks the host's powers."""

"""Refusals: every broken rule is an exception with a stable code.

Pages show `message` to the player; tests and bots match on `code`, which
never changes when the wording does. `RuleError` is a `ValueError`, like
python-chess's `IllegalMoveError`, because the caller asked for something
the rules do not allow, not because the program broke.
"""

from __future__ import annotations


class Refusal(ValueError):
    """Something a player asked for that cannot be done, with a stable `code`
    and a `message` the player can read. The rules' refusals (`RuleError`)
    and the service's (a room that does not exist, a bad token) both are
    one, so a page catches `Refusal` and shows its message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class RuleError(Refusal):
    """An action the rules refuse. The state it was applied to is unchanged."""


class ClueError(RuleError):
    """A clue that breaks a C-rule (C-6: the message names the rule broken)."""


class TurnError(RuleError):
    """An action out of turn or by a seat that may not take it."""


class LobbyError(RuleError):
    """A lobby action that the room's players or settings do not allow."""


class SeatError(RuleError):
    """The actor is not in the room, or lacks the host's powers."""

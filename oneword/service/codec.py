"""Engine values as the store keeps them, and back: the one place that
knows both the engine's models and the store's records.

The store saves text and a few plain facts; what those facts are (when the
next timer runs out, whether the game has ended, who is in the room and
connected) is a question for the engine, so it is answered here, once per
save, and handed over in a `RoomRecord`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from oneword.engine import Action, AnyAction, RoomState, next_deadline
from oneword.storage.records import ActionRecord, ActionRow, MemberRow, RoomRecord

_ACTION = TypeAdapter[Any](AnyAction)


@dataclass(frozen=True)
class LoggedAction:
    """One accepted action from a room's log, parsed."""

    seq: int
    at: float
    member_id: str
    action: Action


def room_record(state: RoomState) -> RoomRecord:
    """What the store saves for this state."""
    return RoomRecord(
        state_json=state.model_dump_json(),
        next_deadline=next_deadline(state),
        finished=state.game is not None and state.game.outcome is not None,
        members=tuple(MemberRow(m.id, m.name, m.bot, m.connected) for m in state.members),
    )


def parse_state(state_json: str) -> RoomState:
    """A stored state, read with the current models (which may upgrade it)."""
    return RoomState.model_validate_json(state_json)


def describe_room(state_json: str) -> RoomRecord:
    """A stored state's JSON as a fresh record, for the store's migrations."""
    return room_record(parse_state(state_json))


def action_record(action: Action, at: float) -> ActionRecord:
    """An accepted action, for the log."""
    return ActionRecord(member_id=action.by, at=at, action_json=action.model_dump_json())


def logged_action(row: ActionRow) -> LoggedAction:
    """A log entry with its action parsed."""
    action: Action = _ACTION.validate_json(row.action_json)
    return LoggedAction(row.seq, row.at, row.member_id, action)

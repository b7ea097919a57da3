"""What the room service and a store hand each other: plain values, no rules.

A store saves what it is given and returns what it saved; it never parses a
room's state or works out a rule. The service does that and hands over a
`RoomRecord`: the state as JSON text plus the few facts the store keeps in
columns of their own (the next deadline, whether a game has ended, the
members), so a poll can read them without parsing anything. Keeping these
types apart from both the engine and SQLite is what lets a second backend
be one small module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class StoreError(RuntimeError):
    """The database file cannot be used (e.g. written by a newer app)."""


class StoreUnavailable(StoreError):
    """The file cannot be read or written right now: the disk is full, the
    file is read-only, corrupt or lost its tables, an I/O error. Nothing was
    changed; a later call may work (the store prepares the file again)."""


class StoreBusy(StoreError):
    """Another writer held the database for longer than this call would
    wait. Nothing was changed; trying again is safe."""


@dataclass(frozen=True)
class MemberRow:
    """One member of a room as the store mirrors it beside the state."""

    member_id: str
    name: str
    bot: bool
    connected: bool


@dataclass(frozen=True)
class RoomRecord:
    """A room to save: its state as JSON text and the facts worked out from it."""

    state_json: str
    next_deadline: float | None
    finished: bool
    members: tuple[MemberRow, ...]


Describe = Callable[[str], RoomRecord]
"""Turns a stored state's JSON into a fresh record (parsed and dumped again
with the current models); supplied by the service to migrations."""


@dataclass(frozen=True)
class RoomRow:
    """A room's bookkeeping, read without its state."""

    code: str
    version: int
    next_deadline: float | None
    created_at: float
    updated_at: float
    finished_at: float | None


@dataclass(frozen=True)
class StoredRoom:
    """A room as saved: its bookkeeping and its state's JSON text."""

    row: RoomRow
    state_json: str


@dataclass(frozen=True)
class PlayerRow:
    """A seat's row: the token hash, the last heartbeat, the mirrored facts."""

    room: str
    member_id: str
    token_hash: str | None
    name: str
    is_bot: bool
    connected: bool
    last_seen: float
    gone_at: float | None


@dataclass(frozen=True)
class PollRow:
    """What a page's poll reads, in one query: the room's bookkeeping, the
    asking seat's row (None when no member id was given or it is not in the
    room) and whether a person counted as connected has been silent since
    the time asked about."""

    room: RoomRow
    player: PlayerRow | None
    stale: bool


@dataclass(frozen=True)
class Outage:
    """A time when nothing used the store: the server was away from `start`
    (the last sign of life) until `end` (the first call after)."""

    start: float
    end: float


@dataclass(frozen=True)
class ActionRecord:
    """An accepted action to append to a room's log, as JSON text."""

    member_id: str
    at: float
    action_json: str


@dataclass(frozen=True)
class ActionRow:
    """One entry of a room's log, numbered from 1."""

    seq: int
    at: float
    member_id: str
    action_json: str


@dataclass(frozen=True)
class ProfileRow:
    """A profile as stored (PR-1): its name and its stats as JSON text
    (`profiles.Stats`); its keys are kept apart, hashed."""

    profile_id: str
    name: str
    stats_json: str
    created_at: float
    updated_at: float


@dataclass(frozen=True)
class ProfileGameRow:
    """What one finished game gave one profile (PR-2): `summary_json` holds
    the XP lines, the levels before and after and the new titles, so the
    results and the profile page show what was counted, once."""

    profile_id: str
    room: str
    game_key: str
    member_id: str
    at: float
    summary_json: str

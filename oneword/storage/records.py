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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any


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
class ClassRow:
    """A class session as saved (`class_rows`): its state's JSON text and
    the hash of its teacher's key."""

    code: str
    teacher_hash: str
    state_json: str
    version: int
    created_at: float
    updated_at: float


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

    @property
    def sends_heartbeats(self) -> bool:
        """A person counted as connected, whose silence means they left.
        Only a seat with a token sends heartbeats: bots and the names at a
        one-device table (O) have none, so their silence means nothing."""
        has_token = self.token_hash is not None
        return not self.is_bot and self.connected and has_token and self.gone_at is None


@dataclass(frozen=True)
class RoomPoll:
    """What a page's poll reads, in one query: the room's bookkeeping and
    its players' rows, by member id. One read serves every seat of the room
    for as long as nothing is written (`room_polls.PolledRooms`)."""

    room: RoomRow
    players: Mapping[str, PlayerRow]

    @classmethod
    def of_rows(
        cls, rows: Sequence[tuple[Any, ...]], player: Callable[[tuple[Any, ...]], PlayerRow]
    ) -> RoomPoll | None:
        """The rows of the poll's query (the room's six columns, then one
        player's eight, all NULL for a room with no players) as one value;
        None for no rows (no such room). `player` reads a player's eight."""
        if not rows:
            return None
        seated = (player(row[6:14]) for row in rows if row[7] is not None)
        return cls(RoomRow(*rows[0][:6]), {p.member_id: p for p in seated})

    @cached_property
    def oldest_heartbeat(self) -> float | None:
        """The oldest heartbeat of those who send them: someone is silent
        once it is older than the silence limit."""
        beats = [p.last_seen for p in self.players.values() if p.sends_heartbeats]
        return min(beats, default=None)


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

"""One room read, checked and saved inside a store transaction: the
service's helpers that need no state of their own (seats, tokens, codes,
presence and the save with its log and profile counts)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass

from oneword.config import (
    PRESENCE_TIMEOUT,
)
from oneword.engine import (
    Action,
    Disconnect,
    Reconnect,
    RoomState,
    ServerResumed,
    apply,
)
from oneword.engine.errors import Reason
from oneword.i18n import N_
from oneword.profiles import Stats
from oneword.profiles.counting import count_if_finished
from oneword.profiles.keys import profile_of_key
from oneword.service import change_feed, codes, inputs
from oneword.service.codec import (
    action_record,
    parse_state,
    room_record,
)
from oneword.service.errors import (
    NotAuthorized,
    RoomNotFound,
    ServiceError,
    not_found,
    room_unreadable,
    rooms_lost,
    storage_errors,
)
from oneword.storage.protocol import RoomTx as Tx
from oneword.storage.records import (
    ActionRecord,
    PlayerRow,
    ProfileRow,
    RoomRow,
)

Applied = list[tuple[Action, float]]

SEATS_KEPT = 100_000
"""Seats a service remembers for its polls (a few MB); forgotten all at
once beyond that, and looked up again."""


@dataclass(frozen=True)
class LoadedRoom:
    """A room read in a transaction: its bookkeeping and its parsed state."""

    row: RoomRow
    state: RoomState


def hash_token(token: str) -> str:
    """Only this SHA-256 is stored: a leaked database gives no seats away."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@contextmanager
def guarded(
    inner: AbstractContextManager[Tx],
    *,
    reading: bool = False,
    lost: Callable[[], float | None] = lambda: None,
) -> Iterator[Tx]:
    """A store transaction behind `storage_errors`. `lost`: when the store
    found its rooms gone under it (asked after the store looked at its
    file); a room not found is then told as lost with all the others, not
    as a mistyped code."""
    with storage_errors(reading=reading), inner as tx:
        try:
            yield tx
        except RoomNotFound as missing:
            if lost() is None or not missing.values:
                raise
            raise rooms_lost(str(missing.values.get("code", ""))) from None


def free_code(tx: Tx) -> str:
    try:
        return codes.unique_code(tx.code_taken)
    except codes.CodesExhausted:
        raise ServiceError(
            Reason.NO_FREE_CODE, N_("The server has too many rooms right now: try again later.")
        ) from None


def normalize(code: str) -> str:
    """Codes are matched case-insensitively, spaces and dashes ignored. A
    page polls with the same code every second: a well-formed code seen
    before is looked up, not worked out again."""
    known = _NORMALIZED.get(code) if isinstance(code, str) else None
    if known is not None:
        return known
    clean = codes.normalize(inputs.text(code or "", inputs.MAX_FIELD, N_("A room code")))
    if not codes.is_well_formed(clean):
        raise not_found(clean)
    if len(_NORMALIZED) >= SEATS_KEPT:
        _NORMALIZED.clear()
    _NORMALIZED[code] = clean
    return clean


_NORMALIZED: dict[str, str] = {}


def is_due(row: RoomRow, now: float) -> bool:
    """Has a deadline passed? Read from the row, without the state."""
    return row.next_deadline is not None and row.next_deadline <= now


def load_room(tx: Tx, code: str) -> LoadedRoom:
    stored = tx.load(code)
    if stored is None:
        raise not_found(code)
    try:
        state = parse_state(stored.state_json)
    except ValueError as problem:  # pydantic's ValidationError is one
        raise room_unreadable(code, problem) from None
    return LoadedRoom(stored.row, state)


def require_room(tx: Tx, code: str) -> None:
    if tx.room_row(code) is None:
        raise not_found(code)


def authenticate(tx: Tx, code: str, token: str | None) -> PlayerRow:
    """The player holding `token` in this room, compared in constant time."""
    if not token:
        raise NotAuthorized(
            Reason.NO_TOKEN, N_("You have no seat in this room: join it with your name first.")
        )
    wanted = hash_token(token)
    player = tx.find_player(code, lambda stored: hmac.compare_digest(stored, wanted))
    if player is None:
        raise NotAuthorized(
            Reason.BAD_TOKEN,
            N_("This link is not a seat in room {code}: join the room again with your name."),
            code=code,
        )
    if player.gone_at is not None:
        raise NotAuthorized(
            Reason.SEAT_GONE,
            N_(
                "You are no longer in room {code} (you left or the host removed you): "
                "join again with your name."
            ),
            code=code,
        )
    return player


def shift_heartbeats(tx: Tx, code: str, applied: Applied) -> None:
    """X-8: each `ServerResumed` applied moves the heartbeats heard before
    the server came back by its gap, so that silence is nobody's."""
    for action, at in applied:
        if isinstance(action, ServerResumed):
            tx.shift_last_seen(code, action.gap, at + action.gap)


def reconnect(state: RoomState, member_id: str, now: float, applied: Applied) -> RoomState:
    member = state.member(member_id)
    if member is None or member.connected:
        return state
    action = Reconnect(by=member_id)
    applied.append((action, now))
    return apply(state, action, now)


def disconnect_silent(
    tx: Tx, stored: LoadedRoom, state: RoomState, applied: Applied, now: float, after: float
) -> RoomState:
    """X-4, X-5, X-6, X-7, G-7: a player silent for `after` seconds (the
    PRESENCE_TIMEOUT, longer while the server answers polls late) lost
    connection when PRESENCE_TIMEOUT ran out, but never before the room's
    last change or an action already applied, so time in a room's state
    never runs backwards. A one-device table (O) has no connections of
    its own to lose."""
    if state.settings.one_device:
        return state
    floor = max([stored.row.updated_at, *(at for _, at in applied)])
    silent = [
        p for p in tx.players(stored.row.code) if p.sends_heartbeats and p.last_seen < now - after
    ]
    for player in sorted(silent, key=lambda p: p.last_seen):
        member = state.member(player.member_id)
        if member is None or not member.connected or member.bot:
            continue
        at = min(now, max(player.last_seen + PRESENCE_TIMEOUT, floor))
        action: Action = Disconnect(by=player.member_id)
        state = apply(state, action, at)
        applied.append((action, at))
    return state


def save(tx: Tx, stored: LoadedRoom, state: RoomState, applied: Applied, now: float) -> int:
    """Write the state and log if anything changed; returns the version."""
    if state == stored.state and not applied:
        tx.refresh(stored.row.code, room_record(state), now)
        return stored.row.version
    tx.log_actions(stored.row.code, action_records(applied))
    count_if_finished(tx, stored.row.code, stored.state, state, now)  # PR-2, once
    version = tx.save_room(stored.row, room_record(state), now)
    change_feed.saved(stored.row.code)
    return version


def action_records(applied: Applied) -> list[ActionRecord]:
    return [action_record(action, at) for action, at in applied]


def signed_in_profile(tx: Tx, key: str | None) -> ProfileRow | None:
    """The profile a key signs in (PR-1); None for a guest, and for a key
    that signs in nothing any more (a deleted profile plays as a guest)."""
    profile_id = profile_of_key(tx, key)
    return tx.profile(profile_id) if profile_id is not None else None


def shown_title(row: ProfileRow | None) -> str | None:
    """PR-3: the title the profile shows under its name, if any."""
    return None if row is None else Stats.model_validate_json(row.stats_json).shown_title


def new_member_id(state: RoomState | None = None) -> str:
    """A short id, unique in the room; visible in views, so not a secret."""
    while True:
        member_id = "m" + secrets.token_hex(5)
        if state is None or state.member(member_id) is None:
            return member_id


def seat_name(state: RoomState, member_id: str) -> str:
    member = state.member(member_id)
    assert member is not None
    return member.name

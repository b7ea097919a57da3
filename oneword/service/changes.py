"""How the service changes a room: one transaction, rules worked out on a
read and checked again in the lock (V-13), deadlines and presence applied
on the way (X-4 to X-7)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from oneword.config import (
    PRESENCE_TIMEOUT,
    cleanup_after,
)
from oneword.engine import (
    Action,
    RoomState,
    RoomView,
    SetLanguage,
    advance,
    apply,
    new_room,
    view_for,
)
from oneword.engine.randomness import SEED_BITS
from oneword.service import inputs
from oneword.service.base import (
    TOKEN_BYTES,
    Build,
    Change,
    RoomEntry,
    Seat,
    Step,
)
from oneword.service.boards import BoardDraft
from oneword.service.codec import (
    room_record,
)
from oneword.service.errors import (
    RoomNotFound,
)
from oneword.service.outages import ServerAway
from oneword.service.rate_limits import Client, Knock
from oneword.service.room_io import (
    Applied,
    action_records,
    authenticate,
    disconnect_silent,
    free_code,
    hash_token,
    is_due,
    load_room,
    normalize,
    reconnect,
    require_room,
    save,
    seat_name,
    shift_heartbeats,
)
from oneword.storage.protocol import RoomTx as Tx
from oneword.storage.records import (
    PlayerRow,
)


class Changes(ServerAway):
    """load -> advance -> apply -> save: how every call changes a room, and
    how a new room is made."""

    def cleanup(self, older_than_seconds: float | None = None) -> list[str]:
        """Delete finished and abandoned rooms; returns their codes. A room
        with a player seen within the period is never touched. The default
        age is the `ONEWORD_CLEANUP_AFTER` setting (a day)."""
        age = cleanup_after() if older_than_seconds is None else older_than_seconds
        now, deleted = self._now(), []
        while True:
            batch = self._cleanup(now, age)
            deleted += batch
            if not batch:
                return deleted

    def _look_up(self, code: str, client: Client | None, now: float) -> str:
        """The normalized code of an existing room; a code that names no
        room counts against the client, so codes cannot be tried in bulk."""
        self.limits.require(client, Knock.MISSED_CODE, now)
        try:
            code = normalize(code)
            with self._read() as tx:
                require_room(tx, code)
        except RoomNotFound:
            self.limits.knock(client, Knock.MISSED_CODE, now)
            raise
        return code

    def _create(
        self,
        member_id: str,
        steps: Sequence[Step],
        links: Mapping[str, str] | None = None,
        token: str | None = None,
    ) -> Seat:
        """A new room set up by `steps`, with `member_id` holding `token`
        (a new one if None); every step's action is applied and logged.
        Housekeeping rides on room creation (no background job needed)."""
        now = self._now()
        state, applied = new_room(seed=secrets.randbits(SEED_BITS)), Applied()
        for step in steps:
            action = step(state)
            if action is not None:
                state = apply(state, inputs.action(action), now)
                applied.append((action, now))
        state = self.bots.after_change(state, now)  # a bot may move first (B-5)
        token = token or secrets.token_urlsafe(TOKEN_BYTES)
        with self._write() as tx:
            code = free_code(tx)
            tx.add_player(
                code, member_id, hash_token(token), seat_name(state, member_id), False, now
            )
            tx.insert_room(code, room_record(state), now)
            tx.log_actions(code, action_records(applied))
            for linked, profile_id in (links or {}).items():
                tx.link_seat(code, linked, profile_id)
        self._cleanup_now_and_then(now)
        return Seat(code, member_id, token)

    def _change(self, code: str, token: str | None, build: Build) -> RoomView:
        return self._change_entry(code, token, build).view

    def _change_entry(self, code: str, token: str | None, build: Build) -> RoomEntry:
        """load -> advance -> apply -> save, as one transaction.

        The rules run on a read of the room, outside the write lock (a
        refusal never takes it). In the lock, if the room is still as it
        was read, only the save is left; if another write came first, the
        rules run again on the room as it is now, so two players acting at
        once are still applied one after the other (V-13)."""
        now = self._now()
        code = normalize(code)
        with self._read() as tx:
            change = self._draft_change(tx, code, token, build, now)
        with self._write() as tx:
            if tx.room_row(code) != change.stored.row:
                change = self._draft_change(tx, code, token, build, now)
            shift_heartbeats(tx, code, change.applied)
            state = self.bots.after_change(change.state, now)
            version = save(tx, change.stored, state, change.applied, now)
        return RoomEntry(change.member_id, version, view_for(state, change.member_id))

    def _draft_change(
        self, tx: Tx, code: str, token: str | None, build: Build, now: float
    ) -> Change:
        """The room read in `tx`, brought up to `now`, with `build`'s actions
        applied (or a refusal raised)."""
        stored = load_room(tx, code)
        me = authenticate(tx, code, token).member_id
        state, applied = self._catch_up(stored)
        state = advance(state, now) if applied or is_due(stored.row, now) else state
        for action in build(state, me):
            state = apply(state, action, now)
            applied.append((action, now))
        return Change(stored, me, state, applied)

    def _tick(
        self, tx: Tx, code: str, now: float, *, player: PlayerRow | None, presence: bool
    ) -> tuple[RoomState, int]:
        """Stand still for a gap the server was away, heartbeat the caller,
        mark silent players disconnected at the time they went quiet, then
        apply deadlines up to `now`."""
        stored = load_room(tx, code)
        state, applied = self._catch_up(stored)
        tx.touch_all(self.heartbeats.take_room(code))  # heard here, not written yet
        shift_heartbeats(tx, code, applied)
        if player is not None:
            tx.touch(code, player.member_id, now)
        if presence:
            state = disconnect_silent(tx, stored, state, applied, now, self.silence_after(now))
        if player is not None:
            state = reconnect(state, player.member_id, now, applied)
        state = self.bots.play(state, now, applied)
        return state, save(tx, stored, state, applied, now)

    def _beat(self, tx: Tx, code: str, player: PlayerRow, now: float) -> int:
        """Touch `last_seen`; reconnect in the engine only if marked away."""
        tx.touch(code, player.member_id, now)
        if player.connected:
            row = tx.room_row(code)
            assert row is not None
            return row.version
        stored = load_room(tx, code)
        state, applied = self._catch_up(stored)
        shift_heartbeats(tx, code, applied)
        state = reconnect(state, player.member_id, now, applied)
        return save(tx, stored, state, applied, now)

    def _draft_board(self, code: str, custom_words: Sequence[str] | None) -> BoardDraft:
        """The 25 words drawn from the room as it is now, outside the write
        lock; `BoardDraft.words` draws again in the lock only if the room
        changed what they depend on in between."""
        with self._read() as tx:
            stored = load_room(tx, normalize(code))
        return BoardDraft.of(stored.state, custom_words)

    def silence_after(self, now: float) -> float:
        """Seconds without a heartbeat after which a connected player counts
        as silent: PRESENCE_TIMEOUT, plus the time this server has lately
        kept polls waiting (`poll_lag`)."""
        return PRESENCE_TIMEOUT + self.poll_lag.grace(now)


def language_step(member_id: str, language: str) -> Step:
    """Set the creator's language (G-6), if it is not the default already."""

    def step(state: RoomState) -> Action | None:
        chosen = language.strip().lower() or state.settings.language
        if chosen == state.settings.language:
            return None
        return SetLanguage(by=member_id, language=chosen)

    return step

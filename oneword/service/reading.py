"""How pages read a room: cheap polls that answer most seconds from memory,
heartbeats written together, and views worked out without the write lock
when nothing is due."""

from __future__ import annotations

import hmac

from oneword.config import (
    HEARTBEAT_EVERY,
    QUICK_WAIT,
)
from oneword.engine import (
    RoomView,
    view_for,
)
from oneword.engine.errors import Reason
from oneword.service.base import (
    RoomEntry,
)
from oneword.service.changes import Changes
from oneword.service.codec import (
    LoggedAction,
    logged_action,
)
from oneword.service.errors import (
    StorageError,
)
from oneword.service.rate_limits import Client
from oneword.service.room_io import (
    SEATS_KEPT,
    authenticate,
    hash_token,
    load_room,
    normalize,
    require_room,
)
from oneword.storage.records import (
    PlayerRow,
    RoomPoll,
    RoomRow,
)


class Reading(Changes):
    """Views, a page's entry and its 1 s poll, heartbeats and the log."""

    def view(self, code: str, token: str | None, client: Client | None = None) -> RoomView:
        """What this seat may see (None: the watch page, P-6). Passed
        deadlines are applied (and saved) first, presence is not: that is
        the poll's job, so a notebook without heartbeats stays connected.
        If another writer holds the lock, the view is worked out without
        saving it. `client` is counted when it names a room that does not
        exist (L-8)."""
        now = self._now()
        code = self._look_up(code, client, now)
        with self._read() as tx:
            stored = load_room(tx, code)
            member_id = authenticate(tx, code, token).member_id if token else None
        if not self._due(stored.row, now):
            return view_for(stored.state, member_id)
        try:
            with self._write(QUICK_WAIT) as tx:
                state, _ = self._tick(tx, code, now, player=None, presence=False)
        except StorageError as problem:
            if problem.code != Reason.STORAGE_BUSY:
                raise
            state = self._advanced(stored, now)
        return view_for(state, member_id)

    def enter(self, code: str, token: str | None, known: RoomEntry | None = None) -> RoomEntry:
        """A page's first call on each run: the heartbeat and version of
        `poll`, who the token is, and that seat's view, in one call.

        `known` is an entry this caller got earlier for the same code and
        token (from `enter` or `act_entry`); while the room is still at its
        version it is returned as it is, without reading the state again.
        A state read at a version serves every seat of the room in this
        process (`LoadedRooms`); the seat's id is the poll's, unless the
        poll wrote or the room moved on since.
        """
        version, member_id = self._poll(code, token)
        if known is not None and known.version == version:
            return known
        now = self._now()
        code = normalize(code)
        stored = self._loaded_rooms.get(code, version)
        if stored is None or (token and member_id is None):
            with self._read() as tx:
                stored = stored or load_room(tx, code)
                if token and (member_id is None or stored.row.version != version):
                    member_id = authenticate(tx, code, token).member_id
            if stored.row.version != version:
                self._polled_rooms.forget(code)  # polls must not answer older than this page
            self._loaded_rooms.keep(code, stored)
        view = view_for(self._advanced(stored, now), member_id)
        return RoomEntry(member_id, stored.row.version, view)

    def poll(self, code: str, token: str | None) -> int:
        """The room's version, for a page's 1 s refresh (`_poll`)."""
        return self._poll(code, token)[0]

    def _poll(self, code: str, token: str | None) -> tuple[int, str | None]:
        """The room's version and the token's member id (None without a
        token, or when the poll wrote), for a page's 1 s refresh: cheap on
        purpose.

        The common path reads the room (its row and its players' rows) at
        most once per write to the store, whichever process wrote: while
        the store's stamp is unchanged, every seat's poll is answered from
        that read (`room_polls`). It never parses the state nor writes: a
        heartbeat that is due is noted in memory and written with the
        others of this process (`heartbeats`). The full tick runs only
        when a deadline has passed, a connected player went silent or the
        server was away. Silence is judged with the grace of `poll_lag`:
        while this server answers polls late, a late poll is not a
        player's silence. Writes wait only QUICK_WAIT for the lock: one
        that meets another writer is skipped this time, and the next poll
        tries (a gap that cannot be recorded yet is refused as busy,
        quietly ignored by the page).
        """
        now = self._now(QUICK_WAIT)
        code = normalize(code)
        player, row, stale = self._poll_read(code, token, now)
        if player is not None:
            self._note_poll(code, player.member_id, now)
        if player is not None and player.connected and now - player.last_seen >= HEARTBEAT_EVERY:
            self.heartbeats.hear(code, player.member_id, now)
        due = self._due(row, now) or stale
        if not due and (player is None or player.connected):
            self._write_heartbeats(now)
            return row.version, player.member_id if player is not None else None
        # A write may change the seat itself: its id is not vouched for.
        try:
            with self._write(QUICK_WAIT) as tx:
                player = authenticate(tx, code, token) if token else None  # fresh, in the lock
                if due:
                    return self._tick(tx, code, now, player=player, presence=True)[1], None
                assert player is not None
                return self._beat(tx, code, player, now), None
        except StorageError as problem:
            if problem.code != Reason.STORAGE_BUSY:
                raise
            self.skipped_writes += 1
            return row.version, None

    def _poll_read(
        self, code: str, token: str | None, now: float
    ) -> tuple[PlayerRow | None, RoomRow, bool]:
        """The poll's read: the room's row, the seat (authenticated) and
        whether someone connected is silent. The seat's member id is
        remembered per token hash, so its row is found at once and its hash
        still compared in constant time; a token not seen before (or no
        longer matching, or a seat that is gone) is looked up as usual,
        which refuses it if need be."""
        polled = self._polled_room(code)
        oldest = polled.oldest_heartbeat
        silent = oldest is not None and oldest < now - self.silence_after(now)
        if not token:
            return None, polled.room, silent
        wanted = hash_token(token)
        player = polled.players.get(self._seats.get((code, wanted), ""))
        matches = player is not None and hmac.compare_digest(player.token_hash or "", wanted)
        if player is None or not matches or player.gone_at is not None:
            with self._read() as tx:
                player = authenticate(tx, code, token)
            if len(self._seats) >= SEATS_KEPT:
                self._seats.clear()
            self._seats[(code, wanted)] = player.member_id
        return player, polled.room, silent

    def _polled_room(self, code: str) -> RoomPoll:
        """The room and its players as the last poll in this process read
        them, while the store's stamp shows that nothing was written since;
        else read now. The stamp is taken before the read, so a write that
        lands during it changes the stamp the next poll sees."""
        stamp = self.store.stamp()
        polled = self._polled_rooms.get(code, stamp)
        if polled is None:
            with self._read() as tx:
                polled = tx.poll_room(code)
            if polled is None:
                raise self._missing(code)
            self._polled_rooms.keep(code, stamp, polled)
        return polled

    def _note_poll(self, code: str, member_id: str, now: float) -> None:
        """How long since this seat's previous poll here, for `poll_lag`."""
        key = (code, member_id)
        previous = self._polled.get(key)
        if len(self._polled) >= SEATS_KEPT:
            self._polled.clear()
        self._polled[key] = now
        away = bool(self._outages) and self._outages[-1].end > (previous or now)
        if previous is not None and not away:  # X-8 stands rooms still for a gap
            self.poll_lag.note(now - previous, now)

    def _write_heartbeats(self, now: float) -> None:
        """Write the heartbeats noted in this process, if it is time: one
        short write for all of them, skipped when the lock is busy."""
        beats = self.heartbeats.take_due(now)
        if not beats:
            return
        try:
            with self._write(QUICK_WAIT) as tx:
                tx.touch_all(beats)
        except StorageError as problem:
            self.heartbeats.failed()
            if problem.code != Reason.STORAGE_BUSY:
                raise
            self.skipped_writes += 1

    def history(self, code: str) -> list[LoggedAction]:
        """The accepted actions of a room, in order (for replays, notebooks)."""
        code = normalize(code)
        with self._read() as tx:
            require_room(tx, code)
            rows = tx.actions(code)
        return [logged_action(row) for row in rows]

    def heartbeat(self, code: str, token: str | None) -> None:
        """ "I am here": updates `last_seen` only (no version bump), and
        reconnects the member if the engine had marked them away. A
        heartbeat that meets another writer is skipped, like the poll's."""
        try:
            self._heartbeat(code, token, QUICK_WAIT)
        except StorageError as problem:
            if problem.code != Reason.STORAGE_BUSY:
                raise
            self.skipped_writes += 1

    def _heartbeat(self, code: str, token: str | None, wait: float | None = None) -> PlayerRow:
        now = self._now(wait)
        code = normalize(code)
        with self._write(wait) as tx:
            require_room(tx, code)
            player = authenticate(tx, code, token)
            self._beat(tx, code, player, now)
        return player

"""The one door to a room, for pages, bots and notebooks alike.

Every call that changes a room runs load -> advance(now) -> apply -> save
inside ONE `BEGIN IMMEDIATE` transaction, so two players acting at once are
applied one after the other, never over each other (V-13), and a refused
action rolls back and changes nothing (G-9). Callers name themselves only
by their secret token (L-3); the service turns it into a member id and
writes that into the action's `by`, so nobody can act as someone else.

Presence works without background threads: pages poll about once a
second; each poll is a heartbeat, and a poll that finds a player silent
for PRESENCE_TIMEOUT applies the engine's `Disconnect` at the time the
player went quiet. Time comes from `clock`, so tests drive it by hand.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from . import codes, words
from .config import HEARTBEAT_EVERY, PRESENCE_TIMEOUT, cleanup_after
from .engine import (
    Action,
    Disconnect,
    EndTurn,
    GiveClue,
    Join,
    Leave,
    Mark,
    NewGameSameTeams,
    Open,
    Reconnect,
    Refusal,
    RoomState,
    RoomView,
    SetCustomWords,
    SetLanguage,
    SetPackage,
    SetUpOneDevice,
    StartGame,
    TableSeat,
    Team,
    advance,
    apply,
    map_view,
    new_room,
    view_for,
)
from .engine.lobby import require_host
from .engine.views import VersusCaptainView
from .store import LoggedAction, PlayerRow, RoomRow, Store, StoredRoom, Tx

TOKEN_BYTES = 24
"""192-bit tokens (`secrets.token_urlsafe`): unguessable, short enough for a URL."""

MAX_LIST_NAME = 40

Clock = Callable[[], float]
Applied = list[tuple[Action, float]]


@dataclass(frozen=True)
class Seat:
    """Who a browser is in a room: keep `token` secret (it is the seat)."""

    code: str
    member_id: str
    token: str


@dataclass(frozen=True)
class RoomEntry:
    """What a page needs to draw itself: who it is, the version it shows,
    and that seat's view (None for the watch page)."""

    member_id: str | None
    version: int
    view: RoomView


class ServiceError(Refusal):
    """A refusal from the service (room code, token, words). Not a rule of
    the game, but a `Refusal` with a stable `code`, so pages show it like
    an engine refusal."""


class RoomNotFound(ServiceError):
    """No room has this code (mistyped, or cleaned up)."""


class NotAuthorized(ServiceError):
    """The token is missing, wrong, or belongs to someone who left."""


class WordsError(ServiceError):
    """The board's words could not be picked (bad custom list, package)."""


def hash_token(token: str) -> str:
    """Only this SHA-256 is stored: a leaked database gives no seats away."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class RoomService:
    """Rooms over a `Store`. Holds no connection, so one instance may serve
    every Streamlit thread; `clock` is injectable for tests (X-8)."""

    def __init__(self, store: Store, clock: Clock = time.time) -> None:
        self.store = store
        self.clock = clock

    # Identity (L-1, L-2, L-3)

    def create_room(self, name: str, language: str = "en", signed_in: bool = False) -> Seat:
        """A new room with its creator as host (L-1, G-6: the host's language)."""
        now = self.clock()
        member_id, token = _new_member_id(), secrets.token_urlsafe(TOKEN_BYTES)
        state = new_room(seed=secrets.randbits(32))
        applied: Applied = [(Join(by=member_id, name=name, signed_in=signed_in), now)]
        language = language.strip().lower() or state.settings.language
        if language != state.settings.language:
            applied.append((SetLanguage(by=member_id, language=language), now))
        for action, at in applied:
            state = apply(state, action, at)
        with self.store.write() as tx:
            # Housekeeping rides on room creation: no background job needed.
            tx.delete_rooms(tx.expired_rooms(now, cleanup_after()))
            code = codes.unique_code(tx.code_taken)
            tx.add_player(code, member_id, hash_token(token), _name(state, member_id), False, now)
            tx.insert_room(code, state, now)
            tx.log_actions(code, applied)
        return Seat(code, member_id, token)

    def join(self, code: str, name: str, signed_in: bool = False) -> Seat:
        """A new seat in an existing room (L-2; during a game, L-5)."""
        now = self.clock()
        code = _normalize(code)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self.store.write() as tx:
            stored = _room(tx, code)
            member_id = _new_member_id(stored.state)
            action = Join(by=member_id, name=name, signed_in=signed_in)
            state = apply(stored.state, action, now)
            tx.add_player(code, member_id, hash_token(token), _name(state, member_id), False, now)
            _save(tx, stored, state, [(action, now)], now)
        return Seat(code, member_id, token)

    def rejoin(self, code: str, token: str | None) -> Seat:
        """Back to one's seat after a reload (L-3); also a heartbeat."""
        code = _normalize(code)
        player = self._heartbeat(code, token)
        assert token is not None
        return Seat(code, player.member_id, token)

    # Reading

    def view(self, code: str, token: str | None) -> RoomView:
        """What this seat may see (None: the watch page, P-6). Passed
        deadlines are applied (and saved) first, presence is not: that is
        the poll's job, so a notebook without heartbeats stays connected."""
        now = self.clock()
        code = _normalize(code)
        with self.store.read() as tx:
            stored = _room(tx, code)
            member_id = _authenticate(tx, code, token).member_id if token else None
        if not _is_due(stored.row, now):
            return view_for(stored.state, member_id)
        with self.store.write() as tx:
            state, _ = self._tick(tx, code, now, player=None, presence=False)
        return view_for(state, member_id)

    def enter(self, code: str, token: str | None, known: RoomEntry | None = None) -> RoomEntry:
        """A page's first call on each run: the heartbeat and version of
        `poll`, who the token is, and that seat's view, in one call.

        `known` is an entry this caller got earlier for the same code and
        token (from `enter` or `act_entry`); while the room is still at its
        version it is returned as it is, without reading the state again.
        """
        version = self.poll(code, token)
        if known is not None and known.version == version:
            return known
        now = self.clock()
        code = _normalize(code)
        with self.store.read() as tx:
            stored = _room(tx, code)
            member_id = _authenticate(tx, code, token).member_id if token else None
        return RoomEntry(member_id, stored.row.version, view_for(_advanced(stored, now), member_id))

    def poll(self, code: str, token: str | None) -> int:
        """The room's version, for a page's 1 s refresh: cheap on purpose.

        The common path reads two small rows and never parses the state. It
        writes only a throttled heartbeat, and runs the full tick only when a
        deadline has passed or a connected player went silent.
        """
        now = self.clock()
        code = _normalize(code)
        with self.store.read() as tx:
            row = tx.room_row(code)
            if row is None:
                raise _not_found(code)
            player = _authenticate(tx, code, token) if token else None
            due = _is_due(row, now) or tx.has_stale(code, now - PRESENCE_TIMEOUT)
        beat = player is not None and (
            not player.connected or now - player.last_seen >= HEARTBEAT_EVERY
        )
        if not (due or beat):
            return row.version
        with self.store.write() as tx:
            player = _authenticate(tx, code, token) if token else None  # fresh, in the lock
            if due:
                return self._tick(tx, code, now, player=player, presence=True)[1]
            assert player is not None
            return _beat(tx, code, player, now)

    def history(self, code: str) -> list[LoggedAction]:
        """The accepted actions of a room, in order (for replays, notebooks)."""
        code = _normalize(code)
        with self.store.read() as tx:
            _room(tx, code)
            return tx.actions(code)

    # Changing

    def act(self, code: str, token: str | None, action: Action) -> RoomView:
        """Apply one lobby or game action as the token's member; `by` is
        overwritten, whatever the caller put there."""
        return self.act_entry(code, token, action).view

    def act_entry(self, code: str, token: str | None, action: Action) -> RoomEntry:
        """`act`, with the member and the version the new view belongs to,
        so a page can draw it without reading the room again (see `enter`)."""
        return self._change_entry(
            code, token, lambda state, me: [action.model_copy(update={"by": me})]
        )

    def start_game(
        self, code: str, token: str | None, custom_words: Sequence[str] | None = None
    ) -> RoomView:
        """Pick the 25 words (the room's language and package, or the host's
        custom list, W-5) and deal the game (the engine checks G-4, V-1, T-1)."""

        def build(state: RoomState, me: str) -> list[Action]:
            require_host(state, me)
            return [StartGame(by=me, words=_board(state, custom_words))]

        return self._change(code, token, build)

    # One device (O): the device holds the first seat and acts for its table

    def create_one_device_room(
        self,
        players: Sequence[tuple[str, Team]],
        captains: Mapping[Team, int],
        clue_timer: Literal[0, 60, 120] = 0,
        language: str = "en",
        package: str | None = None,
    ) -> Seat:
        """O-1: a room for a table sharing one device, its first game dealt.
        `players` are the names typed in with their teams, in order;
        `captains` gives each team's captain as an index into `players`.
        The returned seat (the first name's) is the device: the other names
        have no token, so no other browser can act for them."""
        now = self.clock()
        ids: list[str] = []
        while len(ids) < max(1, len(players)):
            member_id = _new_member_id()
            if member_id not in ids:
                ids.append(member_id)
        seats = [
            TableSeat(id=member_id, name=name, team=team, captain=captains.get(team) == i)
            for i, (member_id, (name, team)) in enumerate(zip(ids, players, strict=False))
        ]
        device, token = ids[0], secrets.token_urlsafe(TOKEN_BYTES)
        state = new_room(seed=secrets.randbits(32))
        actions: list[Action] = [SetUpOneDevice(by=device, seats=seats, clue_timer=clue_timer)]
        language = language.strip().lower() or state.settings.language
        if language != state.settings.language:
            actions.append(SetLanguage(by=device, language=language))
        if package is not None:
            actions.append(SetPackage(by=device, package=package))
        applied: Applied = []
        for action in actions:
            state = apply(state, action, now)
            applied.append((action, now))
        start = StartGame(by=device, words=_board(state, None))
        state = apply(state, start, now)
        applied.append((start, now))
        with self.store.write() as tx:
            code = codes.unique_code(tx.code_taken)
            tx.add_player(code, device, hash_token(token), _name(state, device), False, now)
            tx.insert_room(code, state, now)
            tx.log_actions(code, applied)
        return Seat(code, device, token)

    def act_as(self, code: str, token: str | None, member_id: str, action: Action) -> RoomView:
        """O-2, O-3: the device acts for one name at its table (the captain
        gives the clue, a guesser opens a card). Only game actions, only in
        a one-device room, and the engine still checks that this player may
        take the action."""
        if not isinstance(action, GiveClue | Mark | Open | EndTurn):
            raise NotAuthorized("table_action", "The table can only play the game for a player.")

        def build(state: RoomState, me: str) -> list[Action]:
            if not state.settings.one_device:
                raise NotAuthorized("not_one_device", "This room is not played on one device.")
            if state.member(member_id) is None:
                raise NotAuthorized("not_at_table", "That player is not at this table.")
            return [action.model_copy(update={"by": member_id})]

        return self._change(code, token, build)

    def map_view(self, code: str, token: str | None) -> VersusCaptainView:
        """O-2: the playing captain's map, for the device of a one-device
        room, and only while that captain picks the clue."""
        now = self.clock()
        code = _normalize(code)
        with self.store.read() as tx:
            stored = _room(tx, code)
            _authenticate(tx, code, token)
        return map_view(_advanced(stored, now))

    def new_game_same_teams(self, code: str, token: str | None) -> RoomView:
        """O-5: the next game at the same table; each team's captaincy moves on."""

        def build(state: RoomState, me: str) -> list[Action]:
            require_host(state, me)
            return [NewGameSameTeams(by=me, words=_board(state, None))]

        return self._change(code, token, build)

    def set_custom_words(self, code: str, token: str | None, text: str) -> RoomView:
        """W-5: the host's own list, checked first; a list with problems is
        refused with all of them in the message and changes nothing."""
        check = words.parse_custom_words(text)
        if not check.ok:
            raise WordsError("custom_words", " ".join(check.errors))
        return self.act(code, token, SetCustomWords(words=list(check.words)))

    # Saved word lists belong to a device (its secret key), not to a room.

    def save_word_list(self, device_key: str, name: str, text: str) -> list[str]:
        """Check and save a list under a name for this device; returns the
        words kept."""
        name = " ".join(name.split())
        if not name or len(name) > MAX_LIST_NAME:
            raise WordsError("list_name", f"Give the list a name of 1-{MAX_LIST_NAME} characters.")
        check = words.parse_custom_words(text)
        if not check.ok:
            raise WordsError("custom_words", " ".join(check.errors))
        with self.store.write() as tx:
            tx.save_word_list(hash_token(device_key), name, check.words, self.clock())
        return list(check.words)

    def word_lists(self, device_key: str) -> dict[str, list[str]]:
        with self.store.read() as tx:
            return tx.word_lists(hash_token(device_key))

    def delete_word_list(self, device_key: str, name: str) -> None:
        with self.store.write() as tx:
            tx.delete_word_list(hash_token(device_key), name)

    def leave(self, code: str, token: str | None) -> RoomView:
        """G-8: an explicit leave; the returned view is a watcher's."""
        return self._change(code, token, lambda state, me: [Leave(by=me)])

    def heartbeat(self, code: str, token: str | None) -> None:
        """ "I am here": updates `last_seen` only (no version bump), and
        reconnects the member if the engine had marked them away."""
        self._heartbeat(code, token)

    def _heartbeat(self, code: str, token: str | None) -> PlayerRow:
        now = self.clock()
        code = _normalize(code)
        with self.store.write() as tx:
            _room_row(tx, code)
            player = _authenticate(tx, code, token)
            _beat(tx, code, player, now)
        return player

    def cleanup(self, older_than_seconds: float | None = None) -> list[str]:
        """Delete finished and abandoned rooms; returns their codes. A room
        with a player seen within the period is never touched. The default
        age is the `ONEWORD_CLEANUP_AFTER` setting (a day)."""
        now = self.clock()
        age = cleanup_after() if older_than_seconds is None else older_than_seconds
        with self.store.write() as tx:
            expired = tx.expired_rooms(now, age)
            tx.delete_rooms(expired)
        return expired

    # Internals

    def _change(
        self, code: str, token: str | None, build: Callable[[RoomState, str], list[Action]]
    ) -> RoomView:
        return self._change_entry(code, token, build).view

    def _change_entry(
        self, code: str, token: str | None, build: Callable[[RoomState, str], list[Action]]
    ) -> RoomEntry:
        """load -> advance -> apply -> save in one transaction."""
        now = self.clock()
        code = _normalize(code)
        with self.store.write() as tx:
            stored = _room(tx, code)
            me = _authenticate(tx, code, token).member_id
            state = _advanced(stored, now)
            applied: Applied = []
            for action in build(state, me):
                state = apply(state, action, now)
                applied.append((action, now))
            version = _save(tx, stored, state, applied, now)
        return RoomEntry(me, version, view_for(state, me))

    def _tick(
        self, tx: Tx, code: str, now: float, *, player: PlayerRow | None, presence: bool
    ) -> tuple[RoomState, int]:
        """Heartbeat the caller, mark silent players disconnected at the time
        they went quiet, then apply deadlines up to `now`."""
        stored = _room(tx, code)
        state, applied = stored.state, Applied()
        if player is not None:
            tx.touch(code, player.member_id, now)
        if presence:
            state, applied = _disconnect_silent(tx, stored, now)
        if player is not None:
            state = _reconnect(state, player.member_id, now, applied)
        state = advance(state, now)
        return state, _save(tx, stored, state, applied, now)


# Helpers (module level: they need no service state)


def _normalize(code: str) -> str:
    """Codes are matched case-insensitively, spaces and dashes ignored."""
    clean = codes.normalize(code or "")
    if not codes.is_well_formed(clean):
        raise _not_found(clean)
    return clean


def _not_found(code: str) -> RoomNotFound:
    if not code:
        return RoomNotFound("no_such_room", "Type the room code to join.")
    shown = code if len(code) <= 12 else code[:12] + "…"
    return RoomNotFound("no_such_room", f"No room with code {shown}. Check the code and try again.")


def _is_due(row: RoomRow, now: float) -> bool:
    """Has a deadline passed? Read from the row, without the state."""
    return row.next_deadline is not None and row.next_deadline <= now


def _advanced(stored: StoredRoom, now: float) -> RoomState:
    """The state at `now`; skips `advance`'s deep copy when nothing is due."""
    return advance(stored.state, now) if _is_due(stored.row, now) else stored.state


def _room(tx: Tx, code: str) -> StoredRoom:
    stored = tx.load(code)
    if stored is None:
        raise _not_found(code)
    return stored


def _room_row(tx: Tx, code: str) -> None:
    if tx.room_row(code) is None:
        raise _not_found(code)


def _authenticate(tx: Tx, code: str, token: str | None) -> PlayerRow:
    """The player holding `token` in this room, compared in constant time."""
    if not token:
        raise NotAuthorized(
            "no_token", "You have no seat in this room: join it with your name first."
        )
    wanted = hash_token(token)
    player = tx.find_player(code, lambda stored: hmac.compare_digest(stored, wanted))
    if player is None:
        raise NotAuthorized(
            "bad_token",
            f"This link is not a seat in room {code}: join the room again with your name.",
        )
    if player.gone_at is not None:
        raise NotAuthorized(
            "not_in_room",
            f"You are no longer in room {code} (you left or the host removed you): "
            "join again with your name.",
        )
    return player


def _beat(tx: Tx, code: str, player: PlayerRow, now: float) -> int:
    """Touch `last_seen`; reconnect in the engine only if marked away."""
    tx.touch(code, player.member_id, now)
    if player.connected:
        row = tx.room_row(code)
        assert row is not None
        return row.version
    stored = _room(tx, code)
    applied: Applied = []
    state = _reconnect(stored.state, player.member_id, now, applied)
    return _save(tx, stored, state, applied, now)


def _reconnect(state: RoomState, member_id: str, now: float, applied: Applied) -> RoomState:
    member = state.member(member_id)
    if member is None or member.connected:
        return state
    action = Reconnect(by=member_id)
    applied.append((action, now))
    return apply(state, action, now)


def _disconnect_silent(tx: Tx, stored: StoredRoom, now: float) -> tuple[RoomState, Applied]:
    """X-4..X-7, G-7: a player silent for PRESENCE_TIMEOUT lost connection
    when the timeout ran out, but never before the room's last change, so
    time in a room's state never runs backwards. A one-device table (O)
    has no connections of its own to lose."""
    state, applied = stored.state, Applied()
    if state.settings.one_device:
        return state, applied
    silent = tx.stale_players(stored.row.code, now - PRESENCE_TIMEOUT)
    for player in sorted(silent, key=lambda p: p.last_seen):
        member = state.member(player.member_id)
        if member is None or not member.connected or member.bot:
            continue
        at = min(now, max(player.last_seen + PRESENCE_TIMEOUT, stored.row.updated_at))
        action: Action = Disconnect(by=player.member_id)
        state = apply(state, action, at)
        applied.append((action, at))
    return state, applied


def _save(tx: Tx, stored: StoredRoom, state: RoomState, applied: Applied, now: float) -> int:
    """Write the state and log if anything changed; returns the version."""
    if state == stored.state and not applied:
        tx.refresh(stored.row.code, state, now)
        return stored.row.version
    tx.log_actions(stored.row.code, applied)
    return tx.save_room(stored, state, now)


def _board(state: RoomState, custom_words: Sequence[str] | None) -> list[str]:
    """25 words; a seeded rng so replaying a room's log deals the same board."""
    rng = random.Random(f"{state.seed}:{state.step}:words")
    try:
        if custom_words is None and state.settings.custom_words:
            custom_words = state.settings.custom_words
        if custom_words is None:
            settings = state.settings
            packages = words.load_packages()
            return words.board_words(packages, settings.language, settings.package, rng)
        check = words.parse_custom_words("\n".join(custom_words))
        if not check.ok:
            raise WordsError("custom_words", " ".join(check.errors))
        return words.draw_board(check.words, rng)
    except WordsError:
        raise
    except ValueError as problem:
        raise WordsError("words", str(problem)) from problem


def _new_member_id(state: RoomState | None = None) -> str:
    """A short id, unique in the room; visible in views, so not a secret."""
    while True:
        member_id = "m" + secrets.token_hex(5)
        if state is None or state.member(member_id) is None:
            return member_id


def _name(state: RoomState, member_id: str) -> str:
    member = state.member(member_id)
    assert member is not None
    return member.name

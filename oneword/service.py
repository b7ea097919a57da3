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
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from . import bot_runner, codes, inputs, words
from .bot_runner import BOT_PACE, BotRunner
from .codec import (
    LoggedAction,
    action_record,
    describe_room,
    logged_action,
    parse_state,
    room_record,
)
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
from .engine.errors import Reason
from .engine.lobby import require_host
from .engine.models import BotLevel, ClueTimer
from .engine.one_device import require_one_device, table_guesser
from .engine.randomness import SEED_BITS, words_rng
from .engine.views import VersusCaptainView
from .rate_limits import Client, Knock, RateLimiter
from .records import ActionRecord, PlayerRow, RoomRow
from .store import Store, Tx

TOKEN_BYTES = 24
"""192-bit tokens (`secrets.token_urlsafe`): unguessable, short enough for a URL."""

Clock = Callable[[], float]
Applied = list[tuple[Action, float]]
Step = Callable[[RoomState], Action | None]
"""One set-up action of a new room, chosen from the state so far (or none)."""


@dataclass(frozen=True)
class Seat:
    """Who a browser is in a room: keep `token` secret (it is the seat)."""

    code: str
    member_id: str
    token: str


@dataclass(frozen=True)
class LoadedRoom:
    """A room read in a transaction: its bookkeeping and its parsed state."""

    row: RoomRow
    state: RoomState


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

    def __init__(
        self, store: Store, clock: Clock = time.time, bot_pace: tuple[float, float] = BOT_PACE
    ) -> None:
        self.store = store
        self.clock = clock
        self.limits = RateLimiter()
        self.bots = BotRunner(bot_pace)
        store.upgrade(describe_room)

    # Identity (L-1, L-2, L-3)

    def create_room(
        self,
        name: str,
        language: str = "en",
        signed_in: bool = False,
        client: Client | None = None,
    ) -> Seat:
        """A new room with its creator as host (L-1, G-6: the host's language).
        `client` is who asks, for the limit on rooms per hour (L-8)."""
        self.limits.knock(client, Knock.CREATE, self.clock())
        host = _new_member_id()
        join = Join(by=host, name=name, signed_in=signed_in)
        return self._create(host, [lambda state: join, _language_step(host, language)])

    def join(
        self,
        code: str,
        name: str,
        signed_in: bool = False,
        device: str | None = None,
        client: Client | None = None,
    ) -> Seat:
        """A new seat in an existing room (L-2; during a game, L-5). `device`
        is the joining device's secret key: stored hashed, it keeps a device
        the host removed out of the room (L-8)."""
        now = self.clock()
        self.limits.knock(client, Knock.JOIN, now)
        code = self._look_up(code, client, now)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self.store.write() as tx:
            stored = _room(tx, code)
            member_id = _new_member_id(stored.state)
            action = Join(
                by=member_id,
                name=name,
                signed_in=signed_in,
                device=hash_token(device) if device else None,
            )
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

    def view(self, code: str, token: str | None, client: Client | None = None) -> RoomView:
        """What this seat may see (None: the watch page, P-6). Passed
        deadlines are applied (and saved) first, presence is not: that is
        the poll's job, so a notebook without heartbeats stays connected.
        `client` is counted when it names a room that does not exist (L-8)."""
        now = self.clock()
        code = self._look_up(code, client, now)
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
            _room_row(tx, code)
            rows = tx.actions(code)
        return [logged_action(row) for row in rows]

    # Changing

    def act(self, code: str, token: str | None, action: Action) -> RoomView:
        """Apply one lobby or game action as the token's member; `by` is
        overwritten, whatever the caller put there."""
        return self.act_entry(code, token, action).view

    def act_entry(self, code: str, token: str | None, action: Action) -> RoomEntry:
        """`act`, with the member and the version the new view belongs to,
        so a page can draw it without reading the room again (see `enter`)."""
        checked = inputs.action(action)
        return self._change_entry(
            code, token, lambda state, me: [checked.model_copy(update={"by": me})]
        )

    def start_game(
        self, code: str, token: str | None, custom_words: Sequence[str] | None = None
    ) -> RoomView:
        """Pick the 25 words (the room's language and package, or the host's
        custom list, W-5) and deal the game (the engine checks G-4, V-1, T-1)."""

        def build(state: RoomState, me: str) -> list[Action]:
            require_host(state, me)
            bot_runner.require_bots_can_play(state)
            return [StartGame(by=me, words=_board(state, custom_words))]

        return self._change(code, token, build)

    # One device (O): the device holds the first seat and acts for its table

    def create_one_device_room(
        self,
        players: Sequence[tuple[str, Team]],
        captains: Mapping[Team, int],
        clue_timer: ClueTimer = 0,
        language: str = "en",
        package: str | None = None,
        client: Client | None = None,
    ) -> Seat:
        """O-1: a room for a table sharing one device, its first game dealt.
        `players` are the names typed in with their teams, in order;
        `captains` gives each team's captain as an index into `players`.
        The returned seat (the first name's) is the device: the other names
        have no token, so no other browser can act for them."""
        seats = _table_seats(players, captains)
        device = seats[0].id if seats else _new_member_id()
        steps: list[Step] = [
            lambda state: SetUpOneDevice(by=device, seats=seats, clue_timer=clue_timer),
            _language_step(device, language),
            lambda state: None if package is None else SetPackage(by=device, package=package),
            lambda state: StartGame(by=device, words=_board(state, None)),
        ]
        self.limits.knock(client, Knock.CREATE, self.clock())
        return self._create(device, steps)

    def act_as(self, code: str, token: str | None, member_id: str, action: Action) -> RoomView:
        """O-2, O-3: the device acts for one name at its table (the captain
        gives the clue, a guesser opens a card). Only game actions, only in
        a one-device room, and the engine still checks that this player may
        take the action."""
        if not isinstance(action, GiveClue | Mark | Open | EndTurn):
            raise NotAuthorized(
                Reason.TABLE_ACTION, "The table can only play the game for a player."
            )

        def build(state: RoomState, me: str) -> list[Action]:
            require_one_device(state)
            if state.member(member_id) is None:
                raise NotAuthorized(Reason.NOT_AT_TABLE, "That player is not at this table.")
            return [action.model_copy(update={"by": member_id})]

        return self._change(code, token, build)

    def table_act(self, code: str, token: str | None, action: Action) -> RoomView:
        """O-2, O-3: the device plays for whoever the rules name: the playing
        captain gives the clue, the team's first guesser opens the cards
        and ends the turn (`one_device.table_guesser`)."""
        if not isinstance(action, GiveClue | Mark | Open | EndTurn):
            raise NotAuthorized(
                Reason.TABLE_ACTION, "The table can only play the game for a player."
            )

        def build(state: RoomState, me: str) -> list[Action]:
            require_one_device(state)
            game = state.game
            turn = game.turn if game is not None else None
            member = turn.giver_id if isinstance(action, GiveClue) and turn else None
            if not isinstance(action, GiveClue) and game is not None:
                member = table_guesser(game)
            if member is None:
                raise NotAuthorized(Reason.NOT_AT_TABLE, "Nobody at the table can do that now.")
            return [action.model_copy(update={"by": member})]

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
        check = inputs.word_list(text)
        if not check.ok:
            raise WordsError(Reason.CUSTOM_WORDS, " ".join(check.errors))
        return self.act(code, token, SetCustomWords(words=list(check.words)))

    # Bots (B-1)

    def add_bot(
        self, code: str, token: str | None, team: Team, level: BotLevel = "medium"
    ) -> RoomView:
        """The host seats a bot on `team` (a side, in Together)."""

        def build(state: RoomState, me: str) -> list[Action]:
            return bot_runner.seat_bot(state, me, team, level, _new_member_id(state))

        return self._change(code, token, build)

    def fill_with_bots(self, code: str, token: str | None, level: BotLevel = "medium") -> RoomView:
        """The host brings the room up to the smallest legal game with bots."""

        def build(state: RoomState, me: str) -> list[Action]:
            return bot_runner.fill(state, me, level, lambda s: _new_member_id(s))

        return self._change(code, token, build)

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
        age = cleanup_after() if older_than_seconds is None else older_than_seconds
        return self._cleanup(self.clock(), age)

    def _cleanup(self, now: float, age: float) -> list[str]:
        """Find the expired rooms with a read, so no scan holds the write
        lock, then delete them in a short write that checks each again."""
        with self.store.read() as tx:
            candidates = tx.expired_rooms(now, age)
        if not candidates:
            return []
        with self.store.write() as tx:
            return tx.delete_expired(candidates, now, age)

    # Internals

    def _look_up(self, code: str, client: Client | None, now: float) -> str:
        """The normalized code of an existing room; a code that names no
        room counts against the client, so codes cannot be tried in bulk."""
        self.limits.require(client, Knock.MISSED_CODE, now)
        try:
            code = _normalize(code)
            with self.store.read() as tx:
                _room_row(tx, code)
        except RoomNotFound:
            self.limits.knock(client, Knock.MISSED_CODE, now)
            raise
        return code

    def _create(self, member_id: str, steps: Sequence[Step]) -> Seat:
        """A new room set up by `steps`, with `member_id` holding the new
        token; every step's action is applied and logged. Housekeeping
        rides on room creation (no background job needed)."""
        now = self.clock()
        state, applied = new_room(seed=secrets.randbits(SEED_BITS)), Applied()
        for step in steps:
            action = step(state)
            if action is not None:
                state = apply(state, inputs.action(action), now)
                applied.append((action, now))
        self._cleanup(now, cleanup_after())
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self.store.write() as tx:
            code = _free_code(tx)
            tx.add_player(code, member_id, hash_token(token), _name(state, member_id), False, now)
            tx.insert_room(code, room_record(state), now)
            tx.log_actions(code, _records(applied))
        return Seat(code, member_id, token)

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
            state = self.bots.after_change(state, now)
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
        state = self.bots.play(state, now, applied)
        return state, _save(tx, stored, state, applied, now)


# Helpers (module level: they need no service state)


def _free_code(tx: Tx) -> str:
    try:
        return codes.unique_code(tx.code_taken)
    except codes.CodesExhausted:
        raise ServiceError(
            Reason.NO_FREE_CODE, "The server has too many rooms right now: try again later."
        ) from None


def _normalize(code: str) -> str:
    """Codes are matched case-insensitively, spaces and dashes ignored."""
    clean = codes.normalize(inputs.text(code or "", inputs.MAX_FIELD, "A room code"))
    if not codes.is_well_formed(clean):
        raise _not_found(clean)
    return clean


def _not_found(code: str) -> RoomNotFound:
    if not code:
        return RoomNotFound(Reason.NO_SUCH_ROOM, "Type the room code to join.")
    shown = code if len(code) <= 12 else code[:12] + "…"
    return RoomNotFound(
        Reason.NO_SUCH_ROOM, f"No room with code {shown}. Check the code and try again."
    )


def _is_due(row: RoomRow, now: float) -> bool:
    """Has a deadline passed? Read from the row, without the state."""
    return row.next_deadline is not None and row.next_deadline <= now


def _advanced(stored: LoadedRoom, now: float) -> RoomState:
    """The state at `now`; skips `advance`'s deep copy when nothing is due."""
    return advance(stored.state, now) if _is_due(stored.row, now) else stored.state


def _room(tx: Tx, code: str) -> LoadedRoom:
    stored = tx.load(code)
    if stored is None:
        raise _not_found(code)
    return LoadedRoom(stored.row, parse_state(stored.state_json))


def _room_row(tx: Tx, code: str) -> None:
    if tx.room_row(code) is None:
        raise _not_found(code)


def _authenticate(tx: Tx, code: str, token: str | None) -> PlayerRow:
    """The player holding `token` in this room, compared in constant time."""
    if not token:
        raise NotAuthorized(
            Reason.NO_TOKEN, "You have no seat in this room: join it with your name first."
        )
    wanted = hash_token(token)
    player = tx.find_player(code, lambda stored: hmac.compare_digest(stored, wanted))
    if player is None:
        raise NotAuthorized(
            Reason.BAD_TOKEN,
            f"This link is not a seat in room {code}: join the room again with your name.",
        )
    if player.gone_at is not None:
        raise NotAuthorized(
            Reason.SEAT_GONE,
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


def _disconnect_silent(tx: Tx, stored: LoadedRoom, now: float) -> tuple[RoomState, Applied]:
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


def _save(tx: Tx, stored: LoadedRoom, state: RoomState, applied: Applied, now: float) -> int:
    """Write the state and log if anything changed; returns the version."""
    if state == stored.state and not applied:
        tx.refresh(stored.row.code, room_record(state), now)
        return stored.row.version
    tx.log_actions(stored.row.code, _records(applied))
    return tx.save_room(stored.row, room_record(state), now)


def _records(applied: Applied) -> list[ActionRecord]:
    return [action_record(action, at) for action, at in applied]


def _board(state: RoomState, custom_words: Sequence[str] | None) -> list[str]:
    """25 words from the room's own stream: replaying a room's log deals the
    same board, and the board tells nothing of the map (`randomness`)."""
    rng = words_rng(state.seed, state.step)
    try:
        if custom_words is None and state.settings.custom_words:
            custom_words = state.settings.custom_words
        if custom_words is None:
            settings = state.settings
            packages = words.load_packages()
            return words.board_words(packages, settings.language, settings.package, rng)
        check = words.parse_custom_words("\n".join(custom_words))
        if not check.ok:
            raise WordsError(Reason.CUSTOM_WORDS, " ".join(check.errors))
        return words.draw_board(check.words, rng)
    except WordsError:
        raise
    except ValueError as problem:
        raise WordsError(Reason.WORDS, str(problem)) from problem


def _language_step(member_id: str, language: str) -> Step:
    """Set the creator's language (G-6), if it is not the default already."""

    def step(state: RoomState) -> Action | None:
        chosen = language.strip().lower() or state.settings.language
        if chosen == state.settings.language:
            return None
        return SetLanguage(by=member_id, language=chosen)

    return step


def _table_seats(
    players: Sequence[tuple[str, Team]], captains: Mapping[Team, int]
) -> list[TableSeat]:
    """The names typed in at a one-device table, each with a new member id."""
    ids: list[str] = []
    while len(ids) < len(players):
        member_id = _new_member_id()
        if member_id not in ids:
            ids.append(member_id)
    return [
        TableSeat(id=member_id, name=name, team=team, captain=captains.get(team) == i)
        for i, (member_id, (name, team)) in enumerate(zip(ids, players, strict=True))
    ]


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

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

A server that was away is not a player's silence (X-8): every call notes
in the store that the service is alive (at most every ALIVE_EVERY), and a
call that finds no sign of life for SERVER_AWAY_AFTER records the gap.
Each room then meets the engine's `ServerResumed` before anything else
when it is next used, so its clocks and its players' heartbeats move
later by the time the server was gone: a timer keeps what it had left,
and nobody is disconnected or skipped for a silence they could not help.

The database can fail (full disk, read-only or corrupt file, a writer
holding the lock): every such failure leaves the service as a
`StorageError`, a refusal with a stable code and a message a player can
read, and a refused call changed nothing. Transactions stay short: what
can be worked out before taking the write lock (a board's words) is.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass

from oneword.i18n import N_

from . import bot_runner, codes, inputs, words
from .bot_runner import BotRunner
from .codec import (
    LoggedAction,
    action_record,
    describe_room,
    logged_action,
    parse_state,
    room_record,
)
from .config import (
    ALIVE_EVERY,
    CLEANUP_EVERY,
    HEARTBEAT_EVERY,
    PRESENCE_TIMEOUT,
    QUICK_WAIT,
    SERVER_AWAY_AFTER,
    cleanup_after,
)
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
    ServerResumed,
    SetCustomWords,
    SetLanguage,
    SetPackage,
    SetPreset,
    SetUpOneDevice,
    ShowTitle,
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
from .engine.models import BotLevel, ClueTimer, Preset, Settings
from .engine.modes import mode_for
from .engine.one_device import require_one_device, table_gives_clue, table_guesser
from .engine.randomness import SEED_BITS, words_rng
from .engine.views import VersusCaptainView
from .heartbeats import Heartbeats
from .poll_lag import PollLag
from .profile_counting import count_if_finished
from .profile_keys import profile_of_key
from .profiles import Stats
from .rate_limits import Client, Knock, RateLimiter
from .records import (
    ActionRecord,
    Outage,
    PlayerRow,
    ProfileRow,
    RoomPoll,
    RoomRow,
    StoreBusy,
    StoreError,
)
from .room_polls import PolledRooms
from .store_protocol import RoomStore
from .store_protocol import RoomTx as Tx

_SEATS_KEPT = 100_000
"""Seats a service remembers for its polls (a few MB); forgotten all at
once beyond that, and looked up again."""

TOKEN_BYTES = 24
"""192-bit tokens (`secrets.token_urlsafe`): unguessable, short enough for a URL."""

Clock = Callable[[], float]
Applied = list[tuple[Action, float]]
Step = Callable[[RoomState], Action | None]
"""One set-up action of a new room, chosen from the state so far (or none)."""
Build = Callable[[RoomState, str], list[Action]]
"""The actions a call asks for, given the room at `now` and the caller's id."""


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
class Change:
    """A change worked out on a read of the room: who acts, the new state
    and every action applied (the server's gaps, then the caller's)."""

    stored: LoadedRoom
    member_id: str
    state: RoomState
    applied: Applied


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


class ProfileError(ServiceError):
    """A profile that cannot be used as asked: no such profile (a key of a
    deleted one), a wrong or used transfer code, a title not earned, a
    profile not kept on this device (PR)."""


class StorageError(ServiceError):
    """The database could not be used: `storage_busy` (another writer held
    it too long) or `storage_unavailable` (full disk, read-only, corrupt or
    missing file). Nothing was changed, and trying again is safe."""


UNAVAILABLE_MESSAGE = N_(
    "The game server cannot save right now; your last move may not have counted — try again."
)
BUSY_MESSAGE = N_("The game server is busy; your last move did not count — try again.")

_log = logging.getLogger("oneword")
_LOG_EVERY = 60.0
_logged: dict[str, float] = {}


@contextmanager
def storage_errors() -> Iterator[None]:
    """The service's boundary: what the store could not do becomes a
    `StorageError`, never a raw database error on a player's screen. A
    file that cannot be used is logged as a warning (at most once a
    minute per problem); a busy lock, which polls meet and skip, only at
    INFO."""
    try:
        yield
    except StoreBusy as problem:
        _log.info("database busy: %s", problem)
        raise StorageError(Reason.STORAGE_BUSY, BUSY_MESSAGE) from problem
    except StoreError as problem:
        _warn(problem)
        raise StorageError(Reason.STORAGE_UNAVAILABLE, UNAVAILABLE_MESSAGE) from problem


def _warn(problem: StoreError) -> None:
    key, now = f"{type(problem).__name__}: {problem}", time.monotonic()
    if now - _logged.get(key, -_LOG_EVERY) >= _LOG_EVERY:
        _logged[key] = now
        _log.warning("database: %s", key)


def hash_token(token: str) -> str:
    """Only this SHA-256 is stored: a leaked database gives no seats away."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class RoomService:
    """Rooms over a `Store`. Holds no connection, so one instance may serve
    every Streamlit thread; `clock` is injectable for tests (X-8)."""

    def __init__(
        self,
        store: RoomStore,
        clock: Clock = time.time,
        bot_pace: tuple[float, float] | None = None,
    ) -> None:
        """`bot_pace` is how long a bot waits before it moves (B-5); by
        default the `ONEWORD_BOT_PACE` setting, else `BOT_PACE`."""
        self.store = store
        self.clock = clock
        self.limits = RateLimiter()
        self.bots = BotRunner(bot_pace)
        self.skipped_writes = 0
        """Heartbeats and timer checks a poll skipped because another writer
        held the lock (for benchmarks and monitoring)."""
        self.heartbeats = Heartbeats()
        self.poll_lag = PollLag()
        self._seats: dict[tuple[str, str], str] = {}
        self._cleaned_at = -float("inf")
        self._polled: dict[tuple[str, str], float] = {}
        self._polled_rooms = PolledRooms()
        self._alive_checked = -float("inf")
        self._checking = threading.Lock()
        self._outages: tuple[Outage, ...] = ()
        store.upgrade(describe_room)

    # Identity (L-1, L-2, L-3)

    def create_room(
        self,
        name: str,
        language: str = "en",
        signed_in: bool = False,
        client: Client | None = None,
        profile: str | None = None,
    ) -> Seat:
        """A new room with its creator as host (L-1, G-6: the host's language).
        `client` is who asks, for the limit on rooms per hour (L-8);
        `profile` the creator's profile key, if signed in (PR-1)."""
        self.limits.knock(client, Knock.CREATE, self.clock())
        host = _new_member_id()
        found = None
        if profile:
            with self._read() as tx:
                found = _signed_in(tx, profile)
        join = Join(
            by=host,
            name=name,
            signed_in=signed_in or found is not None,
            title=_shown_title(found),
        )
        links = {host: found.profile_id} if found else {}
        return self._create(host, [lambda state: join, _language_step(host, language)], links)

    def join(
        self,
        code: str,
        name: str,
        signed_in: bool = False,
        device: str | None = None,
        client: Client | None = None,
        profile: str | None = None,
    ) -> Seat:
        """A new seat in an existing room (L-2; during a game, L-5). `device`
        is the joining device's secret key: stored hashed, it keeps a device
        the host removed out of the room (L-8). `profile` is the player's
        profile key, if signed in: the seat then counts for that profile and
        takes hosting before guests (PR-1, G-7)."""
        now = self._now()
        self.limits.knock(client, Knock.JOIN, now)
        code = self._look_up(code, client, now)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._write() as tx:
            stored = _room(tx, code)
            state, applied = self._catch_up(stored)
            _shift_heartbeats(tx, code, applied)
            member_id = _new_member_id(state)
            found = _signed_in(tx, profile)
            action = Join(
                by=member_id,
                name=name,
                signed_in=signed_in or found is not None,
                device=hash_token(device) if device else None,
                title=_shown_title(found),
            )
            state = apply(state, action, now)
            applied.append((action, now))
            tx.add_player(code, member_id, hash_token(token), _name(state, member_id), False, now)
            if found is not None:
                tx.link_seat(code, member_id, found.profile_id)
            _save(tx, stored, state, applied, now)
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
        If another writer holds the lock, the view is worked out without
        saving it. `client` is counted when it names a room that does not
        exist (L-8)."""
        now = self._now()
        code = self._look_up(code, client, now)
        with self._read() as tx:
            stored = _room(tx, code)
            member_id = _authenticate(tx, code, token).member_id if token else None
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
        """
        version = self.poll(code, token)
        if known is not None and known.version == version:
            return known
        now = self._now()
        code = _normalize(code)
        with self._read() as tx:
            stored = _room(tx, code)
            member_id = _authenticate(tx, code, token).member_id if token else None
        if stored.row.version != version:
            self._polled_rooms.forget(code)  # polls must not answer older than this page
        view = view_for(self._advanced(stored, now), member_id)
        return RoomEntry(member_id, stored.row.version, view)

    def poll(self, code: str, token: str | None) -> int:
        """The room's version, for a page's 1 s refresh: cheap on purpose.

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
        code = _normalize(code)
        player, row, stale = self._poll_read(code, token, now)
        if player is not None:
            self._note_poll(code, player.member_id, now)
        if player is not None and player.connected and now - player.last_seen >= HEARTBEAT_EVERY:
            self.heartbeats.hear(code, player.member_id, now)
        due = self._due(row, now) or stale
        if not due and (player is None or player.connected):
            self._write_heartbeats(now)
            return row.version
        try:
            with self._write(QUICK_WAIT) as tx:
                player = _authenticate(tx, code, token) if token else None  # fresh, in the lock
                if due:
                    return self._tick(tx, code, now, player=player, presence=True)[1]
                assert player is not None
                return self._beat(tx, code, player, now)
        except StorageError as problem:
            if problem.code != Reason.STORAGE_BUSY:
                raise
            self.skipped_writes += 1
            return row.version

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
                player = _authenticate(tx, code, token)
            if len(self._seats) >= _SEATS_KEPT:
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
                raise _not_found(code)
            self._polled_rooms.keep(code, stamp, polled)
        return polled

    def silence_after(self, now: float) -> float:
        """Seconds without a heartbeat after which a connected player counts
        as silent: PRESENCE_TIMEOUT, plus the time this server has lately
        kept polls waiting (`poll_lag`)."""
        return PRESENCE_TIMEOUT + self.poll_lag.grace(now)

    def _note_poll(self, code: str, member_id: str, now: float) -> None:
        """How long since this seat's previous poll here, for `poll_lag`."""
        key = (code, member_id)
        previous = self._polled.get(key)
        if len(self._polled) >= _SEATS_KEPT:
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
        code = _normalize(code)
        with self._read() as tx:
            _room_row(tx, code)
            rows = tx.actions(code)
        return [logged_action(row) for row in rows]

    # Changing

    def sync_title(self, code: str, token: str | None, profile: str | None) -> RoomEntry | None:
        """PR-3: the seat shows the title its profile shows now, when the
        player picked another since joining. Only for a seat that joined
        with this profile (`profile` is its key); None when nothing changed.
        The title comes from the profile, which holds only earned ones."""
        if not (profile and token):
            return None
        code = _normalize(code)
        with self._read() as tx:
            found = _signed_in(tx, profile)
            me = _authenticate(tx, code, token).member_id
            if found is None or tx.seat_profiles(code).get(me) != found.profile_id:
                return None
            member = _room(tx, code).state.member(me)
        title = _shown_title(found)
        if member is None or member.title == title:
            return None
        return self._change_entry(code, token, lambda state, me: [ShowTitle(by=me, title=title)])

    def act(self, code: str, token: str | None, action: Action) -> RoomView:
        """Apply one lobby or game action as the token's member; `by` is
        overwritten, whatever the caller put there."""
        return self.act_entry(code, token, action).view

    def act_entry(self, code: str, token: str | None, action: Action) -> RoomEntry:
        """`act`, with the member and the version the new view belongs to,
        so a page can draw it without reading the room again (see `enter`)."""
        checked = inputs.player_action(action)
        return self._change_entry(
            code, token, lambda state, me: [checked.model_copy(update={"by": me})]
        )

    def start_game(
        self, code: str, token: str | None, custom_words: Sequence[str] | None = None
    ) -> RoomView:
        """Pick the 25 words (the room's language and package, or the host's
        custom list, W-5) and deal the game (the engine checks G-4, V-1, T-1).
        The words are drawn before the write lock is taken."""
        draft = self._draft_board(code, custom_words)

        def build(state: RoomState, me: str) -> list[Action]:
            require_host(state, me)
            bot_runner.require_bots_can_play(state)
            bots = bot_runner.fill_codewords(state, me, _new_member_id)
            return [*bots, StartGame(by=me, words=draft.words(state))]

        return self._change(code, token, build)

    def set_preset(self, code: str, token: str | None, preset: Preset) -> RoomView:
        """The host picks the rules preset; Codewords brings bots into the
        empty seats of a four-player game while sides are picked (K-2; the
        host may remove them or add more)."""

        def build(state: RoomState, me: str) -> list[Action]:
            chosen = SetPreset(by=me, preset=preset)
            after = apply(state, chosen, self._now())
            return [chosen, *bot_runner.fill_codewords(after, me, _new_member_id)]

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
        bots: Mapping[int, BotLevel] | None = None,
        preset: Preset = Preset.IN_ONE_WORD,
        profiles: Mapping[int, str] | None = None,
        device_key: str | None = None,
    ) -> Seat:
        """O-1: a room for a table sharing one device, its first game dealt.
        `players` are the names typed in with their teams, in order;
        `captains` gives each team's captain as an index into `players`;
        `bots` the players that are bots, with how well each plays (B-1);
        `preset` the rules (K-1: under Codewords each team's starred player
        volunteers, and the handlers are drawn from the table, K-2).
        The returned seat (the first name's) is the device: the other names
        have no token, so no other browser can act for them.
        PR-4: `profiles` maps a name (its index) to a profile id kept on
        this device (`device_key`, the device's secret key); that name's
        games then count for the profile. The others play as guests."""
        if bots:
            bot_runner.require_language(language)
        chosen = self._table_profiles(profiles or {}, device_key, bots or {})
        seats = _table_seats(players, captains, bots or {}, chosen)
        device = seats[0].id if seats else _new_member_id()
        steps: list[Step] = [
            lambda state: SetUpOneDevice(by=device, seats=seats, clue_timer=clue_timer),
            _language_step(device, language),
            lambda state: None if package is None else SetPackage(by=device, package=package),
            lambda state: (
                None if preset is Preset.IN_ONE_WORD else SetPreset(by=device, preset=preset)
            ),
            lambda state: StartGame(by=device, words=_board(state, None)),
        ]
        self.limits.knock(client, Knock.CREATE, self.clock())
        links = {seats[i].id: row.profile_id for i, row in chosen.items()}
        return self._create(device, steps, links)

    def _table_profiles(
        self, profiles: Mapping[int, str], device_key: str | None, bots: Mapping[int, BotLevel]
    ) -> dict[int, ProfileRow]:
        """PR-4: the profiles picked at the table, each one kept on this
        device, each for one person (never a bot)."""
        if not profiles:
            return {}
        if device_key is None or len(set(profiles.values())) < len(profiles):
            raise ProfileError(
                Reason.NOT_ON_DEVICE, N_("Each profile can play one name at a time.")
            )
        with self._read() as tx:
            kept = {row.profile_id: row for row in tx.device_profiles(hash_token(device_key))}
        if any(p not in kept for p in profiles.values()) or any(i in bots for i in profiles):
            raise ProfileError(
                Reason.NOT_ON_DEVICE, N_("That profile is not kept on this device: add it first.")
            )
        return {i: kept[p] for i, p in profiles.items()}

    def act_as(self, code: str, token: str | None, member_id: str, action: Action) -> RoomView:
        """O-2, O-3: the device acts for one name at its table (the captain
        gives the clue, a guesser opens a card). Only game actions, only in
        a one-device room, and the engine still checks that this player may
        take the action."""
        if not isinstance(action, GiveClue | Mark | Open | EndTurn):
            raise NotAuthorized(
                Reason.TABLE_ACTION, N_("The table can only play the game for a player.")
            )

        def build(state: RoomState, me: str) -> list[Action]:
            require_one_device(state)
            if state.member(member_id) is None:
                raise NotAuthorized(Reason.NOT_AT_TABLE, N_("That player is not at this table."))
            return [action.model_copy(update={"by": member_id})]

        return self._change(code, token, build)

    def table_act(self, code: str, token: str | None, action: Action) -> RoomView:
        """O-2, O-3: the device plays for whoever the rules name: the playing
        captain gives the clue, the team's first guesser opens the cards
        and ends the turn (`one_device.table_guesser`)."""
        if not isinstance(action, GiveClue | Mark | Open | EndTurn):
            raise NotAuthorized(
                Reason.TABLE_ACTION, N_("The table can only play the game for a player.")
            )

        def build(state: RoomState, me: str) -> list[Action]:
            require_one_device(state)
            game = state.game
            turn = game.turn if game is not None else None
            member = None
            if isinstance(action, GiveClue) and game is not None and turn is not None:
                # A bot captain gives its own clue.
                member = turn.giver_id if table_gives_clue(state, game) else None
            elif game is not None:
                member = table_guesser(state, game)
            if member is None:
                raise NotAuthorized(Reason.NOT_AT_TABLE, N_("Nobody at the table can do that now."))
            return [action.model_copy(update={"by": member})]

        return self._change(code, token, build)

    def map_view(self, code: str, token: str | None) -> VersusCaptainView:
        """O-2: the playing captain's map, for the device of a one-device
        room, and only while that captain picks the clue."""
        now = self._now()
        code = _normalize(code)
        with self._read() as tx:
            stored = _room(tx, code)
            _authenticate(tx, code, token)
        return map_view(self._advanced(stored, now))

    def new_game_same_teams(self, code: str, token: str | None) -> RoomView:
        """O-5: the next game at the same table; each team's captaincy moves on."""
        draft = self._draft_board(code, None)

        def build(state: RoomState, me: str) -> list[Action]:
            require_host(state, me)
            return [NewGameSameTeams(by=me, words=draft.words(state))]

        return self._change(code, token, build)

    def set_custom_words(self, code: str, token: str | None, text: str) -> RoomView:
        """W-5: the host's own list, checked first; a list with problems is
        refused with all of them in the message and changes nothing."""
        check = inputs.word_list(text)
        if not check.ok:
            raise WordsError(Reason.CUSTOM_WORDS, N_("{problems}"), problems=check.error_remarks)
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
        code = _normalize(code)
        with self._write(wait) as tx:
            _room_row(tx, code)
            player = _authenticate(tx, code, token)
            self._beat(tx, code, player, now)
        return player

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

    def _cleanup(self, now: float, age: float) -> list[str]:
        """One batch: find expired rooms with a read, so no scan holds the
        write lock, then delete them in a short write that checks each
        again (a room may have come back to life in between)."""
        with self._read() as tx:
            candidates = tx.expired_rooms(now, age)
        if not candidates:
            return []
        with self._write() as tx:
            return tx.delete_expired(candidates, now, age)

    # The database, behind the service's boundary

    def _read(self) -> AbstractContextManager[Tx]:
        return _guarded(self.store.read())

    def _write(self, wait: float | None = None) -> AbstractContextManager[Tx]:
        """A write transaction; `wait` (seconds) for the lock, else the store's."""
        return _guarded(self.store.write(wait))

    # The server's signs of life

    def _now(self, wait: float | None = None) -> float:
        """The time of this call. At most every ALIVE_EVERY, note in the
        store that the service is alive, and first find out whether it was
        away (nothing alive for SERVER_AWAY_AFTER): that gap is recorded,
        and every room stands still for it when next used. Recording a gap
        waits `wait` for the lock (else the store's busy timeout)."""
        now = self.clock()
        if now - self._alive_checked < ALIVE_EVERY:
            return now
        # One thread checks; the others wait for what it finds (as long as
        # they would wait for the lock), so no room is used with a gap not
        # yet known.
        if not self._checking.acquire(timeout=-1 if wait is None else wait):
            raise StorageError(Reason.STORAGE_BUSY, BUSY_MESSAGE)
        try:
            if now - self._alive_checked >= ALIVE_EVERY:
                self._check_alive(now, wait)
        finally:
            self._checking.release()
        return now

    def _check_alive(self, now: float, wait: float | None) -> None:
        with self._read() as tx:
            alive = tx.alive_at()
            recorded = tx.outages(now - cleanup_after())
        if alive is not None and now - alive < ALIVE_EVERY:
            self._know(recorded, now)  # another process has just said so
            self._alive_checked = now
            return
        away = alive is not None and now - alive > SERVER_AWAY_AFTER
        try:
            # A routine mark may be skipped (another writer shows life);
            # a gap must be recorded before any room is used.
            with self._write(wait if away else QUICK_WAIT) as tx:
                self._note_alive(tx, now)
        except StorageError:
            if away:
                raise
            return
        self._alive_checked = now

    def _note_alive(self, tx: Tx, now: float) -> None:
        """In the lock: record the gap since the last sign of life (if the
        gap is real: any write counts), then mark `now`."""
        alive = tx.alive_at()
        if alive is not None and now - alive > SERVER_AWAY_AFTER:
            start = max(alive, tx.last_activity() or alive)
            if now - start > SERVER_AWAY_AFTER:
                tx.add_outage(Outage(start, now))
                tx.forget_outages(now - cleanup_after())
        tx.set_alive(now)
        self._know(tx.outages(now - cleanup_after()), now)

    def _know(self, outages: Sequence[Outage], now: float) -> None:
        """Add recorded gaps to those this process knows: it only forgets
        one older than any room that could still need it."""
        cutoff = now - cleanup_after()
        known = {o for o in (*self._outages, *outages) if o.end > cutoff}
        self._outages = tuple(sorted(known, key=lambda o: o.end))

    def _pending(self, row: RoomRow) -> list[Outage]:
        """Gaps this room has not stood still for yet: any that ended after
        its last save (a room saved since the server came back has)."""
        return [outage for outage in self._outages if outage.end > row.updated_at]

    def _due(self, row: RoomRow, now: float) -> bool:
        """Must the room be brought up to `now` (a passed deadline, a gap)?"""
        return _is_due(row, now) or bool(self._pending(row))

    def _catch_up(self, stored: LoadedRoom) -> tuple[RoomState, Applied]:
        """X-8: apply `ServerResumed` for each gap the room has not stood
        still for, at the time the server went away (a writer then moves
        the heartbeats too: `_shift_heartbeats`)."""
        state, applied, since = stored.state, Applied(), stored.row.updated_at
        for outage in self._pending(stored.row):
            since = max(since, outage.start)
            if outage.end <= since:
                continue
            action = ServerResumed(gap=outage.end - since)
            state = apply(state, action, since)
            applied.append((action, since))
            since = outage.end
        return state, applied

    def _advanced(self, stored: LoadedRoom, now: float) -> RoomState:
        """The state at `now`, for a read that saves nothing."""
        state, applied = self._catch_up(stored)
        return advance(state, now) if applied or _is_due(stored.row, now) else state

    # Internals

    def _look_up(self, code: str, client: Client | None, now: float) -> str:
        """The normalized code of an existing room; a code that names no
        room counts against the client, so codes cannot be tried in bulk."""
        self.limits.require(client, Knock.MISSED_CODE, now)
        try:
            code = _normalize(code)
            with self._read() as tx:
                _room_row(tx, code)
        except RoomNotFound:
            self.limits.knock(client, Knock.MISSED_CODE, now)
            raise
        return code

    def _create(
        self, member_id: str, steps: Sequence[Step], links: Mapping[str, str] | None = None
    ) -> Seat:
        """A new room set up by `steps`, with `member_id` holding the new
        token; every step's action is applied and logged. Housekeeping
        rides on room creation (no background job needed)."""
        now = self._now()
        state, applied = new_room(seed=secrets.randbits(SEED_BITS)), Applied()
        for step in steps:
            action = step(state)
            if action is not None:
                state = apply(state, inputs.action(action), now)
                applied.append((action, now))
        state = self.bots.after_change(state, now)  # a bot may move first (B-5)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        with self._write() as tx:
            code = _free_code(tx)
            tx.add_player(code, member_id, hash_token(token), _name(state, member_id), False, now)
            tx.insert_room(code, room_record(state), now)
            tx.log_actions(code, _records(applied))
            for linked, profile_id in (links or {}).items():
                tx.link_seat(code, linked, profile_id)
        self._cleanup_now_and_then(now)
        return Seat(code, member_id, token)

    def _cleanup_now_and_then(self, now: float) -> None:
        """One batch of cleanup, at most every CLEANUP_EVERY, after the new
        room is saved (its own transactions, never the player's): a
        creation costs the same however many rooms there are, and a
        cleanup the database cannot do now waits for the next one."""
        if now - self._cleaned_at < CLEANUP_EVERY:
            return
        self._cleaned_at = now
        try:
            self._cleanup(now, cleanup_after())
        except StorageError as problem:
            _log.info("cleanup put off: %s", problem.message)

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
        code = _normalize(code)
        with self._read() as tx:
            change = self._draft_change(tx, code, token, build, now)
        with self._write() as tx:
            if tx.room_row(code) != change.stored.row:
                change = self._draft_change(tx, code, token, build, now)
            _shift_heartbeats(tx, code, change.applied)
            state = self.bots.after_change(change.state, now)
            version = _save(tx, change.stored, state, change.applied, now)
        return RoomEntry(change.member_id, version, view_for(state, change.member_id))

    def _draft_change(
        self, tx: Tx, code: str, token: str | None, build: Build, now: float
    ) -> Change:
        """The room read in `tx`, brought up to `now`, with `build`'s actions
        applied (or a refusal raised)."""
        stored = _room(tx, code)
        me = _authenticate(tx, code, token).member_id
        state, applied = self._catch_up(stored)
        state = advance(state, now) if applied or _is_due(stored.row, now) else state
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
        stored = _room(tx, code)
        state, applied = self._catch_up(stored)
        tx.touch_all(self.heartbeats.take_room(code))  # heard here, not written yet
        _shift_heartbeats(tx, code, applied)
        if player is not None:
            tx.touch(code, player.member_id, now)
        if presence:
            state = _disconnect_silent(tx, stored, state, applied, now, self.silence_after(now))
        if player is not None:
            state = _reconnect(state, player.member_id, now, applied)
        state = self.bots.play(state, now, applied)
        return state, _save(tx, stored, state, applied, now)

    def _beat(self, tx: Tx, code: str, player: PlayerRow, now: float) -> int:
        """Touch `last_seen`; reconnect in the engine only if marked away."""
        tx.touch(code, player.member_id, now)
        if player.connected:
            row = tx.room_row(code)
            assert row is not None
            return row.version
        stored = _room(tx, code)
        state, applied = self._catch_up(stored)
        _shift_heartbeats(tx, code, applied)
        state = _reconnect(state, player.member_id, now, applied)
        return _save(tx, stored, state, applied, now)

    def _draft_board(self, code: str, custom_words: Sequence[str] | None) -> BoardDraft:
        """The 25 words drawn from the room as it is now, outside the write
        lock; `BoardDraft.words` draws again in the lock only if the room
        changed what they depend on in between."""
        with self._read() as tx:
            stored = _room(tx, _normalize(code))
        return BoardDraft.of(stored.state, custom_words)


@dataclass(frozen=True)
class BoardDraft:
    """Words drawn before the write lock, with what they were drawn from;
    a refusal (a bad custom list) waits until the host check has run."""

    seed: int
    step: int
    settings: Settings
    custom_words: Sequence[str] | None
    drawn: list[str] | WordsError

    @classmethod
    def of(cls, state: RoomState, custom_words: Sequence[str] | None) -> BoardDraft:
        try:
            drawn: list[str] | WordsError = _board(state, custom_words)
        except WordsError as refusal:
            drawn = refusal
        return cls(state.seed, state.step, state.settings, custom_words, drawn)

    def words(self, state: RoomState) -> list[str]:
        """The drafted words if `state` draws the same ones, else drawn now."""
        same = (state.seed, state.step, state.settings) == (self.seed, self.step, self.settings)
        if not same:
            return _board(state, self.custom_words)
        if isinstance(self.drawn, WordsError):
            raise self.drawn
        return self.drawn


@contextmanager
def _guarded(inner: AbstractContextManager[Tx]) -> Iterator[Tx]:
    """A store transaction behind `storage_errors`."""
    with storage_errors(), inner as tx:
        yield tx


# Helpers (module level: they need no service state)


def _free_code(tx: Tx) -> str:
    try:
        return codes.unique_code(tx.code_taken)
    except codes.CodesExhausted:
        raise ServiceError(
            Reason.NO_FREE_CODE, N_("The server has too many rooms right now: try again later.")
        ) from None


def _normalize(code: str) -> str:
    """Codes are matched case-insensitively, spaces and dashes ignored. A
    page polls with the same code every second: a well-formed code seen
    before is looked up, not worked out again."""
    known = _NORMALIZED.get(code) if isinstance(code, str) else None
    if known is not None:
        return known
    clean = codes.normalize(inputs.text(code or "", inputs.MAX_FIELD, N_("A room code")))
    if not codes.is_well_formed(clean):
        raise _not_found(clean)
    if len(_NORMALIZED) >= _SEATS_KEPT:
        _NORMALIZED.clear()
    _NORMALIZED[code] = clean
    return clean


_NORMALIZED: dict[str, str] = {}


def _not_found(code: str) -> RoomNotFound:
    if not code:
        return RoomNotFound(Reason.NO_SUCH_ROOM, N_("Type the room code to join."))
    shown = code if len(code) <= 12 else code[:12] + "…"
    return RoomNotFound(
        Reason.NO_SUCH_ROOM,
        N_("No room with code {code}. Check the code and try again."),
        code=shown,
    )


def _is_due(row: RoomRow, now: float) -> bool:
    """Has a deadline passed? Read from the row, without the state."""
    return row.next_deadline is not None and row.next_deadline <= now


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


def _shift_heartbeats(tx: Tx, code: str, applied: Applied) -> None:
    """X-8: each `ServerResumed` applied moves the heartbeats heard before
    the server came back by its gap, so that silence is nobody's."""
    for action, at in applied:
        if isinstance(action, ServerResumed):
            tx.shift_last_seen(code, action.gap, at + action.gap)


def _reconnect(state: RoomState, member_id: str, now: float, applied: Applied) -> RoomState:
    member = state.member(member_id)
    if member is None or member.connected:
        return state
    action = Reconnect(by=member_id)
    applied.append((action, now))
    return apply(state, action, now)


def _disconnect_silent(
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


def _save(tx: Tx, stored: LoadedRoom, state: RoomState, applied: Applied, now: float) -> int:
    """Write the state and log if anything changed; returns the version."""
    if state == stored.state and not applied:
        tx.refresh(stored.row.code, room_record(state), now)
        return stored.row.version
    tx.log_actions(stored.row.code, _records(applied))
    count_if_finished(tx, stored.row.code, stored.state, state, now)  # PR-2, once
    return tx.save_room(stored.row, room_record(state), now)


def _records(applied: Applied) -> list[ActionRecord]:
    return [action_record(action, at) for action, at in applied]


def _board(state: RoomState, custom_words: Sequence[str] | None) -> list[str]:
    """25 words from the room's own stream, or a Just One deck's 65 (J-1):
    replaying a room's log deals the same board, and the board tells
    nothing of the map (`randomness`)."""
    rng = words_rng(state.seed, state.step)
    try:
        if custom_words is None and state.settings.custom_words:
            custom_words = state.settings.custom_words
        settings = state.settings
        size = mode_for(settings).words_needed
        if custom_words is None:
            packages = words.load_packages()
            if size != words.BOARD_SIZE:
                return words.deck_words(packages, settings.language, settings.package, rng, size)
            return words.board_words(packages, settings.language, settings.package, rng)
        check = words.parse_custom_words("\n".join(custom_words))
        if not check.ok:
            raise WordsError(Reason.CUSTOM_WORDS, N_("{problems}"), problems=check.error_remarks)
        if size != words.BOARD_SIZE:
            return words.draw_deck(check.words, rng, size)
        return words.draw_board(check.words, rng)
    except WordsError:
        raise
    except ValueError as problem:
        raise WordsError(Reason.WORDS, N_("{problem}"), problem=str(problem)) from problem


def _language_step(member_id: str, language: str) -> Step:
    """Set the creator's language (G-6), if it is not the default already."""

    def step(state: RoomState) -> Action | None:
        chosen = language.strip().lower() or state.settings.language
        if chosen == state.settings.language:
            return None
        return SetLanguage(by=member_id, language=chosen)

    return step


def _table_seats(
    players: Sequence[tuple[str, Team]],
    captains: Mapping[Team, int],
    bots: Mapping[int, BotLevel],
    profiles: Mapping[int, ProfileRow],
) -> list[TableSeat]:
    """The names typed in at a one-device table, each with a new member id."""
    ids: list[str] = []
    while len(ids) < len(players):
        member_id = _new_member_id()
        if member_id not in ids:
            ids.append(member_id)
    return [
        TableSeat(
            id=member_id,
            name=name,
            team=team,
            captain=captains.get(team) == i,
            bot=i in bots,
            bot_level=bots.get(i, "medium"),
            title=_shown_title(profiles.get(i)),
        )
        for i, (member_id, (name, team)) in enumerate(zip(ids, players, strict=True))
    ]


def _signed_in(tx: Tx, key: str | None) -> ProfileRow | None:
    """The profile a key signs in (PR-1); None for a guest, and for a key
    that signs in nothing any more (a deleted profile plays as a guest)."""
    profile_id = profile_of_key(tx, key)
    return tx.profile(profile_id) if profile_id is not None else None


def _shown_title(row: ProfileRow | None) -> str | None:
    """PR-3: the title the profile shows under its name, if any."""
    return None if row is None else Stats.model_validate_json(row.stats_json).shown_title


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

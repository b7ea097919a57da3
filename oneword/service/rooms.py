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

import secrets
from collections.abc import Sequence

from oneword.engine import (
    Action,
    Join,
    Leave,
    Mode,
    RoomState,
    RoomView,
    SetCustomWords,
    SetMode,
    SetPackage,
    SetPreset,
    SetWatching,
    ShowTitle,
    StartGame,
    Team,
    apply,
)
from oneword.engine.errors import Reason
from oneword.engine.lobby import require_host
from oneword.engine.models import BotLevel, Preset
from oneword.i18n import N_
from oneword.service import bot_runner, inputs
from oneword.service.base import (
    TOKEN_BYTES,
    RoomEntry,
    Seat,
)
from oneword.service.changes import language_step
from oneword.service.errors import (
    WordsError,
)
from oneword.service.errors import log as log
from oneword.service.one_device import OneDeviceTable
from oneword.service.rate_limits import Client, Knock
from oneword.service.reading import Reading
from oneword.service.room_io import (
    authenticate,
    hash_token,
    load_room,
    new_member_id,
    normalize,
    save,
    seat_name,
    shift_heartbeats,
    shown_title,
    signed_in_profile,
)


class RoomService(Reading, OneDeviceTable):
    """Rooms over a `Store`. Holds no connection, so one instance may serve
    every Streamlit thread; `clock` is injectable for tests (X-8)."""

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
        host = new_member_id()
        found = None
        if profile:
            with self._read() as tx:
                found = signed_in_profile(tx, profile)
        join = Join(
            by=host,
            name=name,
            signed_in=signed_in or found is not None,
            title=shown_title(found),
        )
        links = {host: found.profile_id} if found else {}
        return self._create(host, [lambda state: join, language_step(host, language)], links)

    def create_watched_room(
        self, name: str, key: str, language: str, mode: Mode, package: str | None = None
    ) -> Seat:
        """A new room whose host runs it without playing (L-4), set to
        `mode`, `language` and `package`, for a class session
        (`oneword.classes`): `key` is the host's key, made from the
        teacher's, so one key reaches every room of the class. The class
        was counted once against the limit on new rooms (L-8)."""
        host = new_member_id()
        steps = [
            lambda state: Join(by=host, name=name),
            lambda state: SetWatching(by=host, watching=True),
            language_step(host, language),
            lambda state: SetMode(by=host, mode=mode),
            lambda state: SetPackage(by=host, package=package) if package else None,
        ]
        return self._create(host, steps, token=key)

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
            stored = load_room(tx, code)
            state, applied = self._catch_up(stored)
            shift_heartbeats(tx, code, applied)
            member_id = new_member_id(state)
            found = signed_in_profile(tx, profile)
            action = Join(
                by=member_id,
                name=name,
                signed_in=signed_in or found is not None,
                device=hash_token(device) if device else None,
                title=shown_title(found),
            )
            state = apply(state, action, now)
            applied.append((action, now))
            tx.add_player(
                code, member_id, hash_token(token), seat_name(state, member_id), False, now
            )
            if found is not None:
                tx.link_seat(code, member_id, found.profile_id)
            save(tx, stored, state, applied, now)
        return Seat(code, member_id, token)

    def rejoin(self, code: str, token: str | None) -> Seat:
        """Back to one's seat after a reload (L-3); also a heartbeat."""
        code = normalize(code)
        player = self._heartbeat(code, token)
        assert token is not None
        return Seat(code, player.member_id, token)

    # Changing

    def sync_title(self, code: str, token: str | None, profile: str | None) -> RoomEntry | None:
        """PR-3: the seat shows the title its profile shows now, when the
        player picked another since joining. Only for a seat that joined
        with this profile (`profile` is its key); None when nothing changed.
        The title comes from the profile, which holds only earned ones."""
        if not (profile and token):
            return None
        code = normalize(code)
        with self._read() as tx:
            found = signed_in_profile(tx, profile)
            me = authenticate(tx, code, token).member_id
            if found is None or tx.seat_profiles(code).get(me) != found.profile_id:
                return None
            member = load_room(tx, code).state.member(me)
        title = shown_title(found)
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
            bots = bot_runner.fill_codewords(state, me, new_member_id)
            return [*bots, StartGame(by=me, words=draft.words(state))]

        return self._change(code, token, build)

    def set_preset(self, code: str, token: str | None, preset: Preset) -> RoomView:
        """The host picks the rules preset; Codewords brings bots into the
        empty seats of a four-player game while sides are picked (K-2; the
        host may remove them or add more)."""

        def build(state: RoomState, me: str) -> list[Action]:
            chosen = SetPreset(by=me, preset=preset)
            after = apply(state, chosen, self._now())
            return [chosen, *bot_runner.fill_codewords(after, me, new_member_id)]

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
            return bot_runner.seat_bot(state, me, team, level, new_member_id(state))

        return self._change(code, token, build)

    def fill_with_bots(self, code: str, token: str | None, level: BotLevel = "medium") -> RoomView:
        """The host brings the room up to the smallest legal game with bots."""

        def build(state: RoomState, me: str) -> list[Action]:
            return bot_runner.fill(state, me, level, lambda s: new_member_id(s))

        return self._change(code, token, build)

    def leave(self, code: str, token: str | None) -> RoomView:
        """G-8: an explicit leave; the returned view is a watcher's."""
        return self._change(code, token, lambda state, me: [Leave(by=me)])

"""Profiles (PR-1): made in one tap, kept on the device by a secret key,
moved to another device with a short-lived code, deleted with their stats.

A device is signed in by a profile key (a cookie, never in a URL); the
service turns the key into the profile and never hands a key out except
to the device that gets it. Games are counted by the room service, in the
transaction that ends them (`profiles.counting`); this service reads what
they left: the profile card, recent games and a room's rewards.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from oneword.engine.errors import Reason
from oneword.engine.names import clean_name
from oneword.i18n import N_
from oneword.profiles import Level, Stats, level_of
from oneword.profiles.counting import Reward, game_key
from oneword.profiles.keys import (
    TRANSFER_LIFETIME,
    add_key,
    digest,
    new_transfer_code,
    normal_code,
    profile_of_key,
)
from oneword.profiles.titles import BY_ID
from oneword.service import Clock, ProfileError, RoomNotFound, hash_token, storage_errors
from oneword.service.codec import parse_state
from oneword.service.rate_limits import Client, Knock, RateLimiter
from oneword.storage.protocol import RoomStore
from oneword.storage.protocol import RoomTx as Tx
from oneword.storage.records import ProfileRow

RECENT_GAMES = 10


@dataclass(frozen=True)
class Profile:
    """What a page shows of a profile: never its key."""

    profile_id: str
    name: str
    stats: Stats

    @property
    def level(self) -> Level:
        return level_of(self.stats.xp)

    @property
    def title(self) -> str | None:
        return self.stats.shown_title


@dataclass(frozen=True)
class PastGame:
    at: float
    reward: Reward


@dataclass(frozen=True)
class TransferCode:
    code: str
    expires_at: float


class ProfileService:
    """Profiles over the store of a `RoomService` (which brings an older
    file up to date). Holds no connection; `clock` is injectable."""

    def __init__(
        self, store: RoomStore, clock: Clock = time.time, limits: RateLimiter | None = None
    ) -> None:
        """`limits` counts wrong transfer codes per client, as wrong room
        codes are (share the room service's, so both count together)."""
        self.store = store
        self.clock = clock
        self.limits = limits or RateLimiter()

    def create(self, name: str, device_key: str) -> str:
        """A new profile with this name, kept on this device; returns its
        key (for the device's cookie only)."""
        name = clean_name(name)
        profile_id = "p" + secrets.token_hex(8)
        now = self.clock()
        with storage_errors(), self.store.write() as tx:
            tx.insert_profile(ProfileRow(profile_id, name, Stats().model_dump_json(), now, now))
            tx.link_device(hash_token(device_key), profile_id, now)
            return add_key(tx, profile_id, now)

    def get(self, key: str | None) -> Profile | None:
        """The profile this key signs in, or None (a guest)."""
        if not key:
            return None
        with storage_errors(), self.store.read() as tx:
            profile_id = profile_of_key(tx, key)
            row = tx.profile(profile_id) if profile_id else None
        return _profile(row) if row else None

    def rename(self, key: str, name: str) -> Profile:
        name = clean_name(name)
        with storage_errors(), self.store.write() as tx:
            row = _required(tx, key, lock=True)
            tx.save_profile(row.profile_id, name, row.stats_json, self.clock())
        return Profile(row.profile_id, name, Stats.model_validate_json(row.stats_json))

    def show_title(self, key: str, title: str | None) -> Profile:
        """PR-3: pick an earned title to show under the name (None: none).
        Rooms joined from now on show it, and a room the profile already
        sits in takes it when the player's page there asks
        (`RoomService.sync_title`)."""
        with storage_errors(), self.store.write() as tx:
            row = _required(tx, key, lock=True)
            stats = Stats.model_validate_json(row.stats_json)
            if title is not None and (title not in stats.titles or title not in BY_ID):
                raise ProfileError(
                    Reason.TITLE_NOT_EARNED, N_("Only an earned title can be shown.")
                )
            stats = stats.model_copy(update={"shown_title": title})
            tx.save_profile(row.profile_id, row.name, stats.model_dump_json(), self.clock())
        return Profile(row.profile_id, row.name, stats)

    def delete(self, key: str) -> None:
        """PR-1: the profile goes, with its stats, games, keys and codes."""
        with storage_errors(), self.store.write() as tx:
            tx.delete_profile(_required(tx, key).profile_id)

    def transfer_code(self, key: str) -> TransferCode:
        """A code that lets another device use this profile, once, for
        TRANSFER_LIFETIME seconds."""
        code, now = new_transfer_code(), self.clock()
        with storage_errors(), self.store.write() as tx:
            profile_id = _required(tx, key).profile_id
            tx.add_transfer_code(digest(code), profile_id, now + TRANSFER_LIFETIME, now)
        return TransferCode(code, now + TRANSFER_LIFETIME)

    def redeem(self, code: str, device_key: str, client: Client | None = None) -> str:
        """Use a transfer code on this device: returns a new key of the
        profile for this device's cookie. The code is used up."""
        now = self.clock()
        with self._guessing(client, now), storage_errors(), self.store.write() as tx:
            profile_id = self._take(tx, code, now)
            tx.link_device(hash_token(device_key), profile_id, now)
            return add_key(tx, profile_id, now)

    def add_to_device(self, code: str, device_key: str, client: Client | None = None) -> Profile:
        """PR-4: keep a profile on this device for the one-device table
        (the code is used up; the device is not signed in with it)."""
        now = self.clock()
        with self._guessing(client, now), storage_errors(), self.store.write() as tx:
            profile_id = self._take(tx, code, now)
            tx.link_device(hash_token(device_key), profile_id, now)
            row = tx.profile(profile_id)
        assert row is not None
        return _profile(row)

    def on_device(self, device_key: str) -> list[Profile]:
        """The profiles kept on this device (PR-4)."""
        with storage_errors(), self.store.read() as tx:
            rows = tx.device_profiles(hash_token(device_key))
        return [_profile(row) for row in rows]

    def recent_games(self, key: str, limit: int = RECENT_GAMES) -> list[PastGame]:
        with storage_errors(), self.store.read() as tx:
            rows = tx.profile_games(_required(tx, key).profile_id, limit)
        return [PastGame(row.at, Reward.from_json(row.summary_json)) for row in rows]

    def rewards(self, room: str) -> dict[str, Reward]:
        """P-5: what the room's last finished game gave each seat that plays
        for a profile, by member id (empty until it is counted)."""
        with storage_errors(), self.store.read() as tx:
            stored = tx.load(room)
            if stored is None:
                raise RoomNotFound(Reason.NO_SUCH_ROOM, N_("This room is gone."))
            game = parse_state(stored.state_json).game
            if game is None or not game.over:
                return {}
            rows = tx.game_rewards(room, game_key(game))
        return {row.member_id: Reward.from_json(row.summary_json) for row in rows}

    def seat_profiles(self, room: str) -> dict[str, str]:
        """Member id -> profile id of the room's seats that play as one."""
        with storage_errors(), self.store.read() as tx:
            return tx.seat_profiles(room)

    @contextmanager
    def _guessing(self, client: Client | None, now: float) -> Iterator[None]:
        """A client that typed too many wrong codes is refused for a while
        (even a right code, so a hit cannot be told from a miss); each
        wrong code counts (L-8's limit on made-up room codes)."""
        self.limits.require(client, Knock.MISSED_CODE, now)
        try:
            yield
        except ProfileError as refusal:
            if refusal.code == Reason.BAD_TRANSFER_CODE:
                self.limits.knock(client, Knock.MISSED_CODE, now)
            raise

    def _take(self, tx: Tx, code: str, now: float) -> str:
        profile_id = tx.take_transfer_code(digest(normal_code(code)), now)
        if profile_id is None or tx.profile(profile_id) is None:
            raise ProfileError(
                Reason.BAD_TRANSFER_CODE,
                N_("That profile code is wrong, used or too old: make a new one."),
            )
        return profile_id


def _required(tx: Tx, key: str | None, lock: bool = False) -> ProfileRow:
    profile_id = profile_of_key(tx, key)
    row = tx.profile(profile_id, lock) if profile_id else None
    if row is None:
        raise ProfileError(Reason.NO_PROFILE, N_("This device is not signed in to a profile."))
    return row


def _profile(row: ProfileRow) -> Profile:
    return Profile(row.profile_id, row.name, Stats.model_validate_json(row.stats_json))

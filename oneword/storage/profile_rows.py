"""The profile tables' queries (PR), shared by both backends.

SQLite and PostgreSQL read the same SQL here: only the placeholder differs
(`?` and `%s`), so each store's transaction class mixes this in and says
how it runs one statement (`_run`) and how a read locks a row inside a
write (`_row_lock`: nothing on SQLite, whose `BEGIN IMMEDIATE` already
serializes writers; `FOR UPDATE` on PostgreSQL). As with rooms, the store
saves what it is handed: which games count, and how, is worked out above
it (`profiles.counting`).

Tables (created by `migrations` and `pg_schema`):
- `profiles`: a name and the stats as JSON;
- `profiles.keys`: a key's public id and the SHA-256 of the whole key,
  one per device the profile is used on (the key itself is never stored);
- `profile_seats`: which seat of which room a profile plays;
- `counted_games`: per room, the games already counted, so a game's end
  is counted once whoever saves it;
- `profile_games`: what each counted game gave each profile;
- `transfer_codes`: short-lived, single-use codes, hashed;
- `device_profiles`: the profiles used on a device (its key's hash), for
  the one-device table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from oneword.storage.records import ProfileGameRow, ProfileRow

_PROFILE = "profile_id, name, stats, created_at, updated_at"
_GAME = "profile_id, room, game_key, member_id, at, summary"


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...


class ProfileRows:
    """The profile queries over one open transaction (a mixin)."""

    _row_lock = ""

    def _run(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        raise NotImplementedError

    def insert_profile(self, row: ProfileRow) -> None:
        self._run(
            f"INSERT INTO profiles ({_PROFILE}) VALUES (?, ?, ?, ?, ?)",
            (row.profile_id, row.name, row.stats_json, row.created_at, row.updated_at),
        )

    def profile(self, profile_id: str, lock: bool = False) -> ProfileRow | None:
        """One profile; `lock` (in a write) holds its row until the end, so
        two rooms ending at once add their games one after the other."""
        found = self._run(
            f"SELECT {_PROFILE} FROM profiles WHERE profile_id = ?{self._row_lock if lock else ''}",
            (profile_id,),
        ).fetchone()
        return ProfileRow(*found) if found else None

    def save_profile(self, profile_id: str, name: str, stats_json: str, now: float) -> None:
        self._run(
            "UPDATE profiles SET name = ?, stats = ?, updated_at = ? WHERE profile_id = ?",
            (name, stats_json, now, profile_id),
        )

    def delete_profile(self, profile_id: str) -> None:
        """The profile and everything kept for it: keys, seats, games,
        codes and devices (PR-1: deleting a profile deletes its stats)."""
        for table in (
            "profile_keys",
            "profile_seats",
            "profile_games",
            "transfer_codes",
            "device_profiles",
            "profiles",
        ):
            self._run(f"DELETE FROM {table} WHERE profile_id = ?", (profile_id,))

    def add_profile_key(self, key_id: str, profile_id: str, key_hash: str, now: float) -> None:
        self._run(
            "INSERT INTO profile_keys (key_id, profile_id, key_hash, created_at)"
            " VALUES (?, ?, ?, ?)",
            (key_id, profile_id, key_hash, now),
        )

    def profile_key(self, key_id: str) -> tuple[str, str] | None:
        """(profile id, key hash) of a key's public id; the caller compares
        the hash in constant time, never SQL `=` on a secret."""
        found = self._run(
            "SELECT profile_id, key_hash FROM profile_keys WHERE key_id = ?", (key_id,)
        ).fetchone()
        return (str(found[0]), str(found[1])) if found else None

    def link_seat(self, room: str, member_id: str, profile_id: str) -> None:
        self._run(
            "INSERT INTO profile_seats (room, member_id, profile_id) VALUES (?, ?, ?)"
            " ON CONFLICT (room, member_id) DO UPDATE SET profile_id = excluded.profile_id",
            (room, member_id, profile_id),
        )

    def seat_profiles(self, room: str) -> dict[str, str]:
        rows = self._run(
            "SELECT member_id, profile_id FROM profile_seats WHERE room = ?", (room,)
        ).fetchall()
        return {str(member): str(profile) for member, profile in rows}

    def count_game_once(self, room: str, game_key: str, now: float) -> bool:
        """Mark a room's game as counted; False if it already was."""
        done = self._run(
            "INSERT INTO counted_games (room, game_key, counted_at) VALUES (?, ?, ?)"
            " ON CONFLICT (room, game_key) DO NOTHING",
            (room, game_key, now),
        )
        return done.rowcount == 1

    def add_profile_game(self, row: ProfileGameRow) -> None:
        self._run(
            f"INSERT INTO profile_games ({_GAME}) VALUES (?, ?, ?, ?, ?, ?)",
            (row.profile_id, row.room, row.game_key, row.member_id, row.at, row.summary_json),
        )

    def profile_games(self, profile_id: str, limit: int) -> list[ProfileGameRow]:
        """The profile's latest games, newest first."""
        rows = self._run(
            f"SELECT {_GAME} FROM profile_games WHERE profile_id = ? ORDER BY at DESC LIMIT ?",
            (profile_id, limit),
        ).fetchall()
        return [ProfileGameRow(*row) for row in rows]

    def keep_newest_profile_games(self, profile_id: str, keep: int) -> None:
        """Forget the profile's games beyond its newest `keep` (the stats
        keep what they added)."""
        self._run(
            "DELETE FROM profile_games WHERE profile_id = ? AND (room, game_key) NOT IN"
            " (SELECT room, game_key FROM profile_games WHERE profile_id = ?"
            " ORDER BY at DESC LIMIT ?)",
            (profile_id, profile_id, keep),
        )

    def game_rewards(self, room: str, game_key: str) -> list[ProfileGameRow]:
        rows = self._run(
            f"SELECT {_GAME} FROM profile_games WHERE room = ? AND game_key = ?",
            (room, game_key),
        ).fetchall()
        return [ProfileGameRow(*row) for row in rows]

    def add_transfer_code(
        self, code_hash: str, profile_id: str, expires_at: float, now: float
    ) -> None:
        """A new code; expired codes of any profile are forgotten meanwhile."""
        self._run("DELETE FROM transfer_codes WHERE expires_at <= ?", (now,))
        self._run(
            "INSERT INTO transfer_codes (code_hash, profile_id, expires_at) VALUES (?, ?, ?)",
            (code_hash, profile_id, expires_at),
        )

    def take_transfer_code(self, code_hash: str, now: float) -> str | None:
        """The profile of a code still valid, which is used up (deleted)."""
        found = self._run(
            "SELECT profile_id, expires_at FROM transfer_codes WHERE code_hash = ?"
            f"{self._row_lock}",
            (code_hash,),
        ).fetchone()
        if found is None:
            return None
        self._run("DELETE FROM transfer_codes WHERE code_hash = ?", (code_hash,))
        return str(found[0]) if float(found[1]) > now else None

    def link_device(self, device: str, profile_id: str, now: float) -> None:
        self._run(
            "INSERT INTO device_profiles (device, profile_id, linked_at) VALUES (?, ?, ?)"
            " ON CONFLICT (device, profile_id) DO UPDATE SET linked_at = excluded.linked_at",
            (device, profile_id, now),
        )

    def device_profiles(self, device: str) -> list[ProfileRow]:
        """The profiles used on this device, the longest unused first."""
        rows = self._run(
            f"SELECT p.{_PROFILE.replace(', ', ', p.')} FROM device_profiles d"
            " JOIN profiles p ON p.profile_id = d.profile_id"
            " WHERE d.device = ? ORDER BY d.linked_at, p.profile_id",
            (device,),
        ).fetchall()
        return [ProfileRow(*row) for row in rows]

"""A profile's secret keys (PR-1) and its transfer codes.

A key is what a device keeps (a cookie) to be a profile: 16 hex digits
that name the key, then 43 random URL-safe characters, all from the OS.
Only the SHA-256 of the whole key is stored, and a key is found by its
public part and compared in constant time, so neither a leaked database
nor the time a lookup takes gives a key away. A profile has one key per
device it is used on.

A transfer code moves a profile to another device: short enough to type
(10 characters from an alphabet without look-alikes, about 50 bits),
valid for TRANSFER_LIFETIME and used up by its first use, stored hashed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from oneword.storage.protocol import RoomTx

KEY_ID_LENGTH = 16
KEY_SECRET_BYTES = 32
TRANSFER_LIFETIME = 10 * 60.0
TRANSFER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
TRANSFER_LENGTH = 10


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_key() -> tuple[str, str]:
    """A fresh key and its public id."""
    key_id = secrets.token_hex(KEY_ID_LENGTH // 2)
    return key_id + secrets.token_urlsafe(KEY_SECRET_BYTES), key_id


def profile_of_key(tx: RoomTx, key: str | None) -> str | None:
    """The profile this key belongs to, or None (no key, a made-up one, a
    key of a deleted profile)."""
    if not key or len(key) <= KEY_ID_LENGTH:
        return None
    found = tx.profile_key(key[:KEY_ID_LENGTH])
    if found is None:
        return None
    profile_id, stored = found
    return profile_id if hmac.compare_digest(stored, digest(key)) else None


def add_key(tx: RoomTx, profile_id: str, now: float) -> str:
    """A new key for this profile (a new device); returns the key."""
    key, key_id = new_key()
    tx.add_profile_key(key_id, profile_id, digest(key), now)
    return key


def new_transfer_code() -> str:
    return "".join(secrets.choice(TRANSFER_ALPHABET) for _ in range(TRANSFER_LENGTH))


def normal_code(typed: str) -> str:
    """A typed code as it was issued: capitals, no spaces or dashes."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())[: TRANSFER_LENGTH * 2]

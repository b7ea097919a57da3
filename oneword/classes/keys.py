"""The teacher's key and each room's host key made from it.

A room's host key is an HMAC of its place in the class under the
teacher's key: the teacher's device keeps one key for the whole class,
the server keeps only hashes (of the teacher's key in the class row, of
each host key in the room's players, as for every seat), and whoever
holds the teacher's key can act as host in every room of the class."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

KEY_BYTES = 24


def new_teacher_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def room_key(teacher_key: str, index: int) -> str:
    """The host key of the class's room number `index`."""
    digest = hmac.new(teacher_key.encode(), f"room:{index}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:KEY_BYTES]).decode().rstrip("=")

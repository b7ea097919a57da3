"""How often one client may knock (L-8): joins, rooms created, and codes
looked up that do not exist.

Without limits a script can try every room code in minutes and fill any
open lobby with junk players. Each client is counted twice, by its browser
session and by its network address, in token buckets: a bucket holds a
burst and refills at a steady rate. The address buckets are larger, since
a whole classroom may share one address. Clients whose address is not
known share one address bucket (`UNKNOWN_ADDRESS`).

The counts live in the server process's memory: they need no writes, and
a restart forgets them, which only gives an attacker a fresh burst.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import StrEnum

from oneword.engine.errors import Reason, Refusal
from oneword.i18n import N_


class Knock(StrEnum):
    JOIN = "join"
    CREATE = "create"
    MISSED_CODE = "missed_code"


@dataclass(frozen=True)
class Bucket:
    burst: float
    per_second: float


LIMITS: dict[tuple[Knock, str], Bucket] = {
    (Knock.JOIN, "session"): Bucket(burst=8, per_second=1 / 10),
    (Knock.JOIN, "address"): Bucket(burst=80, per_second=1),
    (Knock.CREATE, "session"): Bucket(burst=10, per_second=10 / 3600),
    (Knock.CREATE, "address"): Bucket(burst=40, per_second=40 / 3600),
    (Knock.MISSED_CODE, "session"): Bucket(burst=10, per_second=1 / 6),
    (Knock.MISSED_CODE, "address"): Bucket(burst=30, per_second=1 / 2),
}
"""A classroom of 30 joins at once from one address; one browser that
mistypes a code a few times is fine; 60 made-up codes a second are not."""

UNKNOWN_ADDRESS = "unknown"
"""The one address bucket that every client with no known address shares:
behind a proxy nobody declared, all players look alike, and a script that
opens a fresh session for each try must still meet a limit."""

MAX_KEYS = 50_000
"""Buckets kept at most; the oldest are forgotten first."""


@dataclass(frozen=True)
class Client:
    """Who is knocking, as the page knows it: its session and address."""

    session: str | None = None
    address: str | None = None


class TooManyTries(Refusal):
    """The client knocked too often; nothing was done."""


class RateLimiter:
    """Token buckets per (knock, session) and (knock, address)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._buckets: dict[tuple[Knock, str, str], tuple[float, float]] = {}

    def knock(self, client: Client | None, knock: Knock, now: float) -> None:
        """Count one knock; raise `TooManyTries` when a bucket is empty.
        A call without a client (a notebook, a test) is not counted."""
        self._count(client, knock, now, cost=1)

    def require(self, client: Client | None, knock: Knock, now: float) -> None:
        """Raise `TooManyTries` if a knock would be refused, counting
        nothing: a client that used up its misses is refused every look-up,
        so a hit cannot be told from a miss."""
        self._count(client, knock, now, cost=0)

    def _count(self, client: Client | None, knock: Knock, now: float, cost: int) -> None:
        if client is None:
            return
        keys = [("session", client.session), ("address", client.address or UNKNOWN_ADDRESS)]
        with self._lock:
            for kind, value in keys:
                if value:
                    self._take(knock, kind, value, now, cost)

    def _take(self, knock: Knock, kind: str, value: str, now: float, cost: int) -> None:
        limit = LIMITS[(knock, kind)]
        key = (knock, kind, value)
        tokens, since = self._buckets.pop(key, (limit.burst, now))
        tokens = min(limit.burst, tokens + (now - since) * limit.per_second)
        self._buckets[key] = (tokens, now)
        if tokens < 1:
            raise TooManyTries(
                Reason.TOO_MANY_TRIES,
                N_("Too many tries from this device: wait a minute, then try again."),
            )
        self._buckets[key] = (tokens - cost, now)
        while len(self._buckets) > MAX_KEYS:
            del self._buckets[next(iter(self._buckets))]

"""Where a room's secrets come from: the map, the starting team, the
captains drawn and the board's words (G-1, V-2, T-2, T-3, V-4).

A room holds a 256-bit secret (`RoomState.seed`), drawn from the OS by the
service and never shown to anyone. Each draw reads its own stream,
HMAC-SHA256 of the secret and a label ("deal:12", "words:12") in counter
mode, so:
- what a seat sees (the board, open cards, the starting team) says nothing
  of the secret, nor of any other stream: guessing the map from the board
  means guessing 256 bits;
- the same secret and the same actions deal the same games, so tests,
  notebooks and replays that pass a seed of their own stay deterministic.

Python's `random.Random` (a Mersenne Twister) would leak its state to
anyone who sees enough of its output, and a small seed can be searched;
neither is true of this stream.
"""

from __future__ import annotations

import hashlib
import hmac
import random

SEED_BITS = 256
"""How many bits of secret a room gets from the OS."""

_BLOCK_BITS = 256


def _key_bytes(seed: int) -> bytes:
    return seed.to_bytes(max(1, (seed.bit_length() + 7) // 8), "big")


class KeyedRandom(random.Random):
    """A `random.Random` whose bits are HMAC-SHA256(seed, label, counter):
    deterministic for a given seed and label, unpredictable without the
    seed. `shuffle`, `choice` and `randint` draw through `getrandbits`."""

    def __init__(self, seed: int, label: str) -> None:
        self._key = _key_bytes(seed)
        self._label = label.encode("utf-8")
        self._counter = 0
        self._pool = 0
        self._pool_bits = 0
        super().__init__()

    def seed(self, a: object = None, version: int = 2) -> None:
        """The stream is fixed by the key and label; nothing to reseed."""

    def _block(self) -> int:
        message = self._label + b"\0" + self._counter.to_bytes(8, "big")
        self._counter += 1
        return int.from_bytes(hmac.new(self._key, message, hashlib.sha256).digest(), "big")

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        while self._pool_bits < k:
            self._pool = (self._pool << _BLOCK_BITS) | self._block()
            self._pool_bits += _BLOCK_BITS
        self._pool_bits -= k
        bits = self._pool >> self._pool_bits
        self._pool &= (1 << self._pool_bits) - 1
        return bits

    def random(self) -> float:
        return self.getrandbits(53) / (1 << 53)


def deal_rng(seed: int, step: int) -> KeyedRandom:
    """The stream for what the engine deals at this step: the map, the
    starting team or side, captains, shuffled teams."""
    return KeyedRandom(seed, f"deal:{step}")


def words_rng(seed: int, step: int) -> KeyedRandom:
    """The stream for the board's words at this step: separate from the
    deal, so the words on show tell nothing about the map."""
    return KeyedRandom(seed, f"words:{step}")

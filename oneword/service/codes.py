"""Room codes (L-1): short, easy to read aloud and to type on a phone.

Five letters from an alphabet with no look-alikes (no 0/O, 1/I/L, 5/S,
2/Z, 8/B) and no vowels, so a code never spells a word, rude or not.
17 letters give 17**5 = 1.4 million codes; uniqueness is checked against
the store inside the transaction that creates the room.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

ALPHABET = "CDFGHJKMNPQRTVWXY"
LENGTH = 5
MAX_TRIES = 50


class CodesExhausted(LookupError):
    """MAX_TRIES codes in a row were taken: the store is (nearly) full."""


def random_code() -> str:
    """A fresh code; `secrets` so codes of live rooms cannot be predicted."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize(text: str) -> str:
    """What a player typed, as stored: upper case, spaces and dashes dropped
    (" abc-de " finds "ABCDE")."""
    return "".join(ch for ch in text.upper() if not ch.isspace() and ch != "-")


def is_well_formed(code: str) -> bool:
    """A normalized code that could have come from `random_code`."""
    return len(code) == LENGTH and all(ch in ALPHABET for ch in code)


def unique_code(taken: Callable[[str], bool]) -> str:
    """A code for which `taken(code)` is False.

    With 1.4 million codes a clash is rare; MAX_TRIES clashes in a row mean
    the store is (nearly) full, which is an error, not a loop forever.
    """
    for _ in range(MAX_TRIES):
        code = random_code()
        if not taken(code):
            return code
    raise CodesExhausted("Could not find a free room code: clean up old rooms.")

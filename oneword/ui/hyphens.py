"""Board words break only where a reader expects it: at a hyphenation point.

A card on a phone is about 50 px wide, and its type stays at 12 px or
more, so a long word must break. Left to itself the browser breaks it
anywhere ("sunflowe/r"), and its own hyphenation needs dictionaries that
Chromium downloads from the web, which a classroom offline does not have.
So the server puts soft hyphens (U+00AD) where the room's language
hyphenates a word (pyphen, LibreOffice's patterns); the browser breaks
only there, showing a hyphen, and shows nothing where it does not break.
A piece still longer than `MAX_PIECE` letters (a long syllable, a
language without patterns) is split into even parts, hyphen shown too.
"""

from __future__ import annotations

import functools
import re

import pyphen

SOFT_HYPHEN = "\u00ad"
MAX_PIECE = 6
"""The most letters between two break points: what fits a 320 px phone's
card at 12 px."""

_PIECES = re.compile(r"(\s+|-)")
_VOWELS = frozenset("aeiouyàáâäãåæèéêëìíîïòóôöõøœùúûüÿ")
_DIGRAPHS = frozenset({"ch", "sh", "th", "ph", "ck", "gh", "qu", "gn"})


@functools.cache
def _dictionary(language: str) -> pyphen.Pyphen | None:
    if language not in pyphen.LANGUAGES:
        return None
    return pyphen.Pyphen(lang=language, left=2, right=2)


def _split_score(piece: str, at: int) -> tuple[int, int]:
    """Lower is better: each side with a vowel; between two consonants that
    do not sound as one ("kan-garoo", "brouil-lard"), then after a vowel;
    near the middle."""
    before, after = piece[at - 1].lower(), piece[at].lower()
    syllables = all(_VOWELS & set(side.lower()) for side in (piece[:at], piece[at:]))
    consonants = before not in _VOWELS and after not in _VOWELS
    if consonants and before + after not in _DIGRAPHS:
        kind = 0
    elif before in _VOWELS and after not in _VOWELS:
        kind = 1
    else:
        kind = 2
    return kind + (0 if syllables else 3), abs(len(piece) - 2 * at)


def _short_parts(piece: str) -> list[str]:
    """`piece` cut into parts of at most `MAX_PIECE` letters, each cut at
    the likeliest syllable boundary where both sides fit."""
    if len(piece) <= MAX_PIECE:
        return [piece]
    low, high = max(2, len(piece) - MAX_PIECE), min(MAX_PIECE, len(piece) - 2)
    if low > high:  # a longer piece: its head, then the rest cut again
        return [piece[:MAX_PIECE], *_short_parts(piece[MAX_PIECE:])]
    at = min(range(low, high + 1), key=lambda k: _split_score(piece, k))
    return [piece[:at], piece[at:]]


def _hyphenate_piece(piece: str, language: str) -> str:
    dictionary = _dictionary(language)
    syllables = (
        dictionary.inserted(piece, hyphen=SOFT_HYPHEN).split(SOFT_HYPHEN)
        if dictionary is not None
        else [piece]
    )
    return SOFT_HYPHEN.join(part for s in syllables for part in _short_parts(s))


def hyphenate(word: str, language: str = "en") -> str:
    """`word` with soft hyphens at its break points; spaces and real
    hyphens (already break points) are kept as they are."""
    return "".join(
        piece if _PIECES.fullmatch(piece) or not piece else _hyphenate_piece(piece, language)
        for piece in _PIECES.split(word)
    )

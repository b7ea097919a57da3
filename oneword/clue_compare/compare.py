"""J-4 and J-5: which clues are the same word, which are not allowed, and
whether an answer names the mystery word.

This module is the one place that compares words for Just One; the game's
rules call it and nothing else does the comparing. Its API:

- `is_duplicate(a, b, language)`: two clues count as the same (J-4).
- `is_invalid(mystery, clue, language)`: the clue is not allowed for that
  mystery word (J-4).
- `check_clues(mystery, clues, language)`: every clue with whether it is
  kept and, if not, why.
- `is_right_answer(mystery, answer, language)`: the guesser's answer names
  the mystery word (J-5).
- `prepare(language)`: load a language's word lists ahead of the first card;
  `warm_up(language)` does it in the background.

Two words count as the same when they are written alike once case and
joining marks are dropped; when they differ only in accents and the
accents do not make another word (ecole and école, but not Bär and Bar:
`spelling.py`); when they are forms or close family of one word (plural,
gender, Japan and Japanese: `forms.py`); when they are two spellings of
one word (colour and color, kiosco and quiosco: `variants.py`); or when one is a slip of one or
two letters for the other, or spelt by ear, and is not a word itself
(Rythem for Rhythm, but not beer for bear). Parts of a compound are
different words (Lawn, Mower, Lawnmower).

A clue is invalid when it is the mystery word by those same rules or
sounds like it (knight for NIGHT: `homophones.py`), when it
is more than one word (a name such as New York is one), or when it is made
up: no word list knows it and it is not a number, an acronym, a sound or a
compound (`made_up.py`).

The costly mistake is removing a good clue, so every test here leans to
keeping a clue it cannot decide: the clue givers can still remove it by
vote.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from oneword.clue_compare.diminutives import is_diminutive
from oneword.clue_compare.families import one_family
from oneword.clue_compare.forms import same_forms, share_lemma, share_stem
from oneword.clue_compare.homophones import sound_alike
from oneword.clue_compare.kin import are_kin
from oneword.clue_compare.lexicon import load_lists
from oneword.clue_compare.made_up import is_made_up, is_made_up_on
from oneword.clue_compare.spelling import (
    accent_variant,
    accents_make_other_word,
    differ_only_in_accents,
    doubled_by_slip,
    drawn_out,
    is_slip,
    key,
)
from oneword.clue_compare.translations import (
    are_translations,
    is_foreign,
    meanings_part,
    same_number,
    translates,
)
from oneword.clue_compare.variants import are_variants

__all__ = [
    "ClueCheck",
    "Kind",
    "Removal",
    "check_clues",
    "duplicate_kind",
    "fold",
    "is_duplicate",
    "is_invalid",
    "is_right_answer",
    "prepare",
    "warm_up",
]


class Removal(StrEnum):
    """Why a clue was taken out before the guesser saw it."""

    DUPLICATE = "duplicate"  # another clue is the same word (J-4)
    MYSTERY_WORD = "mystery_word"  # the mystery word, respelled or of its family
    NOT_A_WORD = "not_a_word"  # empty, more than one word, or made up


class Kind(StrEnum):
    """What a removed clue is to the word it was found too close to: what
    the clue givers read, so they can judge the app's call (J-4)."""

    SPELLING = "spelling"  # the same word, case and accents aside
    FORM = "form"  # a plural or another form of it
    FAMILY = "family"  # of its family (teach, teacher; gato, gatito)
    VARIANT = "variant"  # another spelling of it (colour, color; phone, telephone)
    SLIP = "slip"  # a slip of the pen for it
    NUMBER = "number"  # one number written two ways
    DRAWN_OUT = "drawn_out"  # one sound drawn out (Brr, Brrr)
    SOUND = "sound"  # sounds like the mystery word
    TRANSLATION = "translation"  # the same word in another of the seven languages
    MADE_UP_ON = "made_up_on"  # a made-up word built on the mystery word
    WORDS = "words"  # empty, or more than one word
    MADE_UP = "made_up"  # no word at all


@dataclass(frozen=True)
class ClueCheck:
    """One clue as written, whether it reaches the guesser and why not:
    the reason, its kind and the word it is too close to (`like`: another
    clue, or the mystery word)."""

    clue: str
    kept: bool
    reason: Removal | None = None
    kind: Kind | None = None
    like: str | None = None


def fold(text: str) -> str:
    """Case and accents as typed do not matter: 'Éclair' and 'eclair' fold alike."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _same_spelling(a: str, b: str, language: str) -> bool | None:
    """True or False when spelling alone decides, None when it does not."""
    if key(a) == key(b):
        return True
    if differ_only_in_accents(a, b, language):
        return accent_variant(a, b, language) or not accents_make_other_word(a, b, language)
    return None


def is_duplicate(a: str, b: str, language: str) -> bool:
    """True if two clues count as the same word (J-4)."""
    return duplicate_kind(a, b, language) is not None


def duplicate_kind(a: str, b: str, language: str) -> Kind | None:
    """How two clues are the same word (J-4), or None if they are not."""
    kind = _kinship(a, b, language)
    if kind is None and key(a) and key(b) and are_translations(a, b, language):
        return Kind.TRANSLATION
    return kind


def _kinship(a: str, b: str, language: str) -> Kind | None:
    """How `a` and `b` are one word of the room's language: the same
    spelling, forms, a slip, one number, two spellings or one sound drawn
    out; None if they are not. Translations are apart: the mystery word is
    a word of the room's language only (CHEF in an English room is a cook,
    not a French boss)."""
    if not key(a) or not key(b):
        return None
    spelled = _same_spelling(a, b, language)
    if spelled is not None:
        return Kind.SPELLING if spelled else None
    forms = _forms_kind(a, b, language)
    if forms is not None:
        return forms
    if same_number(a, b, language):
        return Kind.NUMBER
    if _is_slip(a, b, language):
        return Kind.SLIP
    if _are_variants(a, b, language):
        return Kind.VARIANT
    return Kind.DRAWN_OUT if drawn_out(a, b) else None


def _are_variants(a: str, b: str, language: str) -> bool:
    """Two spellings of one word. Where one is a word of another language,
    unless their meanings are known and part: produkt (German) and product
    are one word, but Kaution (a deposit) is no spelling of caution."""
    if not are_variants(a, b, language):
        return False
    return not _either_foreign(a, b, language) or not meanings_part(a, b, language)


def _is_slip(a: str, b: str, language: str) -> bool:
    """A slip of the pen, unless one of the two is a word of another of
    the seven languages: a false friend (éxito, exit) is not a typo."""
    slip = is_slip(a, b, language) or doubled_by_slip(a, b, language)
    return slip and not _either_foreign(a, b, language)


def _forms_kind(a: str, b: str, language: str) -> Kind | None:
    """Forms or family of one word of the room's language; a word of
    another language is not read by its rules (carpet is no form of
    carpeta)."""
    if same_forms(a, b, language):
        kind = Kind.FORM
    elif one_family(a, b, language) or is_diminutive(a, b, language) or are_kin(a, b, language):
        kind = Kind.FAMILY
    else:
        return None
    return None if _either_foreign(a, b, language) else kind


def _either_foreign(a: str, b: str, language: str) -> bool:
    return is_foreign(a, language) or is_foreign(b, language)


LONGEST_NAME = 3
"""Most parts a name written with spaces may have (New York, Leonardo da Vinci)."""


def _is_name(parts: list[str]) -> bool:
    """A few parts, the first and last beginning with a capital or a digit, read
    as one name (J-3): Harry Potter, Leonardo da Vinci, Apollo 11."""
    return len(parts) <= LONGEST_NAME and all(
        p[0].isupper() or p[0].isdigit() for p in (parts[0], parts[-1])
    )


def _not_one_word(clue: str) -> bool:
    """Empty, or words separated by spaces that are not one name.

    J-3 counts names and compounds as one word: a hyphen joins a compound
    (tire-bouchon), and a name may have spaces if it has capitals
    at its ends (New York, Puss in Boots); 'black cat' is two words.
    """
    parts = clue.split()
    return not key(clue) or (len(parts) > 1 and not _is_name(parts))


def _reason(mystery: str, clue: str, language: str) -> tuple[Removal, Kind] | None:
    """Why `clue` may not be given for `mystery`, and how, or None if it may."""
    if _not_one_word(clue):
        return Removal.NOT_A_WORD, Kind.WORDS
    kind = _kinship(mystery, clue, language)
    if kind is not None:
        return Removal.MYSTERY_WORD, kind
    if is_made_up_on(mystery, clue, language):
        return Removal.MYSTERY_WORD, Kind.MADE_UP_ON
    if sound_alike(mystery, clue, language):
        return Removal.MYSTERY_WORD, Kind.SOUND
    if translates(mystery, clue, language):
        return Removal.MYSTERY_WORD, Kind.TRANSLATION
    if is_made_up(clue, language):
        return Removal.NOT_A_WORD, Kind.MADE_UP
    return None


def is_invalid(mystery: str, clue: str, language: str) -> bool:
    """True if `clue` may not be given for `mystery` (J-4)."""
    return _reason(mystery, clue, language) is not None


def is_right_answer(mystery: str, answer: str, language: str) -> bool:
    """True if the guesser's answer names the mystery word (J-5).

    Case, accents left out, another number (plural), a slip and the same
    number written another way (7 for SEVEN, 1.000 for 1000) count as
    right; a family member (Japanese for Japan) or another word does not.
    """
    if not key(answer) or not key(mystery):
        return False
    spelled = _same_spelling(mystery, answer, language)
    if spelled is not None:
        return spelled
    return (
        share_lemma(mystery, answer, language)
        or share_stem(mystery, answer, language)
        or is_slip(mystery, answer, language)
        or same_number(mystery, answer, language)
    )


def prepare(language: str) -> None:
    """Load everything the comparison of `language` reads, ahead of the first card.

    The word lists take about a second to load the first time; a game can
    call this when it starts so no card waits.
    """
    load_lists(language)
    check_clues("prepare", ["prepares", "prepared", "zzzyqx"], language)
    is_right_answer("prepare", "prepares", language)


_WARMING: dict[str, threading.Thread] = {}
_WARMING_LOCK = threading.Lock()


def warm_up(language: str) -> threading.Thread:
    """Start `prepare(language)` in the background, once per process, and
    return its thread.

    A card's clues are checked inside the move that hands in the last
    one, while the database is held for that move: the first card in a
    process would hold every room's moves for the second the word lists
    take to load. A page that shows a Just One room calls this, so the
    lists are loaded before the first card is in."""
    with _WARMING_LOCK:
        thread = _WARMING.get(language)
        if thread is None:
            thread = threading.Thread(
                target=prepare, args=(language,), name=f"just-one-{language}", daemon=True
            )
            _WARMING[language] = thread
            thread.start()
        return thread


def check_clues(mystery: str, clues: list[str], language: str) -> list[ClueCheck]:
    """Every clue in order, kept or removed with the reason (J-4), its
    kind and the word it is too close to.

    Invalid clues go first; every copy of a duplicate goes, none survives.
    """
    reasons = [_reason(mystery, clue, language) for clue in clues]
    checks: list[ClueCheck] = []
    for index, clue in enumerate(clues):
        found = reasons[index]
        if found is not None:
            reason, kind = found
            like = mystery if reason is Removal.MYSTERY_WORD else None
            checks.append(ClueCheck(clue, kept=False, reason=reason, kind=kind, like=like))
            continue
        for j, other in enumerate(clues):
            same = duplicate_kind(clue, other, language) if j != index and not reasons[j] else None
            if same is not None:
                checks.append(
                    ClueCheck(clue, kept=False, reason=Removal.DUPLICATE, kind=same, like=other)
                )
                break
        else:
            checks.append(ClueCheck(clue, kept=True))
    return checks

"""The clue rules C-1, C-2, C-3, C-4, C-5, C-6, the same for every language.

A clue is typed on any keyboard and compared with board words that other
people typed in other editors. So the module has one key that decides when
two words are the same (`normalise`, C-2) and one counter of letters
(`letter_count`, C-1 and C-3); the word packages use both too, so "the same
word" and "20 letters" mean one thing everywhere in the app. Each refusal is
a `ClueError` with a stable code and a message that names the rule broken,
the sign or the board word (C-6).

Choices where docs/rules.md is silent, made as a careful player would expect:

- Text is read in Unicode compatibility form (NFKC) first, so fullwidth
  "ＨＯＲＳＥ" is HORSE and "x²" is "x2". A sign is named as it was typed.
- Hyphens are "-" and "‐" (U+2010); the non-breaking hyphen (U+2011), "﹣"
  and "－" become one of them. Apostrophes are "'", "’" and "ʼ" (U+02BC);
  "＇" becomes "'". Dashes, "‘", "´" and "`" are signs.
- Letters are Unicode letters and digits are Unicode numbers (what is left
  of them after NFKC). A combining mark (Mn, Mc) belongs to the letter or
  digit before it: it is not counted and is not a sign. A mark at the start
  or after a hyphen or apostrophe, an enclosing mark (a keycap) and an
  invisible code point (zero-width characters, variation selectors, Hangul
  fillers) are signs: each would let a board word through unseen.
- The "characters" of C-3 are counted like the letters of C-1: a letter
  with its accents is one character. "horse" does not ban "horsé…", where
  the accent changes the last letter.
- A board word's spaces leave its key like hyphens do, so "bigwheel" is BIG
  WHEEL (a clue has no spaces, so it could never hit a card of two words).
- Input of more than `MAX_CLUE_INPUT` code points is refused before any
  normalisation, so a pasted novel costs nothing.
- An accepted clue is kept in NFKC, the form that was checked.
- A message quotes at most 30 code points of the clue and shows a code point
  that cannot be printed (a lone surrogate, a control) as "�", so every
  message can be sent as UTF-8.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from itertools import pairwise

from oneword.i18n import N_, NP_

from .errors import ClueError, Reason
from .models import INFINITY, Clue, ClueNumber

MAX_CLUE_LETTERS = 20
"""C-1: letters and digits in a clue, and the limit for a card's word (W-4)."""
MAX_CLUE_INPUT = 100
"""Code points read at all: far above 20 letters with accents and hyphens."""
STEM_MIN_LETTERS = 4
"""C-3: a board word's key this long also bans itself with letters added."""
MAX_ADDED_LETTERS = 3
"""C-3: how many characters added at the end still count as too close."""

HYPHENS = frozenset("-\u2010")
APOSTROPHES = frozenset("'\u2019\u02bc")
_JOINERS = HYPHENS | APOSTROPHES
_NOT_IN_KEY = {ord(ch): None for ch in _JOINERS}
_WORD_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Mn", "Mc"})
_INVISIBLE = frozenset(
    chr(code)
    for first, last in [
        (0x034F, 0x034F),  # combining grapheme joiner
        (0x115F, 0x1160),  # Hangul fillers
        (0x17B4, 0x17B5),  # Khmer inherent vowels
        (0x180B, 0x180F),  # Mongolian variation selectors
        (0x3164, 0x3164),
        (0xFE00, 0xFE0F),  # variation selectors
        (0xFFA0, 0xFFA0),
        (0xE0100, 0xE01EF),
    ]
    for code in range(first, last + 1)
)
_NOT_LETTERS = _JOINERS | _INVISIBLE
_SHOWN_MAX = 30


def normalise(word: str) -> str:
    """The key two words are compared by (C-2).

    NFKC, casefold, NFKC again (casefolding may leave a form NFKC would
    change), then hyphens, apostrophes and spaces removed and the rest
    composed. Accents stay: "Bär" is not "Bar".
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", word).casefold())
    return unicodedata.normalize("NFC", "".join(folded.translate(_NOT_IN_KEY).split()))


def letter_count(word: str) -> int:
    """Letters and digits in `word` after NFKC (C-1, C-3, W-4, W-5).

    Accents typed as separate marks, hyphens, apostrophes and spaces are not
    counted: "ice cream" is no longer to read on a card than "icecream".
    """
    return sum(1 for ch in unicodedata.normalize("NFKC", word) if _is_letter_or_digit(ch))


TOO_LONG = N_("{clue} has {letters} letters and digits: a clue has at most {count}.")
"""C-1's length refusal; a preset with other characters names its own (K-2)."""


def check_clue_word(
    word: str, max_letters: int = MAX_CLUE_LETTERS, too_long: str = TOO_LONG
) -> str:
    """C-1: one word of 1-20 letters and digits, not only digits (a preset
    may allow another length, K-2).

    Returns the word trimmed and in NFKC, or raises `ClueError`.
    """
    text = _trimmed(word)
    _refuse_spaces_and_signs(text)
    form = unicodedata.normalize("NFKC", text)
    if letter_count(form) == 0:
        raise ClueError(
            Reason.CLUE_EMPTY, N_("{clue} has no letters: a clue is a word."), clue=_shown(text)
        )
    _refuse_bad_joins(text, form)
    _refuse_bad_count(text, form, max_letters, too_long)
    return form


def check_against_board(word: str, closed_words: Iterable[str]) -> None:
    """C-2, C-3, C-4: not a closed board word, nor one with 1-3 characters added.

    Both sides are compared by their key (`normalise`). Open cards are not
    passed in, so their words are allowed (C-4).
    """
    clue = normalise(word)
    for board_word in closed_words:
        target = normalise(board_word)
        if clue == target:
            raise ClueError(
                Reason.CLUE_ON_BOARD,
                N_("{clue} is the word {word} on the board: pick another clue."),
                clue=_shown(word),
                word=board_word.upper(),
            )
        if _extends(clue, target):
            raise ClueError(
                Reason.CLUE_TOO_CLOSE,
                N_("{clue} is too close to {word} on the board."),
                clue=_shown(word),
                word=board_word.upper(),
            )


def check_number(number: object) -> ClueNumber:
    """C-5: 1-9, 0 or infinity."""
    if number == INFINITY:
        return INFINITY
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 9:
        raise ClueError(Reason.CLUE_BAD_NUMBER, N_("The number must be 0-9 or infinity."))
    return number


def make_clue(word: str, number: object, closed_words: Iterable[str]) -> Clue:
    """A valid clue for this board, or a `ClueError` that says why not (C-6)."""
    checked = check_clue_word(word)
    check_against_board(checked, closed_words)
    return Clue(word=checked, number=check_number(number))


def _is_letter_or_digit(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LN" and ch not in _NOT_LETTERS


def _is_letter(ch: str) -> bool:
    return unicodedata.category(ch)[0] == "L" and ch not in _NOT_LETTERS


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch) in {"Mn", "Mc"}


def _extends(clue: str, target: str) -> bool:
    """C-3: `clue` is the key `target` (4+ characters) with 1-3 added."""
    if letter_count(target) < STEM_MIN_LETTERS or not clue.startswith(target):
        return False
    added = clue[len(target) :]
    return bool(added) and not _is_mark(added[0]) and 1 <= letter_count(added) <= MAX_ADDED_LETTERS


def _trimmed(word: object) -> str:
    """The typed clue without surrounding spaces, refused if empty or huge."""
    text = word.strip() if isinstance(word, str) else ""
    if not text:
        raise ClueError(Reason.CLUE_EMPTY, N_("Type a clue first."))
    if len(text) > MAX_CLUE_INPUT:
        raise ClueError(
            Reason.CLUE_TOO_LONG,
            N_("{clue} is too long: a clue has at most {count} letters."),
            clue=_shown(text),
            count=MAX_CLUE_LETTERS,
        )
    return text


def _fits(ch: str) -> bool:
    """Whether one typed code point may stand in a clue: after NFKC it is
    letters, digits, marks, hyphens and apostrophes (where they stand is
    checked on the whole word)."""
    if ch in _INVISIBLE:
        return False
    return all(
        c in _JOINERS or (unicodedata.category(c) in _WORD_CATEGORIES and c not in _INVISIBLE)
        for c in unicodedata.normalize("NFKC", ch)
    )


def _refuse_spaces_and_signs(text: str) -> None:
    if any(ch.isspace() for ch in text):
        raise ClueError(
            Reason.CLUE_NOT_ONE_WORD,
            N_("{clue} is more than one word: a clue is one word."),
            clue=_shown(text),
        )
    signs = list(dict.fromkeys(ch for ch in text if not _fits(ch)))
    if signs:
        _refuse_sign(text, signs)


def _refuse_sign(text: str, signs: list[str]) -> None:
    named = ", ".join(_sign_name(ch) for ch in signs[:3])
    raise ClueError(
        Reason.CLUE_BAD_CHARACTER,
        NP_(
            "{clue} has the sign {signs}: "
            "use letters and digits (a hyphen or apostrophe may join them).",
            "{clue} has the signs {signs}: "
            "use letters and digits (a hyphen or apostrophe may join them).",
        ),
        clue=_shown(text),
        signs=named,
        count=len(signs[:3]),
    )


def _refuse_bad_joins(text: str, form: str) -> None:
    """C-1: a hyphen or apostrophe stands between two letters or digits, and
    a mark follows a letter or digit."""
    starts = N_("{clue} starts with {sign}: a hyphen or apostrophe may only stand inside a word.")
    ends = N_("{clue} ends with {sign}: a hyphen or apostrophe may only stand inside a word.")
    for end, template in ((form[0], starts), (form[-1], ends)):
        if end in _JOINERS:
            raise ClueError(Reason.CLUE_BAD_JOINER, template, clue=_shown(text), sign=_quoted(end))
    for before, after in pairwise(form):
        if before in _JOINERS and after in _JOINERS:
            raise ClueError(
                Reason.CLUE_BAD_JOINER,
                N_("{clue} has {signs} in a row: put a letter between hyphens and apostrophes."),
                clue=_shown(text),
                signs=_quoted(before + after),
            )
    strays = [b for a, b in pairwise("-" + form) if a in _JOINERS and _is_mark(b)]
    if strays:
        _refuse_sign(text, strays)


def _refuse_bad_count(text: str, form: str, max_letters: int, too_long: str) -> None:
    letters = letter_count(form)
    if letters > max_letters:
        raise ClueError(
            Reason.CLUE_TOO_LONG,
            too_long,
            clue=_shown(text),
            letters=letters,
            count=max_letters,
        )
    if not any(_is_letter(ch) for ch in form):
        raise ClueError(
            Reason.CLUE_ONLY_DIGITS,
            N_("{clue} is only digits: a clue must be a word."),
            clue=_shown(text),
        )


def _shown(text: str) -> str:
    """`text` quoted for a message: short, and only printable code points."""
    cut = text[:_SHOWN_MAX] + ("…" if len(text) > _SHOWN_MAX else "")
    shown = "".join(ch if ch.isprintable() else " " if ch.isspace() else "�" for ch in cut)
    return f"'{shown}'"


def _sign_name(ch: str) -> str:
    """A sign as a message names it: itself, or its code point and name
    when it cannot be seen (a space of no width, a lone mark)."""
    if ch.isprintable() and not unicodedata.category(ch).startswith("M"):
        return _quoted(ch)
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" ({name.lower()})" if name else "")


def _quoted(sign: str) -> str:
    return f'"{sign}"' if "'" in sign else f"'{sign}'"

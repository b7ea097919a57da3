"""A teacher's own word list (W-5): parse what was pasted, say what is wrong.

Lists come from documents and spreadsheets, so the parser is forgiving
about layout (bullets, numbering, quotes, commas or lines) and strict about
the words themselves, and every remark is a sentence the host can act on.
Words are kept as typed; duplicates are found the way clues compare (C-2).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict, computed_field

from .forms import BOARD_SIZE, MAX_LETTERS, SEPARATORS, letter_count, quote, times, word_key

_CUSTOM_SPLIT = re.compile(r"[\n\r,;\t]")
_LIST_MARKER = re.compile(r"^(?:[-*•·–—]|\d{1,3}[.)])\s+")
_QUOTE_PAIRS = (('"', '"'), ("'", "'"), ("“", "”"), ("„", "“"), ("«", "»"), ("‘", "’"))


class CustomWordProblem(BaseModel):
    """One remark about a pasted word list, in plain language (W-5).

    `level` is "error" for something the host should fix (a word that was
    left out, or too few words) and "notice" for something harmless that
    was tidied away (empty entries), so the page can show them differently.
    """

    model_config = ConfigDict(frozen=True)

    message: str
    level: Literal["error", "notice"] = "error"


class CustomWordsCheck(BaseModel):
    """A checked custom word list: the usable words and what was wrong.

    `words` holds the distinct usable words in the order they were typed,
    each in its first spelling. The list is playable (`ok`) as soon as there
    are 25 of them, even if other entries had to be left out: those are
    still listed in `problems` so the host can fix them.
    """

    model_config = ConfigDict(frozen=True)

    words: tuple[str, ...]
    remarks: tuple[CustomWordProblem, ...] = ()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ok(self) -> bool:
        """At least 25 distinct usable words: enough for a board (W-5)."""
        return len(self.words) >= BOARD_SIZE

    @computed_field  # type: ignore[prop-decorator]
    @property
    def problems(self) -> list[str]:
        """Every remark as a sentence: errors first, then notices."""
        return self.errors + self.notices

    @property
    def errors(self) -> list[str]:
        """Things to fix: too few words, and each entry that was left out."""
        return [r.message for r in self.remarks if r.level == "error"]

    @property
    def notices(self) -> list[str]:
        """Harmless things that were tidied away, such as empty entries."""
        return [r.message for r in self.remarks if r.level == "notice"]


def _clean_entry(entry: str) -> str:
    """One pasted entry as the word it is meant to be.

    Pasted lists come from documents and spreadsheets, so list bullets,
    numbering ("1. ", "2) ") and surrounding quotes are dropped, and runs of
    spaces become one space.
    """
    text = " ".join(unicodedata.normalize("NFC", entry).split())
    text = _LIST_MARKER.sub("", text, count=1)
    for left, right in _QUOTE_PAIRS:
        if len(text) >= 2 and text.startswith(left) and text.endswith(right):
            text = text[len(left) : -len(right)].strip()
            break
    return text


def _custom_word_problem(word: str) -> str | None:
    """Why a pasted entry cannot be a card (W-5), or None if it can.

    Gentler than the package rule: a short phrase may have several spaces
    ("rock and roll"), but only letters, spaces, hyphens and apostrophes,
    some letters, and at most 20 of them.
    """
    if all(ch.isdigit() or ch == " " for ch in word):
        return f"{quote(word)} is only digits: a card needs a word."
    strange = sorted({ch for ch in word if not ch.isalpha() and ch not in SEPARATORS})
    if strange:
        shown = ", ".join(quote(ch) for ch in strange)
        return f"{quote(word)} contains {shown}: use only letters, spaces, hyphens and apostrophes."
    if letter_count(word) == 0:
        return f"{quote(word)} has no letters."
    if letter_count(word) > MAX_LETTERS:
        return f"{quote(word)} is longer than {MAX_LETTERS} letters."
    return None


def parse_custom_words(text: str) -> CustomWordsCheck:
    """Check a pasted word list for a custom board (W-5).

    Entries may be one per line or separated by commas or semicolons (tabs
    too, for a row pasted from a spreadsheet). Words are kept as typed, so
    German nouns keep their capitals; duplicates are found with the clue
    key (C-2) like everywhere else. Blank lines are treated as layout and
    skipped silently; an empty entry between two separators is counted and
    mentioned as a notice.
    """
    words: list[str] = []
    first_spelling: dict[str, str] = {}
    seen: Counter[str] = Counter()
    rejected: dict[str, str] = {}
    empty = 0
    for line in text.splitlines():
        if not line.strip():
            continue
        parts = _CUSTOM_SPLIT.split(line.strip().rstrip(",;").strip())
        for part in parts:
            word = _clean_entry(part)
            if not word:
                empty += 1
                continue
            key = word_key(word)
            wrong = _custom_word_problem(word)
            if wrong is not None:
                rejected.setdefault(key, wrong)
                continue
            seen[key] += 1
            if key not in first_spelling:
                first_spelling[key] = word
                words.append(word)

    remarks: list[CustomWordProblem] = []
    if len(words) < BOARD_SIZE:
        if not words:
            count = "No usable words"
        elif len(words) == 1:
            count = "Only 1 word"
        else:
            count = f"Only {len(words)} words"
        remarks.append(CustomWordProblem(message=f"{count}: a board needs at least {BOARD_SIZE}."))
    for key, spelling in first_spelling.items():
        if seen[key] > 1:
            remarks.append(
                CustomWordProblem(message=f"{quote(spelling)} appears {times(seen[key])}.")
            )
    remarks.extend(CustomWordProblem(message=message) for message in rejected.values())
    if empty:
        entries = "1 empty entry was" if empty == 1 else f"{empty} empty entries were"
        remarks.append(CustomWordProblem(message=f"{entries} skipped.", level="notice"))
    return CustomWordsCheck(words=tuple(words), remarks=tuple(remarks))

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

from oneword.i18n import N_, NP_, Plural, fill

from .forms import BOARD_SIZE, MAX_LETTERS, SEPARATORS, letter_count, quote, word_key

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

    template: str
    values: dict[str, str | int] = {}
    level: Literal["error", "notice"] = "error"
    plural: str | None = None
    """The template's plural, when it counts something (`values["count"]`)."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def message(self) -> str:
        """The remark in the current language (`oneword.i18n`)."""
        template = Plural(self.template, self.plural) if self.plural else self.template
        return fill(template, self.values)


class Remarks(tuple[CustomWordProblem, ...]):
    """Remarks shown as one text (a refusal's value): each in the language
    of the moment it is shown."""

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(remark.message for remark in self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


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
    def error_remarks(self) -> Remarks:
        """The things to fix, as a refusal quotes them."""
        return Remarks(r for r in self.remarks if r.level == "error")

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


def _custom_word_problem(word: str) -> CustomWordProblem | None:
    """Why a pasted entry cannot be a card (W-5), or None if it can.

    Gentler than the package rule: a short phrase may have several spaces
    ("rock and roll"), but only letters, spaces, hyphens and apostrophes,
    some letters, and at most 20 of them.
    """
    if all(ch.isdigit() or ch == " " for ch in word):
        return CustomWordProblem(
            template=N_("{word} is only digits: a card needs a word."), values={"word": quote(word)}
        )
    strange = sorted({ch for ch in word if not ch.isalpha() and ch not in SEPARATORS})
    if strange:
        shown = ", ".join(quote(ch) for ch in strange)
        return CustomWordProblem(
            template=N_(
                "{word} contains {signs}: use only letters, spaces, hyphens and apostrophes."
            ),
            values={"word": quote(word), "signs": shown},
        )
    if letter_count(word) == 0:
        return CustomWordProblem(
            template=N_("{word} has no letters."), values={"word": quote(word)}
        )
    if letter_count(word) > MAX_LETTERS:
        return CustomWordProblem(
            template=N_("{word} is longer than {count} letters."),
            values={"word": quote(word), "count": MAX_LETTERS},
        )
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
    rejected: dict[str, CustomWordProblem] = {}
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
            remarks.append(
                CustomWordProblem(
                    template=N_("No usable words: a board needs at least {least}."),
                    values={"least": BOARD_SIZE},
                )
            )
        else:
            remarks.append(
                _counted(
                    NP_(
                        "Only {count} word: a board needs at least {least}.",
                        "Only {count} words: a board needs at least {least}.",
                    ),
                    {"count": len(words), "least": BOARD_SIZE},
                )
            )
    for key, spelling in first_spelling.items():
        if seen[key] > 1:
            remarks.append(_repeated(spelling, seen[key]))
    remarks.extend(rejected.values())
    if empty:
        remarks.append(
            _counted(
                NP_("{count} empty entry was skipped.", "{count} empty entries were skipped."),
                {"count": empty},
                level="notice",
            )
        )
    return CustomWordsCheck(words=tuple(words), remarks=tuple(remarks))


def _repeated(spelling: str, count: int) -> CustomWordProblem:
    """A word typed more than once: "twice", then "3 times"."""
    if count == 2:
        return CustomWordProblem(
            template=N_("{word} appears twice."), values={"word": quote(spelling)}
        )
    return CustomWordProblem(
        template=N_("{word} appears {count} times."),
        values={"word": quote(spelling), "count": count},
    )


def _counted(
    text: Plural, values: dict[str, str | int], level: Literal["error", "notice"] = "error"
) -> CustomWordProblem:
    """A remark that counts something: the plural form follows `count`."""
    return CustomWordProblem(template=text.singular, plural=text.plural, values=values, level=level)

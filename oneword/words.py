"""Word packages (W-1..W-6) and custom word lists (W-5).

A word package is one board's worth of words: 25 of them in every shipped
language, kept as a plain TOML file under `words/` so that a teacher can copy
one and edit it in any text editor. Because those files are edited by hand,
loading them is defensive: each file is checked on its own and a broken one
becomes a `PackageProblem` that names the file and says what to fix, while
every good file still loads (W-6). A party should never fail to start
because somebody mistyped one word in one file.

Words are compared by the clue key (C-2): NFKC and casefold, without
hyphens, apostrophes or spaces. So a package may not hold "Bank" and "bank"
(or "pop-corn" and "popcorn") in the same language, and the random board
never shows the same word twice.

The module is pure Python with no Streamlit import, so the service layer,
the pages and the tests can all use it.
"""

from __future__ import annotations

import functools
import logging
import random
import re
import tomllib
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    computed_field,
    field_validator,
    model_validator,
)

from oneword.engine.clues import MAX_CLUE_LETTERS, letter_count, normalise

__all__ = [
    "BOARD_SIZE",
    "LANGUAGES",
    "MAX_LETTERS",
    "CustomWordProblem",
    "CustomWordsCheck",
    "PackageProblem",
    "PackageSet",
    "WordPackage",
    "board_words",
    "draw_board",
    "letter_count",
    "load_packages",
    "package_word_problem",
    "parse_custom_words",
    "reload_packages",
    "word_key",
    "words_folder",
]

log = logging.getLogger(__name__)

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "it": "Italiano",
    "pt": "Português",
    "nl": "Nederlands",
}
"""Every shipped language (W-3), code -> the name its speakers use.

Native names, because the person picking a language may not read English.
Every package must cover every language listed here.
"""

BOARD_SIZE = 25
"""Cards on a board (G-1), and so words in a package and in a custom list."""

MAX_LETTERS = MAX_CLUE_LETTERS
"""Longest word, counted in letters: the same limit as a clue (C-1)."""

_SEPARATORS = frozenset({" ", "-", "'", "’"})
"""What may join the letters of a word: space, hyphen, straight or curly apostrophe."""

_PACKAGE_KEYS = ("id", "title", "words")
_ID_PATTERN = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")
_CUSTOM_SPLIT = re.compile(r"[\n\r,;\t]")
_LIST_MARKER = re.compile(r"^(?:[-*•·–—]|\d{1,3}[.)])\s+")
_QUOTE_PAIRS = (('"', '"'), ("'", "'"), ("“", "”"), ("„", "“"), ("«", "»"), ("‘", "’"))


def word_key(word: str) -> str:
    """The form in which two words count as the same: the clue key (C-2).

    Shared with the clue rules on purpose, so "the same word" means one
    thing everywhere in the app.
    """
    return normalise(word)


def _quote(word: str) -> str:
    return f"'{word}'"


def package_word_problem(word: str) -> str | None:
    """Why `word` may not stand in a package (W-4), or None when it may.

    A package word is 1-20 letters with at most one space, hyphen or
    apostrophe between two letters ("ice cream", "grille-pain"). Stricter
    than a custom list because shipped packages should look tidy on a card,
    and a stray double space or trailing hyphen is almost always a typo.
    """
    if not word:
        return "an empty word"
    if word != word.strip():
        return f"{_quote(word)} has a space at the start or end"
    word = unicodedata.normalize("NFC", word)
    strange = sorted({ch for ch in word if not ch.isalpha() and ch not in _SEPARATORS})
    if strange:
        shown = " ".join(_quote(ch) for ch in strange)
        return (
            f"{_quote(word)} contains {shown}: "
            "use only letters, with one space, hyphen or apostrophe inside"
        )
    letters = letter_count(word)
    if letters > MAX_LETTERS:
        return f"{_quote(word)} has {letters} letters: at most {MAX_LETTERS}"
    separators = [i for i, ch in enumerate(word) if ch in _SEPARATORS]
    if len(separators) > 1:
        return f"{_quote(word)} has more than one space, hyphen or apostrophe: one is allowed"
    if separators and separators[0] in (0, len(word) - 1):
        return f"{_quote(word)} starts or ends with {_quote(word[separators[0]])}"
    return None


def _package_problems(
    package_id: Any, titles: Any, words: Any, file_stem: str | None = None
) -> list[str]:
    """Everything wrong with one package's data, in words a teacher can act on.

    One function for both the file loader and the `WordPackage` model, so a
    package that loads is exactly a package the model accepts. Returns every
    problem rather than the first one, so a teacher fixes a file in one go.
    """
    problems: list[str] = []

    if not isinstance(package_id, str) or not package_id:
        problems.append('needs an id in quotes at the top, like id = "kitchen"')
    elif not _ID_PATTERN.fullmatch(package_id):
        problems.append(
            f"id {_quote(package_id)} must be lower-case letters and digits "
            "(a hyphen or underscore may join them)"
        )
    elif file_stem is not None and package_id != file_stem:
        problems.append(
            f"id {_quote(package_id)} does not match the file name: "
            f'rename the file to {package_id}.toml or set id = "{file_stem}"'
        )

    if not isinstance(titles, Mapping):
        problems.append('has no title: add title = { en = "...", de = "...", ... }')
    else:
        for code in LANGUAGES:
            title = titles.get(code)
            if not isinstance(title, str) or not title.strip():
                problems.append(f"title has no text for {code} ({LANGUAGES[code]})")
        for code in titles:
            if code not in LANGUAGES:
                problems.append(f"title has an unknown language {_quote(str(code))}")

    if not isinstance(words, Mapping):
        problems.append("has no [words] table with a list of words for each language")
        return problems
    for code in words:
        if code not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            problems.append(f"[words] has an unknown language {_quote(str(code))} (known: {known})")
    for code, name in LANGUAGES.items():
        if code not in words:
            problems.append(f"missing language {code} ({name}) in [words]")
            continue
        listed = words[code]
        if not isinstance(listed, list | tuple) or not all(isinstance(w, str) for w in listed):
            problems.append(
                f'words.{code} must be a list of words in quotes: {code} = ["...", ...]'
            )
            continue
        if len(listed) != BOARD_SIZE:
            problems.append(
                f"words.{code} has {len(listed)} words: a package needs exactly {BOARD_SIZE}"
            )
        for word in listed:
            wrong = package_word_problem(word)
            if wrong is not None:
                problems.append(f"words.{code}: {wrong}")
        counts = Counter(word_key(w) for w in listed)
        reported: set[str] = set()
        for word in listed:
            key = word_key(word)
            if counts[key] > 1 and key not in reported:
                reported.add(key)
                # Name every spelling, so a case-sensitive search finds them all.
                spellings = list(dict.fromkeys(w for w in listed if word_key(w) == key))
                also = ""
                if len(spellings) > 1:
                    also = ": " + ", ".join(_quote(w) for w in spellings)
                problems.append(
                    f"words.{code}: {_quote(word)} appears {_times(counts[key])} "
                    f"(ignoring case){also}"
                )
    return problems


def _times(count: int) -> str:
    return "twice" if count == 2 else f"{count} times"


class WordPackage(BaseModel):
    """One themed board: a title and 25 words in every language (W-1, W-3).

    Words at the same position mean the same thing in every language, so a
    package can be played in any room language (G-6). The model checks
    itself on construction: a `WordPackage` that exists is a valid one.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    titles: dict[str, str]
    words: dict[str, tuple[str, ...]]

    @field_validator("words", mode="before")
    @classmethod
    def _composed(cls, value: Any) -> Any:
        """Store words in NFC, whatever the file's editor saved.

        Some editors save "é" as "e" plus a combining accent; composing it
        keeps one word one sequence of code points everywhere in the app.
        """
        if not isinstance(value, Mapping):
            return value
        return {
            code: [unicodedata.normalize("NFC", w) if isinstance(w, str) else w for w in listed]
            if isinstance(listed, list | tuple)
            else listed
            for code, listed in value.items()
        }

    @model_validator(mode="after")
    def _valid(self) -> WordPackage:
        problems = _package_problems(self.id, self.titles, self.words)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def title(self, language: str) -> str:
        """The package's name in `language`, falling back to English."""
        return self.titles.get(language) or self.titles["en"]

    def words_in(self, language: str) -> tuple[str, ...]:
        """The 25 words in `language`, in file order."""
        try:
            return self.words[language]
        except KeyError:
            raise ValueError(_unknown_language(language)) from None


class PackageProblem(BaseModel):
    """A package file that could not be loaded, and why (W-6).

    `file` is the file's name (e.g. "kitchen.toml"), so a message can point a
    teacher at exactly the file to open.
    """

    model_config = ConfigDict(frozen=True)

    file: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.message}"


class PackageSet(BaseModel):
    """The result of loading a folder: the good packages and the problems.

    Both are kept because the app should play with what loaded while still
    telling someone (a log line, a notice for the host) what did not.
    """

    model_config = ConfigDict(frozen=True)

    packages: tuple[WordPackage, ...] = ()
    problems: tuple[PackageProblem, ...] = ()

    @property
    def ids(self) -> list[str]:
        """Package ids in file-name order."""
        return [package.id for package in self.packages]

    def get(self, package_id: str) -> WordPackage | None:
        """The package with this id, or None if no such package loaded."""
        for package in self.packages:
            if package.id == package_id:
                return package
        return None

    def choices(self, language: str) -> list[tuple[str, str]]:
        """(id, title in `language`) pairs sorted by title, for a picker."""
        pairs = [(package.id, package.title(language)) for package in self.packages]
        return sorted(pairs, key=lambda pair: word_key(pair[1]))


def words_folder() -> Path:
    """Where the shipped package files are, from a wheel or a git checkout.

    The wheel carries `words/` inside the package as `oneword/_words`
    (pyproject force-include), so that is looked at first; a checkout or an
    editable install has it at the repository root next to `oneword/`.
    When neither exists the checkout path is returned, and loading it
    reports the missing folder as a problem instead of crashing.
    """
    here = Path(__file__).resolve().parent
    installed = here / "_words"
    if installed.is_dir():
        return installed
    return here.parent / "words"


def _load_file(path: Path) -> WordPackage | list[PackageProblem]:
    """One package file, or the problems that keep it from loading."""

    def problem(message: str) -> list[PackageProblem]:
        return [PackageProblem(file=path.name, message=message)]

    try:
        raw = path.read_bytes()
    except OSError as exc:
        return problem(f"could not be read: {exc.strerror or exc}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return problem("is not UTF-8 text: save it as UTF-8 in your editor")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return problem(f"is not valid TOML: {exc}")

    messages = [
        f"has an unknown key {_quote(key)} (expected id, title and words)"
        for key in data
        if key not in _PACKAGE_KEYS
    ]
    messages += _package_problems(data.get("id"), data.get("title"), data.get("words"), path.stem)
    if messages:
        return [PackageProblem(file=path.name, message=m) for m in messages]
    try:
        return WordPackage(
            id=data["id"],
            titles=dict(data["title"]),
            words={code: tuple(data["words"][code]) for code in LANGUAGES},
        )
    except ValidationError as exc:  # the checks above should catch it all first
        return problem(f"is not a valid package: {exc.errors()[0]['msg']}")


def _load_folder(folder: Path) -> PackageSet:
    if not folder.is_dir():
        return PackageSet(
            problems=(PackageProblem(file=str(folder), message="word folder not found"),)
        )
    packages: list[WordPackage] = []
    problems: list[PackageProblem] = []
    files = sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))
    for path in files:
        loaded = _load_file(path)
        if isinstance(loaded, WordPackage):
            packages.append(loaded)
        else:
            problems.extend(loaded)
    if not files:
        problems.append(PackageProblem(file=str(folder), message="no package files (*.toml)"))
    for found in problems:
        log.warning("word package problem: %s", found)
    return PackageSet(packages=tuple(packages), problems=tuple(problems))


@functools.lru_cache(maxsize=1)
def _load_default() -> PackageSet:
    return _load_folder(words_folder())


def load_packages(folder: Path | None = None) -> PackageSet:
    """Load every `*.toml` package in `folder` (default: the shipped words).

    Never raises for a bad file: each broken file becomes one or more
    `PackageProblem`s and the rest still load (W-6). The default folder is
    read once per process and cached, because Streamlit pages call this on
    every rerun; call `reload_packages()` after editing the files.
    """
    if folder is None:
        return _load_default()
    return _load_folder(Path(folder))


def reload_packages() -> PackageSet:
    """Forget the cached default load and read the shipped files again."""
    _load_default.cache_clear()
    return _load_default()


def _unknown_language(language: str) -> str:
    return f"Unknown language {_quote(language)}: use one of {', '.join(LANGUAGES)}."


def draw_board(words: Iterable[str], rng: random.Random) -> list[str]:
    """25 distinct words from `words`, in random order.

    Distinct means a different clue key (C-2): two cards that a clue cannot
    tell apart would make the board unfair. The first spelling of a repeated
    word is kept. Raises ValueError with fewer than 25.
    """
    pool: dict[str, str] = {}
    for word in words:
        pool.setdefault(word_key(word), word)
    if len(pool) < BOARD_SIZE:
        raise ValueError(f"Only {len(pool)} different words: a board needs {BOARD_SIZE}.")
    return rng.sample(list(pool.values()), BOARD_SIZE)


def board_words(
    packages: PackageSet | Iterable[WordPackage],
    language: str,
    package_id: str | None,
    rng: random.Random,
) -> list[str]:
    """The 25 words for a new board in the room's language (G-1, G-6, W-2).

    With a `package_id`, that package's words in a fresh random order; with
    None, a "random board" of 25 distinct words drawn from every package.
    Which card is whose is not decided here: the map is the engine's job.
    `rng` is passed in so that a seeded game can be replayed in a test.
    """
    if language not in LANGUAGES:
        raise ValueError(_unknown_language(language))
    available = packages.packages if isinstance(packages, PackageSet) else tuple(packages)
    if package_id is not None:
        for package in available:
            if package.id == package_id:
                return draw_board(package.words_in(language), rng)
        raise ValueError(f"No word package called {_quote(package_id)}.")
    ordered = sorted(available, key=lambda package: package.id)
    return draw_board((w for package in ordered for w in package.words_in(language)), rng)


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
        return f"{_quote(word)} is only digits: a card needs a word."
    strange = sorted({ch for ch in word if not ch.isalpha() and ch not in _SEPARATORS})
    if strange:
        shown = ", ".join(_quote(ch) for ch in strange)
        return (
            f"{_quote(word)} contains {shown}: use only letters, spaces, hyphens and apostrophes."
        )
    if letter_count(word) == 0:
        return f"{_quote(word)} has no letters."
    if letter_count(word) > MAX_LETTERS:
        return f"{_quote(word)} is longer than {MAX_LETTERS} letters."
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
                CustomWordProblem(message=f"{_quote(spelling)} appears {_times(seen[key])}.")
            )
    remarks.extend(CustomWordProblem(message=message) for message in rejected.values())
    if empty:
        entries = "1 empty entry was" if empty == 1 else f"{empty} empty entries were"
        remarks.append(CustomWordProblem(message=f"{entries} skipped.", level="notice"))
    return CustomWordsCheck(words=tuple(words), remarks=tuple(remarks))

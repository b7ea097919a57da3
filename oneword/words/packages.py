"""Word packages (W-1, W-3, W-4): the model of one package and its checks.

A package is one board's worth of words: 25 of them in every shipped
language. Its files are edited by hand, so the checks return every problem
in words a teacher can act on, and the same checks back both the file
loader (`package_files`) and the `WordPackage` model, so a package that
loads is exactly a package the model accepts.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from .forms import (
    BOARD_SIZE,
    LANGUAGES,
    MAX_LETTERS,
    SEPARATORS,
    letter_count,
    quote,
    times,
    unknown_language,
    word_key,
)

_ID_PATTERN = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")


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
        return f"{quote(word)} has a space at the start or end"
    word = unicodedata.normalize("NFC", word)
    strange = sorted({ch for ch in word if not ch.isalpha() and ch not in SEPARATORS})
    if strange:
        shown = " ".join(quote(ch) for ch in strange)
        return (
            f"{quote(word)} contains {shown}: "
            "use only letters, with one space, hyphen or apostrophe inside"
        )
    letters = letter_count(word)
    if letters > MAX_LETTERS:
        return f"{quote(word)} has {letters} letters: at most {MAX_LETTERS}"
    separators = [i for i, ch in enumerate(word) if ch in SEPARATORS]
    if len(separators) > 1:
        return f"{quote(word)} has more than one space, hyphen or apostrophe: one is allowed"
    if separators and separators[0] in (0, len(word) - 1):
        return f"{quote(word)} starts or ends with {quote(word[separators[0]])}"
    return None


def package_problems(
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
            f"id {quote(package_id)} must be lower-case letters and digits "
            "(a hyphen or underscore may join them)"
        )
    elif file_stem is not None and package_id != file_stem:
        problems.append(
            f"id {quote(package_id)} does not match the file name: "
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
                problems.append(f"title has an unknown language {quote(str(code))}")

    if not isinstance(words, Mapping):
        problems.append("has no [words] table with a list of words for each language")
        return problems
    for code in words:
        if code not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            problems.append(f"[words] has an unknown language {quote(str(code))} (known: {known})")
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
                    also = ": " + ", ".join(quote(w) for w in spellings)
                problems.append(
                    f"words.{code}: {quote(word)} appears {times(counts[key])} "
                    f"(ignoring case){also}"
                )
    return problems


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
        problems = package_problems(self.id, self.titles, self.words)
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
            raise ValueError(unknown_language(language)) from None


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

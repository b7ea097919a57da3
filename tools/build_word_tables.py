"""Build the word tables the clue checks read, packed so they are ready the
moment they are opened (`oneword/clue_compare/data/`):

- `lemmas-<language>.marisa`: simplemma's lemma dictionaries;
- `nouns-en.tsv.gz`: lemminflect's English noun lemmas;
- `words-<language>.marisa` and `bands.npz`: wordfreq's frequency lists.

simplemma ships each language's dictionary as an LZMA-packed front-coded
stream; reading one means decoding every record in Python (German holds
1.1 million, over a second). Here each dictionary becomes a MARISA trie
from each form to a short edit that turns it into its lemma: how many
letters to drop from the end and what to put there (Häuser -> Haus drops
five and adds "aus"; a form that is its own lemma drops none). The trie is
memory-mapped when opened, so it costs no time to load and its pages are
shared and reclaimable.

English also gets lemminflect's noun lemmas of every lower-case form (the
-f/-ves plurals simplemma reads as verbs): 35,000 lines, read in a few
milliseconds instead of lemminflect's half-second load.

wordfreq's lists become a MARISA trie of the words, whose key numbers
index an array of each word's band (the whole number of centibels below a
frequency of 1 that wordfreq's file stores): the same answers as wordfreq's
dict of Python strings, without building one (half a second and tens of
megabytes for German).

Run again after upgrading simplemma, lemminflect or wordfreq:

    python tools/build_word_tables.py
"""

from __future__ import annotations

import gzip
from pathlib import Path

import numpy as np
from lemminflect import getAllLemmas
from lemminflect.core.Lemmatizer import Lemmatizer
from marisa_trie import BytesTrie, Trie
from simplemma.strategies.dictionaries.dictionary_factory import _load_dictionary_from_disk
from wordfreq import available_languages, read_cBpack

from oneword.clue_compare.lemma_tables import LANGUAGES, edit_to

DATA = Path(__file__).resolve().parent.parent / "oneword/clue_compare/data"


def build_language(language: str) -> Path:
    """Pack simplemma's dictionary of `language` into a trie of edits."""
    raw = {
        form.decode(): lemma.decode()
        for form, lemma in _load_dictionary_from_disk(language).items()
    }
    if language == "en":
        raw = agreed_with_lemminflect(raw)
    trie = BytesTrie((form, edit_to(form, lemma)) for form, lemma in raw.items())
    out = DATA / f"lemmas-{language}.marisa"
    trie.save(str(out))
    print(language, len(raw), "forms,", out.stat().st_size // 1024, "KB")
    return out


def agreed_with_lemminflect(raw: dict[str, str]) -> dict[str, str]:
    """simplemma's English forms, each with a lemma lemminflect also gives
    it where lemminflect knows the form. simplemma's English list reads a
    few hundred everyday words as forms of others (skies of ski, singing
    of singe, bare of bear, span of spin), which would make two clues one;
    there lemminflect's shortest lemma is taken (sky, sing, bare, span).
    Forms it lists as written otherwise (start-up, August) keep theirs."""
    agreed = dict(raw)
    for form, lemma in raw.items():
        known = {found for lemmas in getAllLemmas(form).values() for found in lemmas}
        if known and lemma not in known and not _written_otherwise(lemma, known):
            agreed[form] = min(known, key=lambda found: (len(found), found))
    print("en", sum(agreed[f] != raw[f] for f in raw), "lemmas taken from lemminflect")
    return agreed


def _written_otherwise(lemma: str, known: set[str]) -> bool:
    """`lemma` is one of `known` but for case or hyphens (Moon, moon; start-up, startup)."""
    plain = lemma.casefold().replace("-", "")
    return any(found.casefold().replace("-", "") == plain for found in known)


def build_english_nouns() -> Path:
    """Every lower-case form lemminflect reads as a noun, with its noun lemmas."""
    table = Lemmatizer()._getLemmaDict()
    lines = [
        f"{form}\t{' '.join(parts['NOUN'])}"
        for form, parts in sorted(table.items())
        if form == form.casefold() and parts.get("NOUN")
    ]
    out = DATA / "nouns-en.tsv.gz"
    out.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode(), 9, mtime=0))
    print("en nouns", len(lines), "forms,", out.stat().st_size // 1024, "KB")
    return out


def build_frequencies(language: str) -> np.ndarray:
    """Write the trie of wordfreq's words of `language`; return their bands,
    in the trie's key order. A word listed twice keeps its last band, as
    wordfreq's own dict does."""
    buckets = read_cBpack(available_languages("best")[language])
    trie = Trie(word for bucket in buckets for word in bucket)
    bands = np.zeros(len(trie), dtype=np.uint16)
    for band, bucket in enumerate(buckets):
        for word in bucket:
            bands[trie[word]] = band
    out = DATA / f"words-{language}.marisa"
    trie.save(str(out))
    print(language, len(trie), "words,", out.stat().st_size // 1024, "KB")
    return bands


def main() -> None:
    for language in LANGUAGES:
        build_language(language)
    build_english_nouns()
    bands = {language: build_frequencies(language) for language in LANGUAGES}
    np.savez_compressed(DATA / "bands.npz", **bands)


if __name__ == "__main__":
    main()

"""What the word lists know about a word: how common it is and whether a
dictionary lists it, per language.

Offline sources: wordfreq's frequency lists, held compactly
(`frequencies`; a Zipf value: 0 for a string never seen, about 3 for a word
most adults know, 6 and more for the commonest words), simplemma's lemma
dictionaries, and for English also lemminflect's noun lemmas, both packed
to open at once (`lemma_tables`). Players write clues as
they like (all capitals, no capital on a German noun), so the dictionary
is asked about the word as typed, in lower case and with a capital. Every
look-up is cached: a card compares up to 14 clues pairwise, and the same
words recur all game.
"""

from __future__ import annotations

from functools import lru_cache

from . import frequencies, lemma_tables

LANGUAGE_CODES = lemma_tables.LANGUAGES
"""The word languages of the app; wordfreq and simplemma both use these codes."""

PLURAL_BY_S = frozenset({"es", "pt", "fr"})
"""Languages whose words ending in a vowel take -s in the plural."""

COMMON = 3.0
"""A Zipf value from which a string is a word in its own right, even if no
dictionary lists it (names, brands, loans): about once per million words."""


def spellings(word: str) -> tuple[str, ...]:
    """The word as typed, in lower case and with a leading capital, without repeats."""
    forms = (word, word.lower(), word[:1].upper() + word[1:].lower())
    return tuple(dict.fromkeys(forms))


@lru_cache(maxsize=65536)
def zipf(word: str, language: str) -> float:
    """How common `word` is in `language` (wordfreq's Zipf scale, 0 if unseen)."""
    return frequencies.zipf(word, language) if word else 0.0


@lru_cache(maxsize=65536)
def is_listed(word: str, language: str) -> bool:
    """True if simplemma's dictionary for `language` holds any spelling of `word`."""
    return any(lemma_tables.is_known(form, language) for form in spellings(word) if form)


@lru_cache(maxsize=65536)
def dictionary_lemmas(word: str, language: str) -> frozenset[str]:
    """The dictionary forms simplemma gives for the spellings of `word`, in lower case.

    Unknown words come back as themselves. In Spanish, Portuguese and
    French the plural is asked too: the dictionary reads niñas as a form of
    niño and voisines of voisin (and bolas only of bola), which finds the
    feminine of a person that the singular alone does not. English also reads lemminflect's
    noun lemmas, which know the -f/-ves plurals simplemma takes for verbs
    (leaves -> leaf, lives -> life); only nouns, so 'saw' does not become
    'see'.
    """
    found = {lemma_tables.lemmatize(form, language).casefold() for form in _read_as(word, language)}
    if language in PLURAL_BY_S and word[-1:].casefold() in "aeiouáéíóúãõâêô":
        found.add(lemma_tables.lemmatize(word.casefold() + "s", language).casefold())
    if language == "en":
        nouns = lemma_tables.english_noun_lemmas(word.casefold())
        found.update(noun.casefold() for noun in nouns)
    return frozenset(found)


def _read_as(word: str, language: str) -> tuple[str, ...]:
    """The spellings the dictionary is asked about. A German word typed
    with a capital that the dictionary lists so is that noun: Eis is ice,
    not a form of the verb eisen (to ice), which would make it one word
    with Eisen (iron). Elsewhere a word typed with a capital that the
    dictionary lists so as a word of its own is that name: Paris is the
    city, not the plural of pari (a bet)."""
    if not word[:1].isupper():
        return spellings(word)
    capital = word[:1] + word[1:].lower()
    listed = lemma_tables.DICTIONARIES.get_dictionary(language).get(capital)
    if listed is not None and (language == "de" or listed == capital):
        return (capital,)
    return spellings(word)


def lemmas(word: str, language: str) -> frozenset[str]:
    """`word`'s dictionary forms and the word itself, in lower case.

    The word itself is one of them because the dictionary sometimes gives a
    word's other gender as its lemma (Dutch koe -> bul), and koeien -> koe
    must still meet koe.
    """
    return dictionary_lemmas(word, language) | {word.casefold()}


@lru_cache(maxsize=65536)
def typed_lemmas(word: str, language: str) -> frozenset[str]:
    """Lemmas of `word` as typed and in lower case only, not with a capital.

    A capital turns a German verb into a noun (drucken -> Druck, drücken ->
    Druck), which would make two verbs one word.
    """
    forms = (word, word.lower())
    return frozenset(lemma_tables.lemmatize(form, language).casefold() for form in forms)


INFINITIVE_ENDINGS: dict[str, tuple[str, ...]] = {
    "es": ("ar", "er", "ir"),
    "pt": ("ar", "er", "ir"),
    "it": ("are", "ere", "ire"),
}
"""How a verb's dictionary form ends, where it tells a verb at a glance."""


def is_only_verb_form(word: str, language: str) -> bool:
    """True if the dictionary reads `word` only as a form of some verb:
    Spanish 'numero' is listed, but only as 'I number' (numerar), so
    written for 'número' it is that word without its accent."""
    endings = INFINITIVE_ENDINGS.get(language)
    if not endings:
        return False
    found = typed_lemmas(word, language)
    return word.casefold() not in found and all(lemma.endswith(endings) for lemma in found)


def is_own_lemma(word: str, language: str) -> bool:
    """True if the dictionary lists `word` and reads it as a dictionary form of its own."""
    return is_listed(word, language) and word.casefold() in dictionary_lemmas(word, language)


def common_words_among(candidates: set[str], language: str) -> set[str]:
    """The candidates common enough to be words (Zipf 3 and up): one look-up each.

    Faster than `zipf` for hundreds of candidates, as it skips wordfreq's
    tokenizer; the candidates must already be lower case.
    """
    words = frequencies.table(language)
    floor = 10 ** (COMMON - 9)
    return {word for word in candidates if words.frequency(word) >= floor}


def is_real(word: str, language: str) -> bool:
    """True if `word` is a word of its own in `language`: listed, or common enough."""
    return is_listed(word, language) or zipf(word, language) >= COMMON


def load_lists(language: str) -> None:
    """Load the frequency lists of `language` and English now, so the first
    card does not wait (the lemma dictionaries need no loading: they are
    memory-mapped)."""
    for code in dict.fromkeys((language, "en")):
        frequencies.table(code)
        zipf("the", code)

"""K-2: a word's everyday forms, from morphology libraries rather than
suffix guessing, so irregular forms are caught (mice/mouse, ran/run).

- English: lemminflect (a lemma and inflection lexicon built from the
  Automatically Generated Inflection Database, with rules for words it
  does not know). A word's family is its lemmas (any part of speech) and
  every inflection of them: plural, -s, -ed (past and participle), -ing,
  comparative and superlative; the lexicon's forms, and the regular
  plural, -ed and -ing its rules make even for a word it lists only as a
  noun (ACCORDION refuses "accordioned"). The -er of a doer is built from the -ing
  form (running -> runner, baking -> baker, swimming -> swimmer), plus
  the plain word with -er/-r, since no lexicon lists every agent noun.
  A word read as two parts of speech brings both families: SAW covers see,
  seen and seeing too. That is stricter than needed, never looser.
- German, French, Spanish, Italian, Portuguese and Dutch: simplemma
  (dictionary lemmatisation). Two words are one family when they share a
  lemma: plurals and conjugated verbs (Mäuse/Maus, chevaux/cheval,
  liep/lopen). It gives no derived words (no -er doer), and a form it does
  not know is its own lemma, so only the exact word is caught then.

A card of several words is compared on its last word, with the rest in
front ("big wheels" for BIG WHEEL).
"""

from __future__ import annotations

from functools import lru_cache

import lemminflect

from oneword.clue_compare.lemma_tables import lemmatize

from ..clues import normalise

SIMPLEMMA_LANGUAGES = frozenset({"de", "fr", "es", "it", "pt", "nl"})

ANY_LANGUAGE = "any"
"""The board's words are the host's own list, whose language nobody said
(W-5): a clue is then checked against the forms of every language the app
has words in, so an English list in a German room still refuses `pigs`
for PIG."""


def words_language(room_language: str, own_list: bool) -> str:
    """The language a clue's forms are checked in: the room's, for its
    packages; every one, for the host's own list."""
    return ANY_LANGUAGE if own_list else room_language


@lru_cache(maxsize=4096)
def english_family(word: str) -> frozenset[str]:
    """`word`, its lemmas and all their everyday forms, lower case."""
    lowered = word.lower()
    lemmas = {lowered}
    for found in lemminflect.getAllLemmas(lowered).values():
        lemmas.update(found)
    family = set(lemmas)
    for lemma in lemmas:
        family.update(_inflections(lemma))
    for lemma in sorted(lemmas):
        family.update(_doers(lemma, family))
    return frozenset(form for form in family if form)


def _inflections(lemma: str) -> set[str]:
    forms: set[str] = set()
    for found in lemminflect.getAllInflections(lemma).values():
        forms.update(found)
    for upos in ("NOUN", "VERB"):
        for found in lemminflect.getAllInflectionsOOV(lemma, upos).values():
            forms.update(found)
    return forms


def _doers(lemma: str, family: set[str]) -> frozenset[str]:
    """The -er of a doer: from each -ing form, and the word with -er/-r."""
    doers = {f[:-3] + "er" for f in family if f.endswith("ing") and len(f) > 4}
    doers.add(lemma + ("r" if lemma.endswith("e") else "er"))
    return frozenset(doers)


@lru_cache(maxsize=4096)
def lemmas(word: str, language: str) -> frozenset[str]:
    """`word` and simplemma's lemmas of it, read as typed and with a capital
    (German nouns are listed with one), in the clue key's form."""
    if language not in SIMPLEMMA_LANGUAGES:
        return frozenset({normalise(word)})
    tries = {word, word.lower(), word[:1].upper() + word[1:].lower()}
    found = {normalise(lemmatize(t, language)) for t in tries}
    return frozenset(found | {normalise(word)})


def _keys(words: frozenset[str]) -> frozenset[str]:
    return frozenset(normalise(w) for w in words)


def same_family(clue: str, card: str, language: str) -> bool:
    """K-2: `clue` is one of the everyday forms of the board word `card`, or
    `card` is one of `clue`'s (both ways, so neither a plural nor a
    singular slips through)."""
    *front, last = card.split() or [card]
    front_key, clue_key = normalise("".join(front)), normalise(clue)
    if not clue_key.startswith(front_key):
        return False
    return _related(clue_key[len(front_key) :], normalise(last), language)


def _related(clue: str, card: str, language: str) -> bool:
    if not clue or not card:
        return clue == card
    if clue == card:
        return True
    if language == ANY_LANGUAGE:
        return any(_related(clue, card, one) for one in ("en", *sorted(SIMPLEMMA_LANGUAGES)))
    if language == "en":
        return clue in _keys(english_family(card)) or card in _keys(english_family(clue))
    return bool(lemmas(clue, language) & lemmas(card, language))

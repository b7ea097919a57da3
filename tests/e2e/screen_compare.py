"""Comparing a page's screenshot with a stored one, with a small tolerance.

Two images match when they have the same size and at most
`MAX_CHANGED_SHARE` of their pixels differ by more than `PIXEL_TOLERANCE`
in some channel: text antialiasing may move by a shade from one run to the
next, a changed colour or a moved element may not. Stored images are kept
as 1x PNGs reduced to a 256-colour palette (`store`), so the tolerance
also covers the palette's rounding.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

PIXEL_TOLERANCE = 16
"""Largest difference in one channel (0-255) still counted as the same."""
MAX_CHANGED_SHARE = 0.002
"""Share of the pixels allowed to differ beyond the tolerance (0.2 %)."""


@dataclass(frozen=True)
class Comparison:
    same_size: bool
    changed_share: float
    diff: Image.Image | None
    """The changed pixels in red over a faded copy of the stored image."""

    @property
    def matches(self) -> bool:
        return self.same_size and self.changed_share <= MAX_CHANGED_SHARE


def _rgb(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("RGB"), dtype=np.int16)


def compare(stored: Image.Image, shot: Image.Image) -> Comparison:
    if stored.size != shot.size:
        return Comparison(False, 1.0, None)
    before, after = _rgb(stored), _rgb(shot)
    changed = np.abs(before - after).max(axis=2) > PIXEL_TOLERANCE
    faded = (before * 0.3 + 178).astype(np.uint8)
    faded[changed] = (255, 0, 0)
    return Comparison(True, float(changed.mean()), Image.fromarray(faded))


def store(png: bytes, path: Path) -> None:
    """Keep a screenshot small: a 256-colour palette PNG, compressed hard."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    path.parent.mkdir(parents=True, exist_ok=True)
    small.save(path, optimize=True)


def load(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")

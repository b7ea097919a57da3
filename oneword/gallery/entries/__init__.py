"""Every gallery entry: one small function each, registered with `@entry`,
in the order the gallery lists them (one module per part of the app).

A builder takes the clock reading to build for (`now`) and returns the
sample room and the seat to look from (`registry.Scene`). Rooms are made
only by engine actions (`rooms`), so a state shown here is one the rules
can reach. Every entry is in the screenshot comparison
(tests/e2e/test_gallery_screens.py).
"""

# Importing a module registers its entries: the order here is the gallery's.
# isort: off
import oneword.gallery.entries.lobby
import oneword.gallery.entries.versus
import oneword.gallery.entries.together
import oneword.gallery.entries.results
import oneword.gallery.entries.watch
import oneword.gallery.entries.one_device
import oneword.gallery.entries.codewords
import oneword.gallery.entries.just_one
import oneword.gallery.entries.classes  # noqa: F401

# isort: on
from oneword.gallery.registry import ENTRIES

__all__ = ["ENTRIES"]

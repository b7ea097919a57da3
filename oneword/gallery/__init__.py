"""The gallery: every page as a given seat sees it, in every phase, from
sample rooms built through the engine's own actions (nothing is stored).

`registry` holds the entries (a name, what it shows, the rule ids and a
builder); `entries` registers them, one small function each; `rooms`
builds the sample rooms they start from. The gallery page in the app
(`oneword.ui.screens.gallery`) draws an entry with the real page code.
"""

from .entries import ENTRIES
from .registry import Entry, Scene, built_view, find

__all__ = ["ENTRIES", "Entry", "Scene", "built_view", "find"]

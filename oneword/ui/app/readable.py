"""What every page shares so that everyone can read and use it: a focus
ring that shows where the keyboard is, and captions dark enough to read.

The ring is two-tone: a dark outline with a light band inside it, so one
of the two stands out on the light and on the dark theme (WCAG 1.4.11).

Streamlit draws captions in its text colour at 60% opacity (3.9:1 on
white, under WCAG AA's 4.5:1); at 80% they read 7:1, in the light and the
dark theme alike. The router adds this to every page.
"""

from __future__ import annotations

import streamlit as st

READABLE_CSS = """<style>
[data-testid="stCaptionContainer"] {opacity:0.8;}
[data-testid="stApp"] :is(button, a, input, textarea, [role="radio"], [role="checkbox"],
  [role="option"], [tabindex]:not([tabindex="-1"])):focus-visible {
  outline:3px solid var(--ow-focus); outline-offset:2px;
  box-shadow:0 0 0 2px var(--ow-focus-halo);}
</style>"""


def readable_page() -> None:
    """The page-wide focus ring and caption colour."""
    st.html(READABLE_CSS)

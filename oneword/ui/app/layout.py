"""What every page shares on a small screen.

Streamlit leaves room for a tall title and wide margins; on a phone that
pushes the board or the Start button below the first screen. Under 640 px
the page starts right under Streamlit's header, with narrow margins and a
smaller title. The router adds this to every page.
"""

from __future__ import annotations

import streamlit as st

PHONE_CSS = """<style>
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] {padding:3.75rem 0.5rem 4rem;}
  [data-testid="stMainBlockContainer"] h1 {font-size:1.75rem; padding:0.25rem 0 0.25rem;}
}
</style>"""


def phone_layout() -> None:
    st.html(PHONE_CSS)

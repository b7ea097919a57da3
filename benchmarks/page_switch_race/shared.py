"""Two pages, A and B, that follow one shared phase the way a room's pages
follow the room: a polling fragment at the same place on both pages
reruns the app when the phase moved, and the page that no longer fits
switches to the other one. A button on each page moves the phase.

That is all it takes: a browser showing A whose timer ticks just after the
server has started B ends white, with "Bad delta path" in its console.
"""

import os

import streamlit as st

PHASE = {"now": "a"}
"""The shared state (one server process): which page everyone belongs on."""

LINES = 30
POLL_SECONDS = float(os.environ.get("RACE_POLL", "0.25"))
"""How often a page polls: the shorter, the more often a tick meets the
window after a switch (the app polls every second, on busy servers)."""


def pages() -> list[st.Page]:
    return [
        st.Page("race_pages/a.py", url_path="a", default=True),
        st.Page("race_pages/b.py", url_path="b"),
    ]


@st.fragment(run_every=POLL_SECONDS)
def follow(drawn: str) -> None:
    if PHASE["now"] != drawn:
        st.rerun(scope="app")


def show(name: str) -> None:
    if PHASE["now"] != name:
        st.switch_page(pages()[0 if PHASE["now"] == "a" else 1])
    follow(name)
    for line in range(LINES):
        st.write(f"page {name} line {line}")
    if st.button(f"go from {name}"):
        PHASE["now"] = "b" if name == "a" else "a"
        st.rerun()

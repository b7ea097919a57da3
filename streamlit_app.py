"""In One Word: the Streamlit entry point.

A router only: it lists the pages (one file each under ``pages/``) with
``st.navigation`` and runs the one the browser asked for. Players never
pick a page themselves: each page sends them to the one that fits their
seat and the game's phase (``oneword.ui.routing``), so the menu is hidden.
"""

import logging

import streamlit as st

st.set_page_config(page_title="In One Word", page_icon=":material/grid_view:", layout="wide")

PAGES = [
    st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
    st.Page("pages/lobby.py", title="Lobby", icon=":material/groups:", url_path="lobby"),
    st.Page("pages/captain.py", title="Captain", icon=":material/map:", url_path="captain"),
    st.Page("pages/board.py", title="Board", icon=":material/grid_view:", url_path="board"),
    st.Page("pages/results.py", title="Results", icon=":material/flag:", url_path="results"),
    st.Page("pages/watch.py", title="Watch", icon=":material/tv:", url_path="watch"),
    st.Page(
        "pages/one_device.py", title="One device", icon=":material/devices:", url_path="one-device"
    ),
]

page = st.navigation(PAGES, position="hidden")
try:
    page.run()
except Exception:
    # Every rule refusal is shown where the player acted; this is the net
    # for anything else, so no traceback ever reaches a player's screen.
    logging.getLogger("oneword").exception("page %s failed", page.title)
    st.error("Something went wrong on this page. Your game is safe: reload to carry on.")
    st.button("Reload")

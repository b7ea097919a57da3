"""In One Word: the Streamlit entry point.

A router only: it lists the pages (one file each under ``pages/``) with
``st.navigation`` and runs the one the browser asked for. Because the app
uses ``st.navigation``, Streamlit does not also auto-discover ``pages/``.
"""

import streamlit as st

st.set_page_config(page_title="In One Word", page_icon=":material/grid_view:")

PAGES = [
    st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
]

st.navigation(PAGES).run()

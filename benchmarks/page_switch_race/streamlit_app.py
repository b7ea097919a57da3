"""The smallest app that shows the page-switch race (see shared.py).

Run it with `streamlit run streamlit_app.py`; with RACE_GUARD=1 in the
environment it installs In One Word's guard against stale timer reruns
(`oneword.ui.app.stale_timers`). `benchmarks/bench_page_switch_race.py` drives
it with browsers and counts pages that go blank.
"""

import os

import shared
import streamlit as st

if os.environ.get("RACE_GUARD") == "1":
    from oneword.ui.app import stale_timers

    stale_timers.install()

st.markdown("router line")
page = st.navigation(shared.pages(), position="hidden")
page.run()

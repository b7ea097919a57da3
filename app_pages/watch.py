"""Watch (projector / TV, P-6): the board, the clue and how to join, for a
room's code and no seat. The layout is `oneword.ui.screens.watch`."""

import streamlit as st

from oneword.ui.app.refresh import follow
from oneword.ui.app.routing import enter_watch, go
from oneword.ui.screens import watch

watch.watch_css()
typed = (st.query_params.get("watch") or "").strip()
if not typed:
    go("home")
code, entry = enter_watch(typed)
follow(code, None, entry)
watch.show(code, entry.view)

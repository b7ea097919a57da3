"""One device (O-1 to O-5): a table plays Versus on one phone passed round,
or on a classroom projector. Without a room in the URL this is the table's
setup. The layout is `oneword.ui.screens.one_device`."""

import streamlit as st

from oneword.ui.app.routing import enter_room
from oneword.ui.screens import one_device

if not st.query_params.get("room"):
    one_device.setup()
    st.stop()
ident, view = enter_room("one_device")
one_device.show(ident, view)

"""A whole class: the teacher's page of every room, or, for a student,
the class list to tap one's own name on. The layout is
`oneword.ui.screens.class_page`."""

import streamlit as st

from oneword.ui.app.class_keys import class_code
from oneword.ui.app.routing import go
from oneword.ui.screens import class_page

code = class_code(st.query_params.get("class"))
if code is None:
    go("home")
class_page.show(code)

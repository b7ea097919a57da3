"""In One Word: the Streamlit entry point.

A router only: it hands the pages (declared in ``oneword.ui.app.pages``, one
file each under ``app_pages/``) to ``st.navigation`` and runs the one the
browser asked for. Players never pick a page themselves: each page sends
them to the one that fits their seat and the game's phase
(``oneword.ui.app.routing``), so the menu is hidden. Around the page it asks
the browser to send no Referer and to keep the cookies the run wanted
(``oneword.ui.app.browser``), and settles the language the pages speak
(``oneword.ui.app.language``) before any text is translated. Before all that
it makes sure a page's polling timer cannot pull the server back to a page
it has left (``oneword.ui.app.stale_timers``).
"""

import streamlit as st

from oneword.i18n import _
from oneword.ui.app import (
    admission,
    clicks,
    collector,
    finished_runs,
    pace,
    sandbox,
    stale_timers,
    theme,
    theme_message,
    wake,
)
from oneword.ui.app.browser import page_head, write_cookies
from oneword.ui.app.language import settle_language
from oneword.ui.app.layout import phone_layout
from oneword.ui.app.pages import APP_ICON, all_pages
from oneword.ui.app.readable import readable_page
from oneword.ui.app.safety_net import page_failed

admission.install()  # once per server process, as the next seven: see the modules
collector.install()
finished_runs.install()
theme_message.install()
pace.install()
clicks.install()
stale_timers.install()  # once per server process: see the module
wake.install()
settle_language()
st.set_page_config(page_title=_("In One Word"), page_icon=str(APP_ICON), layout="wide")

page = st.navigation(all_pages(), position="hidden")
phone_layout()
theme.apply()
readable_page()
page_head()
sandbox.leave()  # only the gallery draws in the sandbox, and enters it each run
try:
    page.run()
except Exception:
    page_failed(page.title)
write_cookies()

"""What a player sees when a page fails in a way no rule explains.

Every rule refusal is shown where the player acted; this is the net for
anything else, so no traceback ever reaches a player's screen. The router
spreads it under the whole page, and a room page's screen fragment under
its own runs, which Streamlit starts without the router around them.
"""

from __future__ import annotations

import logging

import streamlit as st

from oneword.i18n import _


def page_failed(page: str) -> None:
    """Log what went wrong on `page` and tell the player, with a way back."""
    logging.getLogger("oneword").exception("page %s failed", page)
    st.error(_("Something went wrong on this page. Your game is safe: reload to carry on."))
    st.button(_("Reload"), key="safety-net-reload")

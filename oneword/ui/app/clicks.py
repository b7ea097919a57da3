"""A player's click reruns the whole page (docs/design.md, "A saturated
server slows down").

A room's page draws its screen in a fragment so that the server can
redraw it alone when someone else changed the room. A click on a widget
of that screen would, by Streamlit's rule, also rerun the fragment
alone; under load, such runs left an element of the screen's earlier
shape on the page now and then (an Open button for a card already open).
A click changes what this one page shows most (a selection, a form, a
phase), costs one run of one page, and was always a full run before; so
the browser's rerun of the screen fragment is turned into a rerun of the
page on arrival. Reruns the server asks for itself are not touched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.fragment import FragmentStorage

from oneword.ui.app.wrap_once import wrap_once

SCREEN = "screen"
"""The key of a room page's screen fragment (`refresh.SCREEN`)."""
_MARK = "_oneword_clicks_rerun_pages"


class _Session(Protocol):
    _fragment_storage: FragmentStorage


def install() -> None:
    """Turn clicks in a screen into page reruns, once per server process."""
    wrap_once(AppSession, "request_rerun", _whole_page, _MARK)


def is_screen_click(session: Any, client_state: ClientState | None) -> bool:
    """Is this the browser rerunning a page's screen fragment for a click?"""
    if client_state is None or client_state.is_auto_rerun or not client_state.fragment_id:
        return False
    storage = getattr(session, "_fragment_storage", None)
    if storage is None:
        return False
    try:
        return client_state.fragment_id in storage.resolve_target(SCREEN)
    except Exception:  # no screen on this page: Streamlit says so by raising
        return False


def _whole_page(
    original: Callable[[Any, ClientState | None], None],
) -> Callable[[Any, ClientState | None], None]:
    def request_rerun(session: _Session, client_state: ClientState | None) -> None:
        if client_state is not None and is_screen_click(session, client_state):
            whole = ClientState()
            whole.CopyFrom(client_state)
            whole.fragment_id = ""
            client_state = whole
        original(session, client_state)

    return request_rerun

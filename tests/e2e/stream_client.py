"""A page load without a browser: one new Streamlit session over the
websocket, as a tab opens it, for tests that need many fresh sessions
quickly (a browser takes a second or more per page on a busy machine).

It asks for a page with a query string, with the headers a tab (or a
proxy in front of the app) would send, and collects the text of what the
server draws until the wanted text shows up or time runs out.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets import Subprotocol
from websockets.sync.client import connect


def open_page(
    url: str,
    page: str,
    query: str,
    headers: Mapping[str, str],
    wanted: tuple[str, ...],
    timeout: float = 30.0,
) -> str:
    """Open `page?query` in a fresh session; return the first of `wanted`
    found in the text drawn, or "" if none came within `timeout`. (The
    blocking client: Playwright's sync API already runs an event loop.)"""
    host = url.split("//", 1)[1]
    request = BackMsg()
    request.rerun_script.query_string = query
    request.rerun_script.page_name = page
    request.rerun_script.context_info.url = f"{url}/{page}?{query}"
    deadline = time.monotonic() + timeout
    with connect(
        f"ws://{host}/_stcore/stream",
        subprotocols=[Subprotocol("streamlit")],
        additional_headers={"Origin": url, **headers},
        max_size=None,
        close_timeout=0.2,
    ) as socket:
        socket.send(request.SerializeToString())
        while (left := deadline - time.monotonic()) > 0:
            try:
                data = socket.recv(timeout=left)
            except TimeoutError:
                break
            if isinstance(data, bytes):
                found = _first_found(ForwardMsg.FromString(data), wanted)
                if found:
                    return found
    return ""


def _first_found(message: ForwardMsg, wanted: tuple[str, ...]) -> str:
    if message.WhichOneof("type") != "delta":
        return ""
    text = str(message.delta)
    return next((w for w in wanted if w in text), "")

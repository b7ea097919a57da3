"""A page load without a browser: one new Streamlit session over the
websocket, as a tab opens it, for tests that need many fresh sessions
quickly (a browser takes a second or more per page on a busy machine).

It asks for a page with a query string, with the headers a tab (or a
proxy in front of the app) would send, and collects the text of what the
server draws until the wanted text shows up or time runs out.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack

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


class Tab:
    """A page held open over the websocket, as a tab keeps it, whose polling
    timer never fires: what it draws after its first run came because the
    server sent it unasked. Its messages are read on a thread of its own."""

    def __init__(self, url: str, page: str, query: str, headers: Mapping[str, str]) -> None:
        self.query = query
        self.page_hash = ""
        self.poll_fragment = ""
        self.poll_every = 0.0
        """The interval the server gave the page's polling timer."""
        self.buttons: dict[str, str] = {}
        """The id of each button drawn, by its label."""
        self.texts: list[tuple[float, str]] = []
        """When each delta came, with its text."""
        self.finished: list[float] = []
        """When each run ended."""
        self._lock = threading.RLock()
        host = url.split("//", 1)[1]
        self._opened = ExitStack()
        self._socket = self._opened.enter_context(
            connect(
                f"ws://{host}/_stcore/stream",
                subprotocols=[Subprotocol("streamlit")],
                additional_headers={"Origin": url, **headers},
                max_size=None,
                close_timeout=0.2,
            )
        )
        request = BackMsg()
        request.rerun_script.query_string = query
        request.rerun_script.page_name = page
        request.rerun_script.context_info.url = f"{url}/{page}?{query}"
        self._socket.send(request.SerializeToString())
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            for data in self._socket:
                if isinstance(data, bytes):
                    self._take(ForwardMsg.FromString(data), time.monotonic())
        except Exception:  # the socket closed under the reader: the tab is gone
            return

    def _take(self, message: ForwardMsg, now: float) -> None:
        kind = message.WhichOneof("type")
        with self._lock:
            if kind == "navigation":
                self.page_hash = message.navigation.page_script_hash
            elif kind == "auto_rerun":
                self.poll_fragment = message.auto_rerun.fragment_id
                self.poll_every = message.auto_rerun.interval
            elif kind == "script_finished":
                self.finished.append(now)
            elif kind == "delta":
                element = message.delta.new_element
                if element.WhichOneof("type") == "button":
                    self.buttons[element.button.label] = element.button.id
                self.texts.append((now, str(message.delta)))

    def text_since(self, moment: float) -> str:
        """Everything drawn after `moment` (time.monotonic)."""
        with self._lock:
            return "\n".join(text for at, text in self.texts if at > moment)

    def wait_for(self, ready: Callable[[Tab], bool], timeout: float) -> bool:
        """Wait until `ready(self)`, at most `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if ready(self):
                    return True
            time.sleep(0.05)
        return False

    def click(self, label: str) -> None:
        """Tap the button labelled `label`, as the browser sends a tap."""
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash
        state.widget_states.widgets.add(id=self.buttons[label], trigger_value=True)
        self._socket.send(message.SerializeToString())

    def close(self) -> None:
        self._opened.close()

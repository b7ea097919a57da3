"""jupyter-server-proxy hands every WebSocket subprotocol to the app.

Streamlit's browser code sends ``streamlit``, then its XSRF token, then the
session id to resume after a reconnect, all as subprotocols. Version 4.1.1
of the proxy forwarded only the first, so the app could not resume a
session after a network blip; this is why ``oneword[jupyter]`` asks for
4.1.2 or later. A tiny WebSocket server stands in for the app here.
"""

from __future__ import annotations

import asyncio

from jupyter_helpers import BASE_URL, JupyterServer, in_own_thread
from tornado.httpclient import HTTPRequest
from tornado.web import Application
from tornado.websocket import WebSocketHandler, websocket_connect

SENT = ["streamlit", "2|c2VjcmV0|dG9rZW4=|1700000000", "session-id-1234"]


def test_proxy_forwards_all_subprotocols(jupyter_server: JupyterServer) -> None:
    received = in_own_thread(lambda: asyncio.run(_round_trip(jupyter_server.port)))
    assert received == (SENT, "hello")


async def _round_trip(jupyter_port: int) -> tuple[list[str], str]:
    seen: list[list[str]] = []

    class Upstream(WebSocketHandler):
        def select_subprotocol(self, subprotocols: list[str]) -> str | None:
            seen.append(list(subprotocols))
            return subprotocols[0] if subprotocols else None

        def on_message(self, message: str | bytes) -> None:
            self.write_message(message)

    server = Application([(r"/.*", Upstream)]).listen(0, address="127.0.0.1")
    port = next(iter(server._sockets.values())).getsockname()[1]
    try:
        url = f"ws://127.0.0.1:{jupyter_port}{BASE_URL}proxy/{port}/_stcore/stream"
        connection = await asyncio.wait_for(
            websocket_connect(HTTPRequest(url), subprotocols=SENT), timeout=20
        )
        await connection.write_message("hello")
        echoed = await asyncio.wait_for(connection.read_message(), timeout=20)
        connection.close()
    finally:
        server.stop()
    return (seen[0] if seen else []), str(echoed)

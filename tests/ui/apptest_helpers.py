"""Playing the pages without a browser: one AppTest per player, all
sharing one temporary SQLite file (through `ONEWORD_DB`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from oneword.engine import RoomState
from oneword.service import RoomService
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store
from oneword.ui.app.session import Identity
from oneword.ui.text import FSI, JOINER, PDI

APP = Path(__file__).resolve().parents[2] / "streamlit_app.py"


_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def shown(markdown: str) -> str:
    """What a reader sees of a Markdown body the app escaped: the signs
    without their backslashes, no joiners, no bidi isolates."""
    text = _ESCAPED.sub(r"\1", markdown)
    return "".join(ch for ch in text if ch not in (JOINER, FSI, PDI))


def open_app() -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=20)
    app.run()
    return app


def open_page(script: str, **query: str) -> AppTest:
    """A fresh session opened at a page's URL (a reload, a shared link).

    AppTest finds a page by its file only once the router has registered the
    pages (a page's URL path, not its file name, identifies it), so the
    session starts at Home and then switches, with `query` in the URL.
    """
    app = open_app()
    app.query_params.update(query)
    app.switch_page(f"app_pages/{script}").run()
    return app


def titles(app: AppTest) -> list[str]:
    return [t.value for t in app.title]


def texts(app: AppTest) -> list[str]:
    return [t.value for t in app.text]


def lobby_lines(app: AppTest) -> list[str]:
    """The lobby's player lines: plain text, or (for the host) the label of
    the button that opens what the host may do with that player."""
    return texts(app) + [block.proto.popover.label for block in app.get("popover")]


def button(app: AppTest, label: str):  # type: ignore[no-untyped-def]
    """The first button with this label (Streamlit's labels are Markdown)."""
    for found in app.button:
        if found.label == label:
            return found
    raise AssertionError(f"No button {label!r}; there are {[b.label for b in app.button]}")


def create_room(name: str) -> tuple[AppTest, str]:
    host = open_app()
    host.text_input(key="create_name").input(name)
    next(b for b in host.get("form_submit_button") if b.label == "Create room").click().run()
    return host, query(host, "room")


def join_room(code: str, name: str) -> AppTest:
    player = AppTest.from_file(str(APP), default_timeout=20)
    player.query_params["join"] = code
    player.run()
    player.text_input(key="join_name").input(name)
    next(b for b in player.get("form_submit_button") if b.label == "Join").click().run()
    return player


def room_state(db_path: Path, code: str) -> RoomState:
    """The referee's look at the full state (the pages never see this)."""
    with Store(db_path).read() as tx:
        stored = tx.load(code)
    assert stored is not None
    return parse_state(stored.state_json)


def query(app: AppTest, key: str) -> str:
    value = app.query_params[key]
    return value[0] if isinstance(value, list) else str(value)


def token_of(app: AppTest) -> str:
    """The seat's token, as the session keeps it (the URL shows only the
    room; AppTest has no cookies)."""
    ident = app.session_state["identity"]
    assert isinstance(ident, Identity), ident
    return ident.token


def member_id(app: AppTest, db_path: Path) -> str:
    """Which member this browser is, from the token its session holds."""
    seat = RoomService(Store(db_path)).rejoin(query(app, "room"), token_of(app))
    return seat.member_id


def control(widgets: Iterable[Any], name: str) -> Any:
    """The one control called `name` on the page: such a control's key names
    the value it shows (`oneword.ui.screens.lobby.shown_value`), e.g. "set_timer=60=0"."""
    found = [w for w in widgets if str(w.key).split("=")[0] == name]
    assert len(found) == 1, [w.key for w in widgets]
    return found[0]

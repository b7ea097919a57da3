"""A database that cannot be used shows the service's message on the page,
never a traceback, and the page comes back by itself once the file works.
Both places are checked: the page's own run (the router) and the 1 s poll
fragment, which runs outside the router's safety net."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from apptest_helpers import APP, create_room, query, shown, titles, token_of
from streamlit.testing.v1 import AppTest

from oneword.service import NO_DATABASE_MESSAGE, READ_UNAVAILABLE_MESSAGE
from oneword.storage.shared_check import SHARE_FOR
from oneword.ui.app import session


def break_file(db_path: Path) -> bytes:
    """Garbage over the file's first pages; returns what was there. Polls
    see bytes written behind SQLite's back once their shared look at the
    file is older than its moment."""
    with db_path.open("r+b") as file:
        saved = file.read(8192)
        file.seek(0)
        file.write(os.urandom(8192))
    time.sleep(SHARE_FOR * 1.5)
    return saved


def mend_file(db_path: Path, saved: bytes) -> None:
    with db_path.open("r+b") as file:
        file.write(saved)


def messages(app: AppTest) -> list[str]:
    return [shown(e.value) for e in app.error] + [shown(w.value) for w in app.warning]


def test_a_page_over_a_broken_database_shows_the_message_and_keeps_the_seat(
    db_path: Path,
) -> None:
    host, code = create_room("Ana")
    token = token_of(host)
    assert titles(host) == [f"Room {code}"]
    saved = break_file(db_path)
    host.run()
    assert not host.exception
    assert READ_UNAVAILABLE_MESSAGE in messages(host), "a read speaks of no lost move"
    assert (query(host, "room"), token_of(host)) == (code, token), "the seat is kept"
    mend_file(db_path, saved)
    host.run()
    assert not host.exception
    assert titles(host) == [f"Room {code}"]


def poll_script() -> None:
    """The poll fragment alone, as a page runs it after drawing itself."""
    import streamlit as st

    from oneword.ui.app.refresh import Drawn, follow_room
    from oneword.ui.app.session import service

    code, token = st.session_state["code"], st.session_state["token"]
    if "drawn" not in st.session_state:
        st.session_state["drawn"] = Drawn(service().enter(code, token))
    follow_room(code, token, st.session_state["drawn"])


def test_the_poll_fragment_shows_the_message_and_keeps_polling(db_path: Path) -> None:
    host, code = create_room("Ana")
    poller = AppTest.from_function(poll_script, default_timeout=20)
    poller.session_state["code"] = code
    poller.session_state["token"] = token_of(host)
    poller.run()
    assert not poller.exception and not messages(poller)
    saved = break_file(db_path)
    poller.run()
    assert not poller.exception
    assert messages(poller) == [READ_UNAVAILABLE_MESSAGE]
    mend_file(db_path, saved)
    poller.run()
    assert not poller.exception and not messages(poller)


def test_a_database_folder_that_cannot_be_made_is_said_so_not_reload(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """ONEWORD_DB under a plain file: the folder can never be made. Home
    says no game can be played here and that the log has the reason; the
    page does not fail, and does not promise that a reload helps."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("ONEWORD_DB", str(blocker / "rooms" / "oneword.sqlite3"))
    session.service.clear()
    try:
        home = AppTest.from_file(str(APP), default_timeout=30)
        with caplog.at_level("ERROR", logger="oneword"):
            home.run()
            home.text_input(key="create_name").input("Ana")
            submit = next(b for b in home.get("form_submit_button") if b.label == "Create room")
            submit.click().run()
        assert not home.exception
        shown_now = messages(home)
        assert NO_DATABASE_MESSAGE in shown_now, shown_now
        assert not any("reload to carry on" in m for m in shown_now)
        assert "not-a-folder" in caplog.text
    finally:
        session.service.clear()

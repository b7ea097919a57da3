"""Who this browser is, and what it last drew.

A seat is its secret token. It is kept in a cookie of this browser, one per
room (`oneword_seat_CODE`), and the URL carries only the room code
(`?room=CODE`): a page on a projector, in a screenshot or in a browser's
history shows no token, and a reload or a reopened join link finds the
seat again (L-3). The token goes into a URL in one place only: the link a
player asks for to take their seat to another device (`rejoin_query`).
An older link that still carries `&token=` is honoured once: the token
moves into the cookie and out of the address bar.

The session keeps the seat too (AppTest and a first visit have no cookie
yet), and the last `RoomEntry` (view and room version) the seat drew or
its own action returned. The next run reuses it while the room is still at
that version, so a click reads the room once (in the action's
transaction), not again to draw the result. Pages never change a view they
are given, so a kept one is as good as a fresh one.

The service is one per server process, made when first asked for: each
call takes a connection from its store's pool (SQLite or PostgreSQL) and
gives it back, so it is safe to share between Streamlit's threads.
"""

from __future__ import annotations

import re
import secrets
import threading
from dataclasses import dataclass

import streamlit as st

from oneword.config import database_path, database_url
from oneword.service import RoomEntry, RoomService, codes
from oneword.service.errors import no_database
from oneword.service.rate_limits import Client
from oneword.storage.backends import open_store
from oneword.storage.protocol import RoomStore
from oneword.storage.records import StoreError
from oneword.ui.app.browser import cookie, drop_cookie, set_cookie
from oneword.ui.app.client_address import client_address, trusted
from oneword.word_lists import WordListService

_ENTRY = "room_entry"
_IDENTITY = "identity"
_CLIENT = "client_id"
SEAT_COOKIE = "oneword_seat_"
SEAT_MAX_AGE = 7 * 24 * 3600
"""A week: rooms are cleaned up after a day without players."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,100}")


@dataclass(frozen=True)
class Identity:
    code: str
    token: str

    def query(self) -> dict[str, str]:
        """What the page's URL shows: the room, never the token."""
        return {"room": self.code}


class _OneService:
    """The process's one service, on the database the settings name; call
    it to get it (`service()`).

    The settings are read on the first call only: finding the database
    costs environment reads, a secrets lookup and a mkdir (or opening a
    PostgreSQL pool), and every page calls this on each 1 s poll, so the
    call after that is one attribute read (Streamlit's resource cache
    costs tens of microseconds per call). Tests that point `ONEWORD_DB`
    elsewhere start afresh with `service.clear()`.
    """

    def __init__(self) -> None:
        self._made: RoomService | None = None
        self._lock = threading.Lock()

    def __call__(self) -> RoomService:
        made = self._made
        if made is None:
            with self._lock:
                if self._made is None:
                    self._made = RoomService(_open_store())
                made = self._made
        return made

    def clear(self) -> None:
        """Forget the service: the next call makes one from the settings."""
        with self._lock:
            self._made = None


service = _OneService()


def _open_store() -> RoomStore:
    """The settings' database. A folder that cannot be made or a file that
    cannot be opened is told to the player as such (and named in the log),
    not as a page that failed; the next page asks again."""
    url = database_url()
    if url:
        return open_store(url)
    try:
        return open_store(sqlite_path=database_path())
    except (OSError, StoreError) as problem:
        raise no_database(str(getattr(problem, "filename", None) or "its file"), problem) from None


def word_list_service() -> WordListService:
    """A device's saved word lists, over the same store as `service()`."""
    return WordListService(service().store)


def client() -> Client:
    """Who knocks, for the service's rate limits: this browser tab, and the
    address it connects from, as a trusted proxy reports it (None when
    unknown: those clients share one limit)."""
    session = st.session_state.get(_CLIENT)
    if not isinstance(session, str):
        session = st.session_state[_CLIENT] = secrets.token_hex(12)
    peer = st.context.ip_address
    address = client_address(
        peer if isinstance(peer, str) else None,
        st.context.headers.get("X-Forwarded-For"),
        trusted(),
    )
    return Client(session=session, address=address)


def room_code(text: str | None) -> str | None:
    """`text` as a room code, if it could be one."""
    code = codes.normalize(text or "")
    return code if codes.is_well_formed(code) else None


def seat_for(code: str) -> Identity | None:
    """The seat this browser holds in room `code`, if any."""
    token = cookie(SEAT_COOKIE + code)
    return Identity(code, token) if token and _TOKEN.fullmatch(token) else None


def identity() -> Identity | None:
    """The seat this browser holds in the URL's room, or in the room it was
    last in when the URL names none (a page switch may drop the query)."""
    code = room_code(st.query_params.get("room"))
    token = st.query_params.pop("token", None)
    if code and token and _TOKEN.fullmatch(token):
        return remember(code, token)
    if code:
        found = seat_for(code)
        if found is not None:
            st.session_state[_IDENTITY] = found
        return found
    cached = st.session_state.get(_IDENTITY)
    if isinstance(cached, Identity) and seat_for(cached.code) == cached:
        st.query_params.update(cached.query())
        return cached
    return None


def remember(code: str, token: str) -> Identity:
    """Hold this seat: in the session, in the browser's cookie, and its room
    in the URL."""
    found = Identity(code=code, token=token)
    st.session_state[_IDENTITY] = found
    set_cookie(SEAT_COOKIE + code, token, SEAT_MAX_AGE)
    st.query_params.update(found.query())
    return found


def rejoin_query(ident: Identity) -> dict[str, str]:
    """The query of a link that takes this seat to another device."""
    return {"room": ident.code, "token": ident.token}


def keep_entry(code: str, token: str | None, entry: RoomEntry) -> None:
    """Hold the entry this seat (or, with no token, the watch page) is about
    to draw, or an action or a poll just read, so the next run reuses it
    while the room has not changed."""
    st.session_state[_ENTRY] = ((code, token), entry)


def kept_entry(code: str, token: str | None) -> RoomEntry | None:
    """The entry kept for this very seat or watched room, if any (its
    version is checked by `RoomService.enter`)."""
    kept = st.session_state.get(_ENTRY)
    if isinstance(kept, tuple) and kept[0] == (code, token) and isinstance(kept[1], RoomEntry):
        return kept[1]
    return None


def forget_seat(code: str) -> None:
    """Drop this browser's seat in room `code` (it left, or the token is no
    longer a seat)."""
    drop_cookie(SEAT_COOKIE + code)
    cached = st.session_state.get(_IDENTITY)
    if isinstance(cached, Identity) and cached.code == code:
        st.session_state.pop(_IDENTITY, None)
        st.session_state.pop(_ENTRY, None)


def forget() -> None:
    """Drop the current seat (after leaving, or when the token is no longer
    valid), and the room from the URL."""
    cached = st.session_state.get(_IDENTITY)
    if isinstance(cached, Identity):
        forget_seat(cached.code)
    st.session_state.pop(_IDENTITY, None)
    st.session_state.pop(_ENTRY, None)
    for key in ("room", "token"):
        st.query_params.pop(key, None)

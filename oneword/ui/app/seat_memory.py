"""What a seat's pages keep across a reload, in this server process.

A reload (the watchdog heals a broken page that way, and a player may
reload) starts a new Streamlit session, so what the page kept in its
session state is gone. The seat is not: it comes back from the room's
cookie. So the card a seat picked (`card_picker`) and the refusal its
last action got (`actions`) are kept here too, by seat token, and every
page of the seat reads them. The oldest seats go first past a bound.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

import streamlit as st

from oneword.ui.app.session import room_code, seat_for

V = TypeVar("V")
_MISSING = object()


def url_seat() -> str | None:
    """This browser's seat in the URL's room: the same after a reload."""
    code = room_code(st.query_params.get("room"))
    seat = seat_for(code) if code else None
    return seat.token if seat else None


class SeatMemory(Generic[V]):
    """A bounded map from a seat (and what else keys it) to a value,
    shared by the sessions of one server process."""

    def __init__(self, at_most: int = 5_000) -> None:
        self._kept: OrderedDict[Hashable, V] = OrderedDict()
        self._at_most = at_most
        self._lock = threading.Lock()

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._kept.pop(key, None)
            self._kept[key] = value
            while len(self._kept) > self._at_most:
                self._kept.popitem(last=False)

    def get(self, key: Hashable) -> tuple[bool, V | None]:
        """Whether `key` is kept, and its value."""
        with self._lock:
            value = self._kept.get(key, _MISSING)
        return (False, None) if value is _MISSING else (True, value)  # type: ignore[return-value]

    def drop(self, key: Hashable) -> None:
        with self._lock:
            self._kept.pop(key, None)

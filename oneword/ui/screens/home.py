"""Home: create a room, join one by its code or link, set up one-device
play, or open a watch screen (P-1). A join link opened again in a browser
that has a seat in that room goes back to the seat (L-3)."""

from __future__ import annotations

import streamlit as st

from oneword.engine import Refusal
from oneword.i18n import _
from oneword.service import StorageError
from oneword.ui.device import device_key
from oneword.ui.routing import go, page_for
from oneword.ui.session import (
    client,
    forget,
    forget_seat,
    identity,
    remember,
    room_code,
    seat_for,
    service,
)
from oneword.ui.text import say, tell
from oneword.words import LANGUAGES


def _back_to_held_seat() -> None:
    """L-3: a join link opened again where this browser has a seat there."""
    joining = room_code(st.query_params.get("join"))
    held = seat_for(joining) if joining else None
    if held is None:
        return
    try:
        view = service().view(held.code, held.token, client=client())
    except StorageError:
        return  # the server's trouble: the seat is kept
    except Refusal:
        forget_seat(held.code)
        return
    if view.you is not None:
        go(page_for(view), remember(held.code, held.token))


def _current_room() -> None:
    """The room this browser is in, with the way back to it."""
    current = identity()
    if current is None:
        return
    try:
        view = service().view(current.code, current.token, client=client())
        if view.you is not None:
            if view.settings.one_device:
                say(
                    "info",
                    _("This device is playing room {code} on one device."),
                    code=current.code,
                )
            else:
                say(
                    "info",
                    _("You are in room {code} as {name}."),
                    code=current.code,
                    name=view.you.name,
                )
            if st.button("Back to my room", type="primary"):
                go(page_for(view), current)
    except StorageError as problem:
        tell("warning", problem.message)  # the server's trouble: the seat is kept
    except Refusal as refusal:
        forget()
        tell("warning", refusal.message)


def _create_form() -> None:
    with st.form("create"):
        st.subheader(_("Create a room"), anchor=False)
        host_name = st.text_input("Your name", max_chars=40, key="create_name")
        language = st.selectbox(
            "Language of the words",
            options=list(LANGUAGES),
            format_func=lambda code: LANGUAGES[code],
        )
        if st.form_submit_button(_("Create room"), type="primary"):
            try:
                seat = service().create_room(host_name or "", language=language, client=client())
            except Refusal as refusal:
                tell("error", refusal.message)
            else:
                go("lobby", remember(seat.code, seat.token))


def _join_form() -> None:
    with st.form("join"):
        st.subheader(_("Join a room"), anchor=False)
        code = st.text_input("Room code", value=st.query_params.get("join", ""), max_chars=12)
        player_name = st.text_input("Your name", max_chars=40, key="join_name")
        if st.form_submit_button("Join", type="primary"):
            try:
                seat = service().join(
                    code or "", player_name or "", device=device_key(), client=client()
                )
            except Refusal as refusal:
                tell("error", refusal.message)
            else:
                go("lobby", remember(seat.code, seat.token))


def _one_device() -> None:
    with st.container(border=True):
        st.subheader("Play on one device", anchor=False)
        st.caption(
            "4-10 players, one phone passed round the table or one classroom projector: "
            "the captains take turns to look at the map."
        )
        if st.button("Play on one device", icon=":material/devices:", key="home-one-device"):
            go("one_device")


def _watch_form() -> None:
    with st.form("watch"):
        st.subheader("Watch on a big screen", anchor=False)
        st.caption("For a projector or a TV: the board and the clue, never the map.")
        watch_code = st.text_input("Room code", key="watch_code", max_chars=12)
        if st.form_submit_button("Open watch screen"):
            go("watch", watch=(watch_code or "").strip())


def show() -> None:
    """The home page: no room needed."""
    st.title(_("In One Word"), anchor=False)
    st.caption(_("Give a one-word clue. Find your team's words. Avoid the black card."))
    message = st.session_state.pop("home_message", None)
    if message:
        tell("warning", message)
    _back_to_held_seat()
    _current_room()
    # Someone who opened a join link wants to join: that form comes first (on a
    # phone the columns stack).
    first, second = st.columns(2, gap="large")
    join, create = (first, second) if st.query_params.get("join") else (second, first)
    with create:
        _create_form()
    with join:
        _join_form()
    _one_device()
    _watch_form()

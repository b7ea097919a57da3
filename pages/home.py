"""Home: create a room, join one by its code or link, set up one-device
play, or open a watch screen (P-1)."""

import streamlit as st

from oneword.engine import Refusal
from oneword.service import StorageError
from oneword.ui.routing import go, page_for
from oneword.ui.session import forget, identity, remember, service
from oneword.ui.text import escape_markdown
from oneword.words import LANGUAGES

st.title("In One Word")
st.caption("Give a one-word clue. Find your team's words. Avoid the black card.")

message = st.session_state.pop("home_message", None)
if message:
    st.warning(message)

current = identity()
if current is not None:
    try:
        view = service().view(current.code, current.token)
        if view.you is not None:
            if view.settings.one_device:
                st.info(f"This device is playing room {current.code} on one device.")
            else:
                st.info(f"You are in room {current.code} as {escape_markdown(view.you.name)}.")
            if st.button("Back to my room", type="primary"):
                go(page_for(view), current)
    except StorageError as problem:
        st.warning(problem.message)  # the server's trouble: the seat is kept
    except Refusal as refusal:
        forget()
        st.warning(refusal.message)

# Someone who opened a join link wants to join: that form comes first (on a
# phone the columns stack).
first, second = st.columns(2, gap="large")
join, create = (first, second) if st.query_params.get("join") else (second, first)

with create, st.form("create"):
    st.subheader("Create a room")
    host_name = st.text_input("Your name", max_chars=40, key="create_name")
    language = st.selectbox(
        "Language of the words",
        options=list(LANGUAGES),
        format_func=lambda code: LANGUAGES[code],
    )
    if st.form_submit_button("Create room", type="primary"):
        try:
            seat = service().create_room(host_name or "", language=language)
        except Refusal as refusal:
            st.error(refusal.message)
        else:
            go("lobby", remember(seat.code, seat.token))

with join, st.form("join"):
    st.subheader("Join a room")
    code = st.text_input("Room code", value=st.query_params.get("join", ""), max_chars=12)
    player_name = st.text_input("Your name", max_chars=40, key="join_name")
    if st.form_submit_button("Join", type="primary"):
        try:
            seat = service().join(code or "", player_name or "")
        except Refusal as refusal:
            st.error(refusal.message)
        else:
            go("lobby", remember(seat.code, seat.token))

with st.container(border=True):
    st.subheader("Play on one device")
    st.caption(
        "4-10 players, one phone passed round the table or one classroom projector: "
        "the captains take turns to look at the map."
    )
    if st.button("Play on one device", icon=":material/devices:", key="home-one-device"):
        st.switch_page("pages/one_device.py")

with st.form("watch"):
    st.subheader("Watch on a big screen")
    st.caption("For a projector or a TV: the board and the clue, never the map.")
    watch_code = st.text_input("Room code", key="watch_code", max_chars=12)
    if st.form_submit_button("Open watch screen"):
        st.switch_page("pages/watch.py", query_params={"watch": (watch_code or "").strip()})

"""Home: create a room, join one by its code or link, set up one-device
play, or open a watch screen (P-1). A join link opened again in a browser
that has a seat in that room goes back to the seat (L-3)."""

from __future__ import annotations

import streamlit as st

from oneword.classes.models import ClassSettings
from oneword.engine import Mode, Refusal
from oneword.i18n import UI_LANGUAGES, _, current_language
from oneword.service import StorageError
from oneword.service.inputs import MAX_LIST_TEXT
from oneword.ui.app.class_keys import (
    class_code,
    class_service,
    keep_teacher_key,
    last_class,
    open_class,
)
from oneword.ui.app.device import device_key
from oneword.ui.app.language import choose_language
from oneword.ui.app.routing import go, page_for
from oneword.ui.app.session import (
    client,
    forget,
    forget_seat,
    identity,
    remember,
    room_code,
    seat_for,
    service,
)
from oneword.ui.profile_badges import title_name
from oneword.ui.profile_identity import (
    current_profile,
    profile_key,
    profile_service,
    sign_in,
    sign_out,
)
from oneword.ui.screens.lobby.settings import MODES
from oneword.ui.text import say, tell
from oneword.words import LANGUAGES, load_packages

LANGUAGE_KEY = "ui_language_choice"


def _class_link() -> None:
    """A class's join link (one code for the whole class) opens its name
    list, not the room form."""
    code = class_code(st.query_params.get("join"))
    try:
        if code is not None and class_service().is_class(code):
            open_class(code)
    except StorageError:
        return  # the room form stays, and says what is wrong when used


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
            if st.button(_("Back to my room"), type="primary"):
                go(page_for(view), current)
    except StorageError as problem:
        tell("warning", problem.message)  # the server's trouble: the seat is kept
    except Refusal as refusal:
        forget()
        tell("warning", refusal.message)


def _create_profile() -> None:
    """PR-1: one tap (a name is all it takes); the key goes to the cookie."""
    try:
        key = profile_service().create(st.session_state.get("profile_name") or "", device_key())
    except Refusal as refusal:
        st.session_state["profile_message"] = refusal.message
    else:
        sign_in(key)
        _fill_names()


def _fill_names() -> None:
    """The room forms' name fields start from the profile's name."""
    me = current_profile()
    for field in ("create_name", "join_name"):
        if me is not None and not st.session_state.get(field):
            st.session_state[field] = me.name


def _use_code() -> None:
    """PR-1: a code made on another device signs this one in too."""
    try:
        key = profile_service().redeem(
            st.session_state.get("profile_code") or "", device_key(), client=client()
        )
    except Refusal as refusal:
        st.session_state["profile_message"] = refusal.message
    else:
        sign_in(key)
        _fill_names()


def _signed_out_box() -> None:
    st.subheader(_("Your profile"), anchor=False)
    st.caption(
        _(
            "Optional: keep your XP, level and titles from game to game. "
            "Without one you play as a guest."
        )
    )
    with st.form("profile_create", border=False):
        st.text_input(_("Profile name"), max_chars=40, key="profile_name")
        st.form_submit_button(_("Create my profile"), type="primary", on_click=_create_profile)
    with (
        st.expander(_("I have a profile code"), key="profile_code_box"),
        st.form("profile_use_code", border=False),
    ):
        st.text_input(_("Profile code"), max_chars=24, key="profile_code")
        st.form_submit_button(_("Use this code"), on_click=_use_code)


def _profile_box() -> None:
    """PR-1: who this device plays as, or the way to a profile."""
    with st.container(border=True, key="home-profile"):
        message = st.session_state.pop("profile_message", None)
        if message:
            tell("error", message)
        try:
            me = current_profile(fresh=True)  # the level after the last game
        except Refusal as refusal:  # the server's trouble: rooms still work
            tell("warning", refusal.message)
            return
        if me is None:
            _signed_out_box()
            return
        say(
            "markdown",
            _("Signed in as **{name}** · LVL {level}"),
            name=me.name,
            level=me.level.number,
        )
        shown = title_name(me.title)
        if shown:
            say("caption", "{title}", title=shown)
        bar = st.container(horizontal=True)
        if bar.button(_("My profile"), icon=":material/person:", key="home-my-profile"):
            go("profile")
        bar.button(_("Sign out"), key="home-sign-out", on_click=sign_out)


def _signed_in_name() -> str:
    me = current_profile()
    return me.name if me is not None else ""


def _create_form() -> None:
    with st.form("create"):
        st.subheader(_("Create a room"), anchor=False)
        host_name = st.text_input(
            _("Your name"), value=_signed_in_name(), max_chars=40, key="create_name"
        )
        language = st.selectbox(
            _("Language of the words"),
            options=list(LANGUAGES),
            format_func=lambda code: LANGUAGES[code],
        )
        if st.form_submit_button(_("Create room"), type="primary"):
            try:
                seat = service().create_room(
                    host_name or "", language=language, client=client(), profile=profile_key()
                )
            except Refusal as refusal:
                tell("error", refusal.message)
            else:
                go("lobby", remember(seat.code, seat.token))


def _join_form() -> None:
    with st.form("join"):
        st.subheader(_("Join a room"), anchor=False)
        code = st.text_input(_("Room code"), value=st.query_params.get("join", ""), max_chars=12)
        player_name = st.text_input(
            _("Your name"), value=_signed_in_name(), max_chars=40, key="join_name"
        )
        if st.form_submit_button(_("Join"), type="primary"):
            typed = class_code(code)
            if typed is not None and class_service().is_class(typed):
                open_class(typed)  # a class: its names, no typing
            try:
                seat = service().join(
                    code or "",
                    player_name or "",
                    device=device_key(),
                    client=client(),
                    profile=profile_key(),
                )
            except Refusal as refusal:
                tell("error", refusal.message)
            else:
                go("lobby", remember(seat.code, seat.token))


def _one_device() -> None:
    with st.container(border=True):
        st.subheader(_("Play on one device"), anchor=False)
        st.caption(
            _(
                "4-10 players, one phone passed round the table or one classroom projector: "
                "the captains take turns to look at the map."
            )
        )
        if st.button(_("Play on one device"), icon=":material/devices:", key="home-one-device"):
            go("one_device")


CLASS_MODES = (Mode.VERSUS, Mode.TOGETHER, Mode.JUST_ONE)


def _last_class_list() -> str:
    """The names of the class this device made last, to make new rooms for."""
    code = last_class()
    if code is None:
        return ""
    try:
        return "\n".join(class_service().class_list(code).names)
    except (Refusal, StorageError):
        return ""


def _class_form() -> None:
    """A whole class at once: the class list, typed or pasted once, spread
    over several rooms that the teacher hosts from one page."""
    with st.expander(_("For teachers: a whole class at once"), icon=":material/school:"):
        st.caption(
            _(
                "Paste your class list: every student taps their name on their own "
                "phone and gets a seat in one of the rooms; your class page shows "
                "every room on the projector."
            )
        )
        language = st.selectbox(  # outside the form: the packages follow it
            _("Language of the words"),
            options=list(LANGUAGES),
            format_func=lambda code: LANGUAGES[code],
            key="class_language",
        )
        with st.form("class_form", border=False):
            teacher = st.text_input(_("Your name"), value=_signed_in_name(), max_chars=40)
            names = st.text_area(
                _("Class list, one name a line"), value=_last_class_list(), max_chars=4000
            )
            games = {_(MODES[mode]): mode for mode in CLASS_MODES}  # labels, not format_func:
            game = st.selectbox(_("Game"), options=list(games))  # AppTest formats in English
            mode = games.get(game or "", Mode.VERSUS)
            packages: dict[str, str | None] = {_("Random board (all packages)"): None}
            packages |= {title: key for key, title in load_packages().choices(language or "en")}
            chosen = st.selectbox(_("Words"), options=list(packages))
            own = st.text_area(_("Or your own words (optional)"), max_chars=MAX_LIST_TEXT)
            rooms = st.number_input(_("Rooms"), min_value=1, max_value=8, value=4, step=1)
            if st.form_submit_button(_("Make the class"), type="primary"):
                settings = ClassSettings(
                    mode=mode, language=language or "en", package=packages.get(chosen or "")
                )
                _make_class(teacher, names, int(rooms), settings, own or "")


def _make_class(teacher: str, names: str, rooms: int, settings: ClassSettings, own: str) -> None:
    try:
        made = class_service().create(
            teacher, names, rooms, settings, client=client(), own_words=own
        )
    except (Refusal, StorageError) as problem:
        tell("error", problem.message)
        return
    keep_teacher_key(made.code, made.key)
    open_class(made.code)


def _watch_form() -> None:
    with st.form("watch"):
        st.subheader(_("Watch on a big screen"), anchor=False)
        st.caption(_("For a projector or a TV: the board and the clue, never the map."))
        watch_code = st.text_input(_("Room code"), key="watch_code", max_chars=12)
        if st.form_submit_button(_("Open watch screen")):
            go("watch", watch=(watch_code or "").strip())


def _designers() -> None:
    """The gallery of every page, for whoever works on the app's look."""
    with st.expander(_("For designers")):
        st.caption(_("Every page in every phase, from sample rooms: no room needed."))
        if st.button(_("Open the gallery"), icon=":material/photo_library:", key="home-gallery"):
            go("gallery")


def _language_choice() -> None:
    """The language of the app on this device (remembered in a cookie);
    each room's words keep the language its host set."""

    def chosen() -> None:
        choose_language(st.session_state[LANGUAGE_KEY])

    column, _rest = st.columns([1, 3])
    column.selectbox(
        _("Language of the app"),
        options=list(UI_LANGUAGES),
        index=UI_LANGUAGES.index(current_language()),
        format_func=lambda code: LANGUAGES[code],
        key=LANGUAGE_KEY,
        on_change=chosen,
    )


def show() -> None:
    """The home page: no room needed. On a phone the first screen holds what
    people come for, joining with a code and creating a room; the profile
    and the app's language come after them."""
    st.title(_("In One Word"), anchor=False)
    st.caption(_("Give a one-word clue. Find your team's words. Avoid the black card."))
    message = st.session_state.pop("home_message", None)
    if message:
        tell("warning", message)
    _class_link()
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
    _profile_box()
    _language_choice()
    _one_device()
    _class_form()
    _watch_form()
    _designers()

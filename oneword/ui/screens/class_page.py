"""A whole class on one screen.

For the teacher who made the class (this browser holds its key): the
class code and QR code for everyone, buttons that start, pause and
resume every room, and every room as its watch page shows it (never a
key), with who is in it and who is away; each room opens full-screen on
its own watch page. For anyone else with the code: the class list, to
tap one's own name and be seated in a room (no typing on a phone)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

import streamlit as st

from oneword.classes.results import class_csv, class_lines, result_text
from oneword.classes.service import ClassRoomView, ClassView
from oneword.engine import Refusal
from oneword.engine.errors import Reason
from oneword.engine.justone.views import JustOneView
from oneword.i18n import _
from oneword.service import StorageError
from oneword.ui import just_one
from oneword.ui.app import sandbox
from oneword.ui.app.class_keys import class_service, forget_teacher_key, teacher_key
from oneword.ui.app.device import device_key
from oneword.ui.app.pages import PAGES
from oneword.ui.app.routing import go
from oneword.ui.app.safety_net import page_failed
from oneword.ui.app.session import client, remember
from oneword.ui.cards import board_html
from oneword.ui.game_info import score_line, turn_line
from oneword.ui.links import app_base_url
from oneword.ui.results import headline
from oneword.ui.screens.watch import invitation, line, watch_css
from oneword.ui.text import Kind, escape_html, inert, plain, say, tell
from oneword.wording import players_text

REFRESH_SECONDS = 2.0
"""How often the class page and the name list look again: a class's
rooms change at a game's pace, and eight rooms read each time."""
_OUTCOME = "class_outcome"
_SEATED = "class_seated"


def show(code: str) -> None:
    """The class page of `code`, as this browser may see it."""
    seated = st.session_state.pop(_SEATED, None)
    if seated is not None:
        go("lobby", seated)  # a name was tapped: on to the room's lobby
    key = teacher_key(code)
    if key is None:
        _name_list(code)
        return
    watch_css()
    teacher_page(code, key, lambda: class_service().view(code, key))


Load = Callable[[], ClassView]
"""The class as it is now: read again on every refresh."""


def teacher_page(code: str, key: str, load: Load) -> None:
    """The teacher's page of class `code`, its rooms read by `load` (the
    gallery hands in a class built in memory)."""
    controls, invite = st.columns([5, 2], gap="large")
    with invite:
        invitation(code, "30vh", label=_("Class code"))
    with controls:
        title = plain(_("Class {code}"), code=code)
        st.html(f'<h1 class="ow-headline">{escape_html(title)}</h1>')
        _buttons(code, key)
        _rooms(load, code, key)


def _buttons(code: str, key: str) -> None:
    bar = st.container(horizontal=True)
    service = class_service()
    actions: list[tuple[str, str, Callable[[str, str], dict[str, Refusal | None]]]] = [
        (_("Start every room"), ":material/play_arrow:", service.start_all),
        (_("Pause every room"), ":material/pause:", service.pause_all),
        (_("Resume every room"), ":material/resume:", service.resume_all),
        (_("End every game"), ":material/stop:", service.end_all),
    ]
    for label, icon, act in actions:
        bar.button(
            label, icon=icon, key=f"class-{icon}", on_click=_every_room, args=(act, code, key)
        )


def _every_room(act: Callable[[str, str], dict[str, Refusal | None]], code: str, key: str) -> None:
    """Run one of the teacher's buttons; each room that refused says why."""
    if _in_gallery():
        return
    try:
        outcome = act(code, key)
    except (Refusal, StorageError) as problem:
        st.session_state[_OUTCOME] = [problem.message]
        return
    st.session_state[_OUTCOME] = [
        plain(_("Room {code}: {reason}"), code=room, reason=refusal.message)
        for room, refusal in outcome.items()
        if refusal is not None
    ]


def _fill(code: str, key: str, room: str) -> None:
    """Bots for a room short of players, on the teacher's say-so."""
    if _in_gallery():
        return
    try:
        class_service().fill_with_bots(code, key, room)
    except (Refusal, StorageError) as problem:
        st.session_state[_OUTCOME] = [
            plain(_("Room {code}: {reason}"), code=room, reason=problem.message)
        ]


def _in_gallery() -> bool:
    """A click in the gallery reaches no class: it says so instead."""
    if sandbox.active():
        st.session_state[_OUTCOME] = [_(sandbox.MESSAGE)]
    return sandbox.active()


def _outcome(kind: Kind) -> None:
    """What the last click's callback had to say (each room's refusal)."""
    for message in st.session_state.pop(_OUTCOME, []):
        tell(kind, message)


@st.fragment(run_every=REFRESH_SECONDS)
def _rooms(load: Load, code: str, key: str) -> None:
    """Every room, looked at again every few seconds; the fragment's own
    runs have no router around them, so it keeps the safety net itself."""
    try:
        _draw_rooms(load, code, key)
    except Exception:
        page_failed("class_page")


def _draw_rooms(load: Load, code: str, key: str) -> None:
    _outcome("info")
    try:
        whole = load()
    except (Refusal, StorageError) as problem:
        if problem.code == Reason.NOT_TEACHER:
            forget_teacher_key(code)  # a stale key: the page is the name list from now on
        tell("warning", problem.message)
        return
    if not whole.rooms:
        say("info", _("This class's rooms have been cleared away: make new rooms for it on Home."))
        return
    if whole.waiting:
        say("caption", _("Not seated yet: {names}"), names=", ".join(whole.waiting))
        _plan(whole, key)
    per_row = 2 if len(whole.rooms) <= 4 else 3
    for start in range(0, len(whole.rooms), per_row):
        row = st.columns(per_row, gap="medium")
        for column, room in zip(row, whole.rooms[start : start + per_row], strict=False):
            with column, st.container(border=True, key=f"class-room-{room.code}"):
                _room(room, code, key)
    _results(whole)


def _plan(whole: ClassView, key: str) -> None:
    """The teacher picks a room for students before they tap their name."""
    anywhere = _("The room with the fewest students")
    choices = [anywhere, *[room.code for room in whole.rooms]]
    with st.expander(_("Choose rooms for students not seated yet"), icon=":material/group_work:"):
        for name in whole.waiting:
            index = whole.names.index(name)
            planned = whole.planned.get(name)
            st.selectbox(
                inert("{name}", name=name),
                choices,
                index=choices.index(planned) if planned in choices else 0,
                key=f"class-plan-{index}",
                on_change=_choose_room,
                args=(whole.code, key, name, f"class-plan-{index}", anywhere),
            )


def _choose_room(code: str, key: str, name: str, widget: str, anywhere: str) -> None:
    if _in_gallery():
        return
    chosen = st.session_state.get(widget)
    try:
        class_service().plan(code, key, name, None if chosen == anywhere else chosen)
    except (Refusal, StorageError) as problem:
        st.session_state[_OUTCOME] = [problem.message]


def _results(whole: ClassView) -> None:
    """The class's table: a line per student, and the same as one CSV file."""
    with st.expander(_("The class's results"), icon=":material/table:"):
        lines = class_lines(whole)
        st.dataframe(
            {
                _("Round"): [str(line.round) if line.round else "" for line in lines],
                _("Student"): [line.name for line in lines],
                _("Room"): [line.room for line in lines],
                _("Result"): [result_text(line) for line in lines],
                _("Clues given"): [line.clues for line in lines],
                _("Cards found"): [line.found for line in lines],
            },
            hide_index=True,
        )
        st.download_button(
            _("Download the class's results (CSV)"),
            data=class_csv(whole),
            file_name=f"class-{whole.code}.csv",
            mime="text/csv",
            icon=":material/download:",
            key="class-results-csv",
        )


def _room(room: ClassRoomView, code: str, key: str) -> None:
    view, game = room.view, room.view.game
    title = plain(_("Room {code}"), code=room.code)
    count = players_text(len(view.players()))
    st.html(f"<h3>{escape_html(title)} · {escape_html(count)}</h3>")
    if room.students:
        line(", ".join(room.students), css="ow-link")
    away = [m.name for m in view.players() if not m.connected]
    if away:
        line(plain(_("Away: {names}"), names=", ".join(away)), css="ow-link")
    if view.paused_at is not None:
        line(_("Paused"))
    if isinstance(game, JustOneView):
        line(just_one.status_line(game))
    elif game is None:
        line(_("In the lobby"))
        st.button(
            _("Fill with bots"),
            icon=":material/smart_toy:",
            key=f"class-bots-{room.code}",
            on_click=_fill,
            args=(code, key, room.code),
        )
    elif game.outcome is not None:
        line(headline(game.outcome, game.sides))
    else:
        line(score_line(game))
        line(turn_line(game))
        st.html(board_html(game.board, language=view.settings.language, sides=game.sides))
    watch = f"{app_base_url()}{PAGES['watch'].url_path}?{urlencode({'watch': room.code})}"
    st.link_button(_("Open its watch screen"), watch, icon=":material/tv:")


def _name_list(code: str) -> None:
    """The class list for a student to tap their own name on."""
    try:
        class_service().class_list(code, client=client())
    except StorageError as problem:
        tell("warning", problem.message)
        return
    except Refusal as refusal:
        st.session_state["home_message"] = refusal.message
        go("home")
    st.title(inert(_("Class {code}"), code=code), anchor=False)
    st.subheader(_("Tap your name"), anchor=False)
    _names(code)


@st.fragment(run_every=REFRESH_SECONDS)
def _names(code: str) -> None:
    """The names, looked at again every few seconds (the safety net as `_rooms`)."""
    try:
        _draw_names(code)
    except Exception:
        page_failed("class_page")


def _draw_names(code: str) -> None:
    try:
        listed = class_service().class_list(code)
    except (Refusal, StorageError) as problem:
        tell("warning", problem.message)
        return
    _outcome("error")
    columns = st.columns(3)
    for index, name in enumerate(listed.names):
        seated = name in listed.seated
        columns[index % 3].button(
            inert("✓ {name}", name=name) if seated else inert("{name}", name=name),
            key=f"class-name-{index}",
            disabled=seated,
            width="stretch",
            on_click=_take_seat,
            args=(code, name),
        )
    if _SEATED in st.session_state:
        st.rerun(scope="app")  # the page's own run moves on to the lobby


def _take_seat(code: str, name: str) -> None:
    """Seat the student who tapped `name`; a refusal is told on the page."""
    try:
        seat = class_service().join(code, name, device=device_key(), client=client())
    except (Refusal, StorageError) as problem:
        st.session_state[_OUTCOME] = [problem.message]
        return
    st.session_state[_SEATED] = remember(seat.code, seat.token)

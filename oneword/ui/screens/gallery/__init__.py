"""Gallery (for designers): every page as a given seat sees it, in every
phase, drawn by the pages' own screens from the gallery's sample rooms
(`oneword.gallery`). Nothing here reads or writes a room: the views are
built from engine states in memory, and the sandbox (`ui.sandbox`) keeps
every click away from the rooms.

Opened as `?entry=NAME&frame=1` it draws that one entry alone; that is
what the preview frames and the screenshot comparison load.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import streamlit as st

from oneword.classes.models import ClassSettings
from oneword.classes.service import ClassRoomView, ClassView
from oneword.engine import RoomView, map_view, view_for
from oneword.engine.versus.views import VersusCaptainView
from oneword.gallery import ENTRIES, Entry, Scene, built_view, find
from oneword.i18n import N_, _
from oneword.ui.actions import report
from oneword.ui.app import sandbox, theme
from oneword.ui.app.pages import PageName
from oneword.ui.app.routing import page_for
from oneword.ui.app.session import Identity
from oneword.ui.screens import (
    board,
    captain,
    class_page,
    just_one,
    lobby,
    one_device,
    results,
    watch,
)
from oneword.ui.screens.gallery.frames import PRESETS, THEMES, frame_url, frames_html
from oneword.ui.screens.one_device.setup import DRAFT, set_draft
from oneword.ui.screens.one_device.setup import Entry as TableEntry
from oneword.ui.text import escape_html, plain

CODE = "GALLERY"
"""The sample rooms' code: never a real one (real codes have no vowels)."""
SEAT = Identity(CODE, "gallery")
_BUILT = "gallery_built"
SCREENS: dict[PageName, Callable[[Identity, RoomView], None]] = {
    "lobby": lobby.show,
    "captain": captain.show,
    "board": board.show,
    "just_one": just_one.show,
    "results": results.show,
}
PRESET_LABELS = {"phone": N_("Phone"), "laptop": N_("Laptop"), "projector": N_("Projector")}
THEME_LABELS = {"app": N_("As the browser picks"), "light": N_("Light"), "dark": N_("Dark")}


def built(entry: Entry) -> tuple[Scene, RoomView | None]:
    """The entry's scene and view, built once per session: a timer keeps
    counting from when the entry was first opened, as in a real room."""
    kept = st.session_state.setdefault(_BUILT, {})
    if entry.name not in kept:
        scene = entry.build(time.time())
        kept[entry.name] = (scene, built_view(scene))
    found: tuple[Scene, RoomView | None] = kept[entry.name]
    return found


def sample_class(scene: Scene) -> ClassView:
    """A class page's class from the scene's rooms, each room's players
    its students; the scene's `waiting` have no seat yet."""
    states = [state for state in (scene.room, *scene.more_rooms) if state is not None]
    rooms = []
    for number, state in enumerate(states, start=1):
        view = view_for(state, None)
        code = f"ROOM{number}"
        rooms.append(ClassRoomView(code, [m.name for m in view.players()], view))
    names = [name for room in rooms for name in room.students] + scene.waiting
    return ClassView(CODE, "Ms Reed", names, scene.waiting, rooms, ClassSettings())


def _table_setup(scene: Scene) -> None:
    """O-1 before there is a room: the setup with the scene's names typed in."""
    if DRAFT not in st.session_state:
        set_draft([TableEntry(name, team, captain) for name, team, captain in scene.table])
    one_device.setup()


def _one_device(scene: Scene, view: RoomView) -> None:
    game = view.game
    room = scene.room
    if scene.map_shown and game is not None and game.turn is not None:
        st.session_state[one_device.MAP_SHOWN] = (CODE, game.turn.number)
    map_of: Callable[[], VersusCaptainView] | None = None
    if room is not None:
        map_of = lambda: map_view(room)  # noqa: E731
    one_device.show(SEAT, view, map_of=map_of)


def draw(scene: Scene, view: RoomView | None) -> None:
    """The page the scene's seat would be on, drawn by that page's screen."""
    sandbox.enter()
    if scene.refusal is not None:
        report(*scene.refusal)
    if scene.screen == "one_device_setup" or view is None:
        _table_setup(scene)
    elif scene.screen == "watch":
        watch.watch_css()
        watch.show(CODE, view)
    elif scene.screen == "class_page":
        whole = sample_class(scene)
        watch.watch_css()
        class_page.teacher_page(whole.code, "gallery", lambda: whole)
    elif view.settings.one_device:
        _one_device(scene, view)
    else:
        SCREENS[page_for(view)](SEAT, view)


def frame(name: str) -> None:
    """One entry alone, as its page shows it."""
    entry = find(name)
    if entry is None:
        st.warning(_("There is no gallery entry of that name."))
        return
    scene, view = built(entry)
    draw(scene, view)


def _swatches() -> None:
    """The app's theme: Streamlit's `[theme]` and the app's own colours."""
    settings = theme.streamlit_theme()
    pairs = ", ".join(f"{k} = {v}" for k, v in settings.items())
    template = _("Streamlit [theme] in .streamlit/config.toml: {values}")
    st.text(plain(template, values=pairs or _("Streamlit's defaults")))
    cells = "".join(
        f'<div style="display:flex;gap:8px;align-items:center"><span style="display:inline-block;'
        f'width:28px;height:18px;border:1px solid #8a8a8a;background:{colour}"></span>'
        f"<code>{escape_html(name)}: {colour}</code></div>"
        for name, colour in theme.variables().items()
    )
    st.html(
        '<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));'
        f'gap:4px">{cells}</div>'
    )
    st.caption(_("The app's own colours, from oneword/ui/app/theme.css."))


def chooser() -> None:
    """Pick an entry and a theme; see it at the three sizes side by side."""
    st.title(_("Gallery"), anchor=False)
    st.caption(
        _(
            "Every page as a seat sees it, from sample rooms built in memory. "
            "Nothing here reaches a room."
        )
    )
    names = list(ENTRIES)
    asked = st.query_params.get("entry")
    chosen = st.selectbox(
        _("Entry"),
        names,
        index=names.index(asked) if asked in ENTRIES else 0,
        format_func=lambda n: _(ENTRIES[n].title),
        key="gallery-entry",
    )
    st.query_params["entry"] = chosen
    entry = ENTRIES[chosen]
    st.text(_(entry.description))
    st.caption(plain(_("Rules shown: {rules}"), rules=", ".join(entry.rules)))
    bar = st.container(horizontal=True)
    shade = bar.radio(
        _("Theme"),
        list(THEMES),
        format_func=lambda t: _(THEME_LABELS[t]),
        horizontal=True,
        key="gallery-theme",
    )
    height = bar.select_slider(
        _("Preview height"), [240, 300, 420, 540], value=300, key="gallery-height"
    )
    # The registry's own names only reach this HTML, never the typed query.
    labels = {name: _(label) for name, label in PRESET_LABELS.items()}
    st.iframe(frames_html(chosen, shade, height, labels), height=height + 48)
    st.caption(plain(_("One frame alone: {url}"), url=frame_url(chosen, shade)))
    with st.expander(_("The app's theme")):
        _swatches()


def show() -> None:
    """The gallery, or one entry alone in a preview frame."""
    name = st.query_params.get("entry")
    if st.query_params.get("frame") == "1" and name:
        frame(name)
    else:
        chooser()


__all__ = ["PRESETS", "show"]

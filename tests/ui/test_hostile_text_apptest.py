"""Names are shown to every other player: through the pages, each one
reaches Markdown only escaped, and a right-to-left name is isolated in the
lines it stands in (docs/design.md, "Identity and safety")."""

from __future__ import annotations

import time
from pathlib import Path

from apptest_helpers import (
    APP,
    button,
    create_room,
    join_room,
    member_id,
    open_page,
    room_state,
    shown,
    texts,
    titles,
)
from streamlit.testing.v1 import AppTest

from oneword.classes.models import ClassSettings
from oneword.classes.service import ClassService
from oneword.engine.versus.state import VersusGame
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store
from oneword.ui.text import FSI, PDI

LINK = "[l](http://e.v)"
COLOUR = "**b** :red[x]"
MATHS = "$x^2$ www.e.co"
RTL = "שלום 12"
NAMES = [LINK, COLOUR, MATHS, RTL]


def markdown_bodies(app: AppTest) -> list[str]:
    """Everything on the page that Streamlit reads as Markdown."""
    bodies = [
        element.value
        for kind in ("error", "warning", "info", "success", "caption", "markdown", "toast")
        for element in app.get(kind)
    ]
    bodies += [t.value for t in app.title] + [s.value for s in app.subheader]
    for found in app.button:
        bodies += [found.label, found.help or ""]
    return bodies


def check_escaped(app: AppTest) -> None:
    for body in markdown_bodies(app):
        for name in NAMES[:3]:
            assert name not in body, f"{name!r} reaches Markdown as it is: {body!r}"


def test_names_reach_markdown_only_escaped_and_rtl_names_are_isolated(db_path: Path) -> None:
    host, code = create_room(LINK)
    guests = [join_room(code, name) for name in NAMES[1:]]
    players = [host, *guests]
    assert [m.name for m in room_state(db_path, code).members] == NAMES
    for app in players:
        app.run()
        assert titles(app) == [f"Room {code}"]
        check_escaped(app)
    guest_lines = texts(players[1])
    assert any(f"· {FSI}{RTL}{PDI}" in line for line in guest_lines), "the name is isolated"
    host_menus = [block.proto.popover.label for block in host.get("popover")]
    assert any(f"{FSI}{RTL}{PDI}" in label for label in host_menus), "in the host's menus too"
    assert any(f"Waiting for the host ({LINK})" in line for line in texts(guests[0]))

    button(host, "Start game").click().run()
    for app in players:
        app.run()
    game = room_state(db_path, code).game
    assert isinstance(game, VersusGame) and game.turn is not None
    giver = game.turn.giver_id
    ids = {member_id(app, db_path): app for app in players}
    pauser = next(app for mid, app in ids.items() if mid != giver)
    button(pauser, "Pause").click().run()
    pauser_name = next(m.name for m in room_state(db_path, code).members if ids[m.id] is pauser)
    for app in players:
        app.run()
        check_escaped(app)
        assert any(f"Paused by {pauser_name}" in shown(w.value) for w in app.warning)
    button(pauser, "Resume").click().run()

    # The clue giver goes quiet: everyone is told, by name.
    with Store(db_path).write() as tx:
        tx.touch(code, giver, time.time() - 60)
    giver_name = next(m.name for m in room_state(db_path, code).members if m.id == giver)
    watcher = next(app for mid, app in ids.items() if mid != giver)
    watcher.run()
    check_escaped(watcher)
    assert any(f"{giver_name} lost connection" in shown(w.value) for w in watcher.warning)


def test_a_class_list_of_such_names_reaches_markdown_only_escaped(db_path: Path) -> None:
    """A whole class: the students' name list (buttons) and the teacher's
    class page (rooms, who has no seat, the choice of rooms) escape them."""
    classes = ClassService(RoomService(Store(db_path)))
    made = classes.create("Ms Reed", "\n".join(NAMES), 1, ClassSettings())
    classes.join(made.code, LINK)
    student = open_page("class_page.py", **{"class": made.code})
    assert [b.label for b in student.button if not b.disabled]
    check_escaped(student)
    teacher = AppTest.from_file(str(APP))
    teacher.session_state["_ow_class_keys"] = {made.code: made.key}
    teacher.run()
    teacher.query_params["class"] = made.code
    teacher.switch_page("app_pages/class_page.py").run()
    assert any("Start every room" in b.label for b in teacher.button), "the teacher's page"
    check_escaped(teacher)
    for body in markdown_bodies(teacher) + [s.label for s in teacher.selectbox]:
        for name in NAMES[:3]:
            assert name not in body, body

"""The gallery (P-7 for designers): every registered entry builds from engine
actions and renders through the real page code, and nothing of it reaches
the rooms database."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from apptest_helpers import APP, button, create_room, open_app, open_page, shown, titles
from streamlit.testing.v1 import AppTest

from oneword.gallery import ENTRIES, built_view
from oneword.ui.app import sandbox
from oneword.ui.screens.gallery.frames import PRESETS, frame_url, frames_html
from oneword.ui.text import escape_html

SAFETY_NET = "Something went wrong on this page"
RULE_ID = re.compile(r"[A-Z]-\d{1,2}")


def _frame(name: str) -> AppTest:
    return open_page("gallery.py", entry=name, frame="1")


def _problems(app: AppTest) -> list[str]:
    """Tracebacks, and the router's safety net (which catches any error)."""
    return [str(e.value) for e in app.exception] + [
        e.value for e in app.error if SAFETY_NET in e.value
    ]


@pytest.mark.parametrize("name", list(ENTRIES))
def test_P_7_every_gallery_entry_builds_and_renders(name: str, db_path: Path) -> None:
    app = _frame(name)
    assert not _problems(app), _problems(app)
    assert len(app.main.children) >= 2, "the entry drew next to nothing"


def test_every_entry_names_rules_and_builds_a_view_for_its_seat() -> None:
    for name, entry in ENTRIES.items():
        assert re.fullmatch(r"[a-z0-9-]+", name), name
        assert entry.rules and all(RULE_ID.fullmatch(rule) for rule in entry.rules), name
        scene = entry.build(1_000_000.0)
        view = built_view(scene)
        if scene.screen == "one_device_setup":
            assert view is None and scene.table
        elif scene.seat is None:
            assert view is not None and view.you is None, name
        else:
            assert view is not None and view.you is not None, f"{name}: the seat is no member"


def test_the_refusal_entries_show_the_engine_s_own_message(db_path: Path) -> None:
    """C-6, G-9: the refused clue says which rule it broke, where the
    captain acted."""
    app = _frame("captain-refusal")
    errors = [shown(e.value) for e in app.error]
    assert any("on the board" in e and "pick another clue" in e for e in errors), errors


def test_a_click_in_the_gallery_changes_nothing_and_says_so(db_path: Path) -> None:
    app = _frame("lobby-host")
    lines_before = [t.value for t in app.text]
    button(app, "Shuffle teams").click().run()
    assert not _problems(app)
    assert [shown(e.value) for e in app.error] == [sandbox.MESSAGE]
    assert [t.value for t in app.text] == lines_before
    button(app, "Leave room").click().run()
    assert titles(app) == ["Room GALLERY"], "a page switch left the gallery"


def _fingerprint(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_the_gallery_never_touches_the_rooms_database(db_path: Path) -> None:
    create_room("Ada")  # the file exists, with a room in it
    before = _fingerprint(db_path.parent)
    app = open_page("gallery.py")
    assert titles(app) == ["Gallery"]
    for name in ENTRIES:
        app.query_params.update({"entry": name, "frame": "1"})
        app.run()
        assert not _problems(app), name
    host = _frame("lobby-host")
    for label in ("Start game", "Shuffle teams", "Leave room"):
        button(host, label).click().run()
        assert not _problems(host), label
    assert _fingerprint(db_path.parent) == before


def test_a_page_opened_after_the_gallery_plays_for_real(db_path: Path) -> None:
    """The sandbox ends with the gallery: the router leaves it on every run."""
    app = open_page("gallery.py", entry="lobby-host", frame="1")
    assert app.session_state["gallery_sandbox"]
    app.switch_page("app_pages/home.py").run()
    assert "gallery_sandbox" not in app.session_state


def test_home_leads_to_the_gallery(db_path: Path) -> None:
    app = open_app()
    button(app, "Open the gallery").click().run()
    assert titles(app) == ["Gallery"]


def test_the_frames_show_each_preset_at_its_own_size() -> None:
    html = frames_html("lobby-host", "dark", 300, {p.name: p.name.title() for p in PRESETS})
    for preset in PRESETS:
        assert f"width:{preset.width}px;height:{preset.height}px" in html
    assert html.count(escape_html(frame_url("lobby-host", "dark"))) == 2 * len(PRESETS)
    assert "embed_options=dark_theme" in frame_url("lobby-host", "dark")
    assert "embed_options" not in frame_url("lobby-host", "app")


def test_the_theme_is_read_from_its_two_files() -> None:
    """config.toml's light and dark variants, and every colour of theme.css;
    the cards' colours come from that one file."""
    from oneword.engine import Colour
    from oneword.ui import symbols
    from oneword.ui.app import theme

    settings = theme.streamlit_theme()
    assert {"light.primaryColor", "dark.primaryColor"} <= set(settings)
    colours = theme.variables()
    for colour in Colour:
        assert symbols.BACKGROUND[colour] == colours[f"--ow-{colour.value}"]
        assert symbols.TINT[colour] == colours[f"--ow-{colour.value}-tint"]
    assert all(re.fullmatch(r"#[0-9a-f]{6}", value) for value in colours.values())


def test_the_gallery_speaks_the_player_s_language(db_path: Path) -> None:
    app = AppTest.from_file(str(APP), default_timeout=20)
    app.session_state["ui_language"] = "de"
    app.run()
    app.switch_page("app_pages/gallery.py").run()
    assert titles(app) == ["Galerie"]
    assert app.selectbox(key="gallery-entry").value == "lobby-host"
    assert "Die Lobby des Gastgebers" in " ".join(t.value for t in app.text)
    frame = _frame_de("lobby-host")
    frame.button[0].click().run()  # the host's Start
    assert [shown(e.value) for e in frame.error] == [
        "Das ist die Galerie: nichts wurde an einen Raum geschickt."
    ]


def _frame_de(name: str) -> AppTest:
    app = AppTest.from_file(str(APP), default_timeout=20)
    app.session_state["ui_language"] = "de"
    app.run()
    app.query_params.update({"entry": name, "frame": "1"})
    app.switch_page("app_pages/gallery.py").run()
    return app


def test_K_2_the_codewords_entries_show_the_lock_the_volunteers_and_the_bonus_question(
    db_path: Path,
) -> None:
    locked = _frame("lobby-codewords-locked")
    labels = [b.label for b in locked.button]
    assert "Back to picking sides" in labels, labels
    lines = [block.proto.popover.label for block in locked.get("popover")]
    assert any("Robo" in line and "(will give the clues)" in line for line in lines), lines
    bonus = _frame("codewords-bonus")
    assert {"Yes, one more", "No, end turn"} <= {b.label for b in bonus.button}

"""Every page of the app, declared once: its script, URL path, title and
icon. The router hands them to `st.navigation`, `routing.go` switches to
them, and the join link strips their URL paths, all from this table.

The scripts live in `app_pages/`, beside `streamlit_app.py`. Not in
`pages/`: Streamlit runs a folder of that name on its own (its older
multipage mode) until `st.navigation` has run once in the server process,
so on a fresh server a deep link would skip the router, its layout and its
safety net.

The `st.Page` values are built on each script run from this table, never
kept between runs: `st.navigation` marks the page it picks as runnable on
the `Page` object itself and `Page.run` clears the mark, so one set shared
by every session's thread would let one player's run clear the mark
another's is about to use; and a `Page` made outside a script run (a
module imported by a test) is an empty shell. Building them all is a few
file checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import streamlit as st

from oneword.i18n import N_, _, current_language

PageName = Literal[
    "home",
    "lobby",
    "captain",
    "board",
    "just_one",
    "results",
    "watch",
    "one_device",
    "profile",
    "gallery",
    "class_page",
]

FOLDER = "app_pages"
"""The scripts' folder, relative to `streamlit_app.py`."""


@dataclass(frozen=True)
class PageSpec:
    script: str
    url_path: str
    title: str
    icon: str


APP_ICON = Path(__file__).resolve().parents[2] / "jupyter" / "oneword.svg"
"""The tab's icon: the Jupyter launcher's, shipped in the package. Streamlit
sends an SVG file to the browser inline, so the icon needs no request at
all (a Material icon here would be fetched from a font CDN: no good
offline)."""

HOME: PageName = "home"
"""The default page, served at the app's root URL."""

PAGES: dict[PageName, PageSpec] = {
    "home": PageSpec("home.py", "home", N_("Home"), ":material/home:"),
    "lobby": PageSpec("lobby.py", "lobby", N_("Lobby"), ":material/groups:"),
    "captain": PageSpec("captain.py", "captain", N_("Captain"), ":material/map:"),
    "board": PageSpec("board.py", "board", N_("Board"), ":material/grid_view:"),
    "just_one": PageSpec("just_one.py", "just-one", N_("Just One"), ":material/lightbulb:"),
    "results": PageSpec("results.py", "results", N_("Results"), ":material/flag:"),
    "watch": PageSpec("watch.py", "watch", N_("Watch"), ":material/tv:"),
    "one_device": PageSpec("one_device.py", "one-device", N_("One device"), ":material/devices:"),
    "profile": PageSpec("profile.py", "profile", N_("Profile"), ":material/person:"),
    "gallery": PageSpec("gallery.py", "gallery", N_("Gallery"), ":material/photo_library:"),
    "class_page": PageSpec("class_page.py", "class", N_("Class"), ":material/school:"),
}

URL_PATHS = frozenset(spec.url_path for name, spec in PAGES.items() if name != HOME)
"""The last segment of a page's URL, for every page not at the root."""


def page(name: PageName) -> st.Page:
    """This run's `st.Page` for `name` (call it inside a script run)."""
    spec = PAGES[name]
    return st.Page(
        f"{FOLDER}/{spec.script}",
        title=_(spec.title),
        icon=spec.icon,
        url_path=spec.url_path,
        default=name == HOME,
    )


_SESSION_PAGES = "_ow_pages"


def all_pages() -> list[st.Page]:
    """Every page, made once per session and language and kept: every run
    of every tab needs them, and making ten `st.Page`s (paths checked,
    icons validated, usage counted) took about a tenth of a busy server's
    time (docs/design.md, "Refresh and the database")."""
    language = current_language()
    kept = st.session_state.get(_SESSION_PAGES)
    if kept is None or kept[0] != language:
        kept = (language, [page(name) for name in PAGES])
        st.session_state[_SESSION_PAGES] = kept
    return list(kept[1])

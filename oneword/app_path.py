"""Where the Streamlit entry point is, for launchers that start the app from
somewhere other than the repository root (the Jupyter proxy, a notebook).

`streamlit run` needs a file path, and the router finds its pages relative
to that file, so a launcher must point at the real `streamlit_app.py` with
`app_pages/` beside it. It is the file named by the `ONEWORD_APP` environment
variable when set; else a copy inside the installed package
(`oneword/_app/`, when the wheel carries one), else the one in a checkout or
editable install, next to the `oneword/` folder.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_ENV = "ONEWORD_APP"
APP_FILE = "streamlit_app.py"


def app_script() -> Path:
    """The router file to hand to `streamlit run`.

    A set `ONEWORD_APP` is the only place looked at: a wrong setting is
    reported, not silently replaced. Raises FileNotFoundError naming the
    places looked at, so a launcher fails with a message that says what to
    set instead of a blank page.
    """
    override = os.environ.get(APP_ENV, "").strip()
    here = Path(__file__).resolve().parent
    candidates = [here / "_app" / APP_FILE, here.parent / APP_FILE]
    if override:
        candidates = [Path(override).expanduser().resolve()]
    for path in candidates:
        if path.is_file():
            return path
    looked = ", ".join(str(p) for p in candidates)
    raise FileNotFoundError(
        f"The In One Word app ({APP_FILE}) was not found (looked at {looked}). "
        f"Set {APP_ENV} to its path, e.g. in a checkout of the repository."
    )

"""Run the app inside JupyterLab and JupyterHub (H-3).

`setup_streamlit` is the package's `jupyter_serverproxy_servers` entry
point: jupyter-server-proxy calls it when the Jupyter server starts, shows
an "In One Word" tile in the launcher, and starts `streamlit run` the first
time someone opens `{base_url}oneword/`, proxying HTTP and the WebSocket
behind Jupyter's own login.

Streamlit must know the full URL prefix (`--server.baseUrlPath`), because
its pages build their links and WebSocket address from it; so the proxy
passes the whole path through (`absolute_url`) instead of stripping it.

Rooms live in one SQLite file in WAL mode, which needs a local disk: a
network home folder (common on JupyterHub) breaks WAL's shared memory. So
unless `ONEWORD_DB` is set, the app and notebooks use a private folder
under the system's temporary directory.

Nothing here imports Jupyter: the module only builds plain values, so it is
cheap to load and easy to test.
"""

from __future__ import annotations

import getpass
import os
import stat
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from oneword.app_path import app_script
from oneword.config import DB_ENV

NAME = "oneword"
"""The entry point's name, which is also the URL path under Jupyter's base url."""

TITLE = "In One Word"
ICON = Path(__file__).resolve().with_name("oneword.svg")

START_TIMEOUT = 60.0
"""Seconds the proxy waits for Streamlit to answer: a cold start on a busy
hub (importing Streamlit, pydantic and the engine) can take well over the
proxy's 5 s default."""

DB_FILE = "oneword.sqlite3"


def setup_streamlit() -> dict[str, Any]:
    """The jupyter-server-proxy configuration of the app.

    `{port}` and `{base_url}` are filled in by the proxy; every other value
    is escaped, since the proxy runs each string through `str.format`.

    Without the app file there is no launcher tile, and opening the URL
    shows the proxy's error while the Jupyter log says what to set. It
    does not raise: some proxy versions then fail to load every other
    proxied server too.
    """
    try:
        app = app_script()
    except FileNotFoundError as missing:
        explain = f"import sys; sys.exit({str(missing)!r})"
        return {
            "command": [_literal(sys.executable), "-c", _literal(explain)],
            "launcher_entry": {"enabled": False},
        }
    command = [_literal(arg) for arg in streamlit_args(app)]
    command += ["--server.port={port}", f"--server.baseUrlPath={{base_url}}{NAME}"]
    return {
        "command": command,
        "environment": _environment,
        "timeout": START_TIMEOUT,
        "absolute_url": True,
        "new_browser_tab": True,
        "launcher_entry": {"enabled": True, "title": TITLE, "icon_path": str(ICON)},
    }


def streamlit_args(app: Path) -> list[str]:
    """`streamlit run` for the app, all but the port and the URL prefix.

    It listens on loopback only, so players can reach it only through the
    authenticated proxy; the file watcher is off because a served game does
    not reload on edits. Settings from the app's `.streamlit/config.toml`
    are passed as flags, since Streamlit reads that file only from the
    working directory, which the proxy leaves where Jupyter started.
    """
    return [
        sys.executable, "-m", "streamlit", "run", str(app),
        *config_flags(app.parent),
        "--server.address=127.0.0.1",
        "--server.headless=true",
        "--server.fileWatcherType=none",
        "--browser.gatherUsageStats=false",
    ]  # fmt: skip


def config_flags(app_dir: Path) -> list[str]:
    """`--section.option=value` for each setting in `.streamlit/config.toml`
    (none when the file is missing or broken: the app runs on defaults)."""
    try:
        settings = tomllib.loads((app_dir / ".streamlit" / "config.toml").read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return []
    return [f"--{key}={value}" for key, value in _flatten(settings, "")]


def _flatten(table: dict[str, Any], prefix: str) -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        elif isinstance(value, list):
            yield from ((prefix + key, _flag(item)) for item in value)
        else:
            yield prefix + key, _flag(value)


def _flag(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _literal(text: str) -> str:
    """Protect braces from the proxy's `str.format` templating."""
    return text.replace("{", "{{").replace("}", "}}")


def _environment() -> dict[str, str]:
    """Called by the proxy just before it starts the app, so the private
    folder is created only when someone opens the app."""
    return {DB_ENV: _literal(str(jupyter_db_path()))}


def jupyter_db_path() -> Path:
    """The rooms file shared by the proxied app and notebooks.

    `ONEWORD_DB` when set (made absolute, so a notebook and the app agree
    whatever their working folders), else `oneword.sqlite3` in a private
    folder on local disk (`local_data_dir`).
    """
    raw = os.environ.get(DB_ENV, "").strip()
    if raw:
        return Path(raw).expanduser().resolve()
    return local_data_dir() / DB_FILE


def local_data_dir() -> Path:
    """`<tmp>/oneword-<user>/`, created readable by its owner only.

    On a machine shared by several hub users, another user could create
    that folder first (or a symlink named like it) to read or plant rooms;
    if it is not a real folder owned by us, a fresh private folder is used
    instead, at the cost of starting with no rooms.
    """
    folder = Path(tempfile.gettempdir()) / f"oneword-{_user()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = folder.lstat()
    except OSError:
        return Path(tempfile.mkdtemp(prefix="oneword-"))
    mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
    if not stat.S_ISDIR(info.st_mode) or not mine:
        return Path(tempfile.mkdtemp(prefix="oneword-"))
    return folder


def _user() -> str:
    """The login name, which containers without a passwd entry may lack."""
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = str(os.getuid()) if hasattr(os, "getuid") else "user"
    return "".join(c for c in name if c.isalnum() or c in "-_.") or "user"

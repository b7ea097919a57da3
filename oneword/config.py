"""Settings read from the environment (H-1, H-2): where the rooms live and
how long presence and old rooms last.

The database is a PostgreSQL URL when one is set (H-4): the
`ONEWORD_DATABASE_URL` environment variable, then `oneword_database_url`
in Streamlit secrets (rooms that survive a Community Cloud reboot, H-2).
Otherwise it is the SQLite file whose path is looked up in order: the
`ONEWORD_DB` environment variable (tests, the e2e server, Jupyter), then
`oneword_db` in Streamlit secrets, then `./data/oneword.sqlite3`. Streamlit
is only asked when it is already imported or a secrets file exists, so a
notebook or a test never pays for importing it and a missing secrets file
never crashes the app.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DB_ENV = "ONEWORD_DB"
DB_SECRET = "oneword_db"
DEFAULT_DB = Path("data") / "oneword.sqlite3"
URL_ENV = "ONEWORD_DATABASE_URL"
URL_SECRET = "oneword_database_url"
URL_SCHEMES = ("postgresql://", "postgres://")

PUBLIC_URL_ENV = "ONEWORD_PUBLIC_URL"
PUBLIC_URL_SECRET = "public_url"

TRUSTED_PROXIES_ENV = "ONEWORD_TRUSTED_PROXIES"
TRUSTED_PROXIES_SECRET = "trusted_proxies"

POOL_SIZE = 10
"""Connections each app server keeps to PostgreSQL at most; a call holds
one for a few milliseconds, so ten serve a server's every page."""

POLL_EVERY = 1.0
"""Seconds between two polls of an open page (its heartbeat)."""

PRESENCE_TIMEOUT = 15.0
"""Seconds without a heartbeat after which a player counts as disconnected
(the engine's X-4, X-5, X-6, X-7 waits and G-7's host timers start then)."""

HEARTBEAT_EVERY = 3.0
"""A poll writes `last_seen` at most this often per player, so 30 polling
pages do not queue 30 writes a second; well below PRESENCE_TIMEOUT."""

CLEANUP_ENV = "ONEWORD_CLEANUP_AFTER"
DEFAULT_CLEANUP_AFTER = 24 * 3600.0
"""Finished rooms, and rooms where nobody is connected, are deleted after
this many seconds (override with `ONEWORD_CLEANUP_AFTER`)."""

CLEANUP_BATCH = 100
"""Expired rooms found and deleted at a time, the longest expired first,
so one cleanup is short however many rooms the server keeps."""

CLEANUP_EVERY = 60.0
"""A room creation cleans up at most this often per server process."""

BUSY_TIMEOUT = 2.0
"""Seconds a move waits for another writer before the player is told the
server is busy. A write holds the lock for milliseconds, so under normal
contention nothing waits near this long (benchmarks/bench_contention.py);
only a stuck writer does, and then a clear message soon beats a frozen
button."""

QUICK_WAIT = 0.05
"""Seconds a write that may be skipped waits for another writer: a poll's
heartbeat or timer check that meets a lock is simply not written this
second, so one stuck writer never holds every page's refresh."""

ALIVE_EVERY = 2.0
"""A service process notes "alive" in the store at most this often, while
it has calls to serve."""

SERVER_AWAY_AFTER = 10.0
"""Seconds without any sign of life in the whole store after which the
server counts as having been away (X-8): every room's clocks stand still
for that time. Below PRESENCE_TIMEOUT - HEARTBEAT_EVERY, so a gap long
enough to make a connected player look silent is always seen first."""

_SECRETS_FILES = (Path(".streamlit") / "secrets.toml", Path.home() / ".streamlit" / "secrets.toml")


def database_path() -> Path:
    """The SQLite file for rooms; its folder is created if missing."""
    path = _env_path() or _secret_path() or DEFAULT_DB
    path = path.expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def database_url() -> str | None:
    """The PostgreSQL URL to keep rooms in, or None for the SQLite file.

    A value that is not a PostgreSQL URL is refused with a clear message
    rather than quietly falling back to a local file another server
    would not see.
    """
    raw = os.environ.get(URL_ENV, "").strip() or _secret(URL_SECRET)
    if not raw:
        return None
    if not raw.startswith(URL_SCHEMES):
        raise ValueError(f"{URL_ENV} must start with postgresql:// (got another scheme)")
    return raw


def public_url() -> str | None:
    """The app's public address for join links and QR codes, when the
    address a browser reached is not the one to share (H-2: on Community
    Cloud the app runs in a frame at an inner address). `ONEWORD_PUBLIC_URL`,
    else `public_url` in Streamlit secrets; only http(s) addresses count,
    ending in "/" so page paths and queries can follow."""
    raw = os.environ.get(PUBLIC_URL_ENV, "").strip() or _secret(PUBLIC_URL_SECRET)
    if not raw.startswith(("https://", "http://")):
        return None
    return raw.split("?", 1)[0].split("#", 1)[0].rstrip("/") + "/"


def trusted_proxies() -> str:
    """The reverse proxies whose `X-Forwarded-For` names the player (L-8,
    docs/deploy.md), as written: `ONEWORD_TRUSTED_PROXIES`, else
    `trusted_proxies` in Streamlit secrets; addresses or networks
    ("127.0.0.1, 10.0.0.0/8"). Empty by default: no proxy is trusted."""
    return os.environ.get(TRUSTED_PROXIES_ENV, "").strip() or _secret(TRUSTED_PROXIES_SECRET)


def cleanup_after() -> float:
    """Seconds before an idle or finished room may be deleted."""
    raw = os.environ.get(CLEANUP_ENV, "").strip()
    try:
        value = float(raw) if raw else DEFAULT_CLEANUP_AFTER
    except ValueError:
        return DEFAULT_CLEANUP_AFTER
    return value if value > 0 else DEFAULT_CLEANUP_AFTER


def _env_path() -> Path | None:
    raw = os.environ.get(DB_ENV, "").strip()
    return Path(raw) if raw else None


def _secret_path() -> Path | None:
    value = _secret(DB_SECRET)
    return Path(value) if value else None


def _secret(key: str) -> str:
    """`key` from Streamlit secrets, or "" when there are none.

    Any failure (no file, a broken file, Streamlit missing) means "not set":
    a settings lookup must never stop the app from starting.
    """
    if "streamlit" not in sys.modules and not any(p.is_file() for p in _SECRETS_FILES):
        return ""
    try:
        import streamlit as st

        if not st.secrets.load_if_toml_exists():
            return ""
        value = st.secrets.get(key)
    except Exception:
        return ""
    return str(value).strip() if value else ""

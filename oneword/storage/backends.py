"""Which database keeps the rooms: the settings pick the backend (H-1, H-4).

With no database URL set, the rooms live in the local SQLite file, as they
always did: nothing to install or run. A `postgresql://` URL puts them in
PostgreSQL, where several app servers behind a load balancer share them.
The room service is the same either way (`protocol`).
"""

from __future__ import annotations

import os
from pathlib import Path

from oneword.config import database_path, database_url
from oneword.storage.protocol import RoomStore


def open_store(
    url: str | None = None, sqlite_path: str | os.PathLike[str] | None = None
) -> RoomStore:
    """The store the settings name: `url` (else the `ONEWORD_DATABASE_URL`
    setting) for PostgreSQL, else the SQLite file at `sqlite_path` (else
    the configured path). PostgreSQL's driver is only imported when used."""
    url = url or database_url()
    if url:
        from oneword.storage.pg_store import PgStore

        return PgStore(url)
    from oneword.storage.sqlite_store import Store

    return Store(Path(sqlite_path) if sqlite_path is not None else database_path())

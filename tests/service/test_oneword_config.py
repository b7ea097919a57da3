"""Settings (H-1, H-2, H-4): where the database lives, presence and cleanup."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest

from oneword import config


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(config.DB_ENV, raising=False)
    monkeypatch.delenv(config.CLEANUP_ENV, raising=False)
    monkeypatch.delenv(config.URL_ENV, raising=False)
    monkeypatch.delenv(config.PUBLIC_URL_ENV, raising=False)
    monkeypatch.chdir(tmp_path)


def fake_streamlit(monkeypatch: pytest.MonkeyPatch, secrets: object) -> None:
    module = types.ModuleType("streamlit")
    module.secrets = secrets  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "streamlit", module)


class Secrets(dict[str, str]):
    def __init__(self, found: bool, **values: str) -> None:
        super().__init__(values)
        self.found = found

    def load_if_toml_exists(self) -> bool:
        return self.found


def test_the_environment_variable_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(config.DB_ENV, str(tmp_path / "a" / "b.sqlite3"))
    fake_streamlit(monkeypatch, Secrets(True, oneword_db="ignored.sqlite3"))
    assert config.database_path() == tmp_path / "a" / "b.sqlite3"
    assert (tmp_path / "a").is_dir()


def test_streamlit_secrets_come_next(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_streamlit(monkeypatch, Secrets(True, oneword_db="from/secrets.sqlite3"))
    assert config.database_path() == Path("from/secrets.sqlite3")


def test_the_default_is_a_local_file_in_a_created_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    fake_streamlit(monkeypatch, Secrets(False))
    assert config.database_path() == Path("data/oneword.sqlite3")
    assert (tmp_path / "data").is_dir()


def test_broken_secrets_never_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def load_if_toml_exists(self) -> bool:
            raise FileNotFoundError("no secrets")

    fake_streamlit(monkeypatch, Broken())
    assert config.database_path() == config.DEFAULT_DB


def test_real_streamlit_without_a_secrets_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import streamlit
    from streamlit.runtime.secrets import Secrets

    # A fresh Secrets object looks in the (empty) working folder and home.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(streamlit, "secrets", Secrets())
    assert config.database_path() == config.DEFAULT_DB


def test_without_streamlit_loaded_secrets_are_not_imported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delitem(sys.modules, "streamlit", raising=False)
    monkeypatch.setattr(config, "_SECRETS_FILES", (tmp_path / "secrets.toml",))
    assert config.database_path() == config.DEFAULT_DB
    assert "streamlit" not in sys.modules


@pytest.mark.parametrize(("raw", "seconds"), [("", 86400.0), ("60", 60.0), ("soon", 86400.0)])
def test_cleanup_age(monkeypatch: pytest.MonkeyPatch, raw: str, seconds: float) -> None:
    monkeypatch.setenv(config.CLEANUP_ENV, raw)
    assert config.cleanup_after() == seconds


def test_presence_timeout_is_fifteen_seconds() -> None:
    assert config.PRESENCE_TIMEOUT == 15.0
    assert config.HEARTBEAT_EVERY < config.PRESENCE_TIMEOUT
    assert os.fspath(config.DEFAULT_DB) == os.path.join("data", "oneword.sqlite3")


def test_H4_no_database_url_means_the_local_sqlite_file(tmp_path: Path) -> None:
    from oneword.storage.backends import open_store
    from oneword.storage.sqlite_store import Store

    assert config.database_url() is None
    store = open_store()
    assert isinstance(store, Store)
    assert store.path == Path("data") / "oneword.sqlite3"


def test_H4_the_url_comes_from_the_environment_then_secrets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_streamlit(monkeypatch, Secrets(True, oneword_database_url="postgresql://cloud/db"))
    assert config.database_url() == "postgresql://cloud/db"
    monkeypatch.setenv(config.URL_ENV, " postgresql://env/db ")
    assert config.database_url() == "postgresql://env/db"


def test_H4_a_url_of_another_database_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never a quiet fall back to a local file other servers would not see."""
    monkeypatch.setenv(config.URL_ENV, "mysql://elsewhere/db")
    with pytest.raises(ValueError, match="postgresql://"):
        config.database_url()


def test_H4_a_postgresql_url_opens_the_postgresql_store(pg_url: str) -> None:
    from oneword.storage.backends import open_store
    from oneword.storage.pg_store import PgStore

    store = open_store(url=pg_url)
    try:
        assert isinstance(store, PgStore)
        with store.read() as tx:
            assert tx.room_row("ABCDE") is None
    finally:
        store.close()


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("", None),
        ("oneword.streamlit.app", None),
        ("javascript:alert(1)", None),
        ("https://oneword.streamlit.app", "https://oneword.streamlit.app/"),
        ("https://oneword.streamlit.app/?x=1#top", "https://oneword.streamlit.app/"),
        ("https://example.org/games/", "https://example.org/games/"),
    ],
)
def test_H2_the_public_url_setting(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: str | None
) -> None:
    monkeypatch.setenv(config.PUBLIC_URL_ENV, raw)
    assert config.public_url() == expected


def test_H2_join_links_carry_the_public_url_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """On Community Cloud the page runs at an inner address: the link to
    share is the app's public one, from the app's secrets."""
    from oneword.ui import links

    monkeypatch.setattr(
        config,
        "_secret",
        lambda key: "https://oneword.streamlit.app" if key == "public_url" else "",
    )
    assert links.join_link("BCDFG") == "https://oneword.streamlit.app/?join=BCDFG"

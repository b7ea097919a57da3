"""The jupyter-server-proxy entry (H-3): the command it runs, its start-up
timeout, the launcher tile and where the rooms file goes."""

from __future__ import annotations

import stat
import subprocess
import sys
import tempfile
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from oneword import jupyter
from oneword.app_path import APP_ENV, app_script
from oneword.config import DB_ENV

REPO = Path(__file__).resolve().parents[2]


def _render(value: str, port: int = 8765, base_url: str = "/user/ana/") -> str:
    """What jupyter-server-proxy does to each string before using it."""
    return value.format(port=port, base_url=base_url, unix_socket="")


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh system temporary folder and no ONEWORD_DB."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.delenv(DB_ENV, raising=False)
    return tmp_path


def test_entry_point_is_registered() -> None:
    found = {ep.name: ep.value for ep in entry_points(group="jupyter_serverproxy_servers")}
    assert found.get(jupyter.NAME) == "oneword.jupyter:setup_streamlit"


def test_command_runs_streamlit_behind_the_full_prefix() -> None:
    command = [_render(arg) for arg in jupyter.setup_streamlit()["command"]]
    assert command[:5] == [sys.executable, "-m", "streamlit", "run", str(REPO / "streamlit_app.py")]
    assert "--server.port=8765" in command
    assert "--server.baseUrlPath=/user/ana/oneword" in command
    assert "--server.headless=true" in command
    assert "--server.address=127.0.0.1" in command, "reachable only through the proxy"


def test_proxy_passes_the_full_path_and_waits_long_enough() -> None:
    config = jupyter.setup_streamlit()
    assert config["absolute_url"] is True
    assert 30 <= config["timeout"] <= 120


def test_launcher_entry_has_title_and_shipped_icon() -> None:
    entry = jupyter.setup_streamlit()["launcher_entry"]
    assert entry["enabled"] is True
    assert entry["title"] == "In One Word"
    icon = Path(entry["icon_path"])
    assert icon.is_file() and icon.parent == Path(jupyter.__file__).resolve().parent
    assert icon.read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_app_settings_file_becomes_flags() -> None:
    flags = jupyter.setup_streamlit()["command"]
    assert "--runner.postScriptGC=false" in flags


def test_config_flags_from_a_settings_file(tmp_path: Path) -> None:
    assert jupyter.config_flags(tmp_path) == []
    (tmp_path / ".streamlit").mkdir()
    (tmp_path / ".streamlit" / "config.toml").write_text(
        '[server]\nheadless = true\nmaxUploadSize = 5\n[theme]\nfont = "serif"\n'
        '[theme.sidebar]\nbase = "dark"\n',
        encoding="utf-8",
    )
    assert jupyter.config_flags(tmp_path) == [
        "--server.headless=true",
        "--server.maxUploadSize=5",
        "--theme.font=serif",
        "--theme.sidebar.base=dark",
    ]
    (tmp_path / ".streamlit" / "config.toml").write_text("[server\n", encoding="utf-8")
    assert jupyter.config_flags(tmp_path) == []


def test_braces_in_paths_survive_the_proxy_templating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = tmp_path / "{odd}" / "streamlit_app.py"
    app.parent.mkdir()
    app.write_text("", encoding="utf-8")
    monkeypatch.setenv(APP_ENV, str(app))
    monkeypatch.setenv(DB_ENV, str(tmp_path / "{odd}" / "rooms.sqlite3"))
    config = jupyter.setup_streamlit()
    assert _render(config["command"][4]) == str(app)
    env = {k: _render(v) for k, v in config["environment"]().items()}
    assert env == {DB_ENV: str(tmp_path / "{odd}" / "rooms.sqlite3")}


def test_environment_keeps_a_set_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DB_ENV, str(tmp_path / "mine.sqlite3"))
    assert jupyter.setup_streamlit()["environment"]() == {DB_ENV: str(tmp_path / "mine.sqlite3")}


def test_environment_defaults_to_a_private_local_folder(private_tmp: Path) -> None:
    env = jupyter.setup_streamlit()["environment"]()
    path = Path(env[DB_ENV])
    assert path.name == "oneword.sqlite3"
    assert path.parent.parent == private_tmp
    assert path.parent.name.startswith("oneword-")
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_a_planted_symlink_is_not_followed(private_tmp: Path) -> None:
    elsewhere = private_tmp / "elsewhere"
    elsewhere.mkdir()
    planted = private_tmp / f"oneword-{jupyter._user()}"
    planted.symlink_to(elsewhere)
    folder = jupyter.local_data_dir()
    assert folder not in (planted, elsewhere)
    assert folder.parent == private_tmp and folder.is_dir() and not folder.is_symlink()


def test_app_script_is_found_in_a_checkout_and_by_override(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(APP_ENV, raising=False)
    assert app_script() == REPO / "streamlit_app.py"
    override = tmp_path / "streamlit_app.py"
    monkeypatch.setenv(APP_ENV, str(override))
    with pytest.raises(FileNotFoundError, match=APP_ENV):
        app_script()
    override.write_text("", encoding="utf-8")
    assert app_script() == override


def test_missing_app_hides_the_tile_and_explains(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(APP_ENV, str(tmp_path / "{gone}" / "streamlit_app.py"))
    config = jupyter.setup_streamlit()
    assert config["launcher_entry"] == {"enabled": False}
    command = [_render(arg) for arg in config["command"]]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert APP_ENV in done.stderr and "{gone}" in done.stderr

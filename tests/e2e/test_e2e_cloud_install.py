"""H-2: the repository deploys on Streamlit Community Cloud as it is.

Installed the way Cloud installs it: a fresh virtual environment, `pip
install -r requirements.txt` (Cloud reads that file before pyproject.toml),
then `streamlit run streamlit_app.py` from the repository root, headless.
The home page must load in the browser. Needs PyPI (or the configured
index); about half a minute when the wheels are cached.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from e2e_harness import REPO_ROOT, PageFactory, start_app_server, stop_app_server, wait_for_app
from playwright.sync_api import expect


def test_H2_installed_from_requirements_txt_into_a_fresh_venv_the_home_page_loads(
    tmp_path: Path, new_page: PageFactory
) -> None:
    requirements = REPO_ROOT / "requirements.txt"
    assert requirements.is_file()
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the venv's own packages
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    installed = subprocess.run(
        [
            python,
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            "-r",
            "requirements.txt",
        ],
        cwd=REPO_ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if installed.returncode != 0:
        pytest.fail(f"pip install -r requirements.txt failed:\n{installed.stderr[-3000:]}")
    # Installed, not just found in the current folder: imported from elsewhere.
    check = subprocess.run(
        [python, "-c", "import streamlit, psycopg, psycopg_pool, oneword; print(oneword.__file__)"],
        cwd=tmp_path,
        env=clean,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert Path(check.stdout.strip()).is_relative_to(REPO_ROOT)
    server = start_app_server(
        tmp_path / "rooms.sqlite3", tmp_path / "logs", python=python, env={"PYTHONPATH": ""}
    )
    try:
        page = new_page()
        page.goto(server.url)
        wait_for_app(page)
        expect(page.get_by_role("heading", name="In One Word")).to_be_visible()
    finally:
        stop_app_server(server)

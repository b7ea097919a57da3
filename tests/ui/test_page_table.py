"""The page table (`oneword.ui.app.pages`) matches the scripts on disk, and no
`pages/` folder sits beside the router: Streamlit would run it on its own,
without the router, until `st.navigation` first runs in the process."""

from __future__ import annotations

from pathlib import Path

from oneword.ui.app.pages import FOLDER, HOME, PAGES, URL_PATHS

ROOT = Path(__file__).resolve().parents[2]


def test_every_script_is_declared_once_and_exists() -> None:
    on_disk = {p.name for p in (ROOT / FOLDER).glob("*.py")}
    declared = [spec.script for spec in PAGES.values()]
    assert sorted(declared) == sorted(on_disk)


def test_url_paths_are_unique_and_home_is_the_root() -> None:
    paths = [spec.url_path for spec in PAGES.values()]
    assert len(set(paths)) == len(paths)
    assert PAGES[HOME].url_path not in URL_PATHS
    assert len(URL_PATHS) == len(PAGES) - 1


def test_no_pages_folder_beside_the_router() -> None:
    assert (ROOT / "streamlit_app.py").is_file()
    assert not (ROOT / "pages").exists()

"""The built wheel carries what an installed app needs (W-1, H-3): the word
packages, the Streamlit app with its pages and settings, and the launcher's
icon. Built for real with pip, as a user's install would be."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("en", "de", "fr", "es", "it", "pt", "nl")


def test_W1_H3_the_wheel_carries_words_app_and_icon(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("oneword-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped_words = {p.name for p in (ROOT / "words").glob("*.toml")}
    assert {f"oneword/_words/{name}" for name in shipped_words} <= names
    pages = {f"oneword/_app/app_pages/{p.name}" for p in (ROOT / "app_pages").glob("*.py")}
    assert pages and pages <= names
    assert not any(name.startswith("oneword/_app/pages/") for name in names)
    assert {
        "oneword/_app/streamlit_app.py",
        "oneword/_app/.streamlit/config.toml",
        "oneword/jupyter/oneword.svg",
        "oneword/engine/rules.py",
        "oneword/bots/data/vectors.npz",
        "oneword/bots/data/links-en.npz",
        "oneword/clue_compare/data/translations.npz",
        "oneword/clue_compare/data/translations-apertium.npz",
        "oneword/clue_compare/data/defined-meanings.npz",
        "oneword/clue_compare/data/homophones.tsv.gz",
        "oneword/clue_compare/data/common_words.npz",
        "oneword/clue_compare/data/families-en.tsv.gz",
        "oneword/clue_compare/data/nouns-en.tsv.gz",
        "oneword/clue_compare/data/kin.tsv.gz",
        "oneword/clue_compare/data/wordnet-en.marisa",
        "oneword/clue_compare/data/bands.npz",
        *(f"oneword/clue_compare/data/lemmas-{lang}.marisa" for lang in LANGUAGES),
        *(f"oneword/clue_compare/data/words-{lang}.marisa" for lang in LANGUAGES),
        *(f"oneword/bots/data/vectors-{lang}.npz" for lang in ("de", "fr", "es", "it", "pt", "nl")),
        "oneword/i18n/locales/de/LC_MESSAGES/oneword.po",
        "oneword/ui/app/theme.css",
    } <= names
    catalogs = {
        f"oneword/{p.relative_to(ROOT / 'oneword')}" for p in (ROOT / "oneword").rglob("*.po")
    }
    assert len(catalogs) == 7 and catalogs <= names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[jupyter_serverproxy_servers]" in text
    assert "oneword = oneword.jupyter:setup_streamlit" in text

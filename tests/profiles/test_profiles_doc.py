"""The documented XP table, level curve and titles (docs/profiles.md) are
the ones the app uses (PR-2, PR-3)."""

from __future__ import annotations

import re
from pathlib import Path

from oneword.profiles import TITLES, XP_TABLE
from oneword.profiles.xp import xp_at_level

DOC = (Path(__file__).resolve().parents[2] / "docs" / "profiles.md").read_text(encoding="utf-8")


def test_PR_2_the_documented_xp_table_is_the_apps() -> None:
    rows = re.findall(r"^\| ([^|]+?) \| (\d+) \|$", DOC, re.MULTILINE)
    assert sorted(int(xp) for _, xp in rows) == sorted(XP_TABLE.values())


def test_PR_2_the_documented_levels_follow_the_curve() -> None:
    levels = re.search(r"^\| Level \|(.+)\|$", DOC, re.MULTILINE)
    starts = re.search(r"^\| starts at XP \|(.+)\|$", DOC, re.MULTILINE)
    assert levels and starts
    numbers = [int(n) for n in levels.group(1).split("|")]
    xp = [int(x.replace(",", "")) for x in starts.group(1).split("|")]
    assert xp == [xp_at_level(n) for n in numbers]


def test_PR_3_every_title_is_documented_with_its_condition() -> None:
    for title in TITLES:
        assert f"| {title.name} | {title.condition} |" in DOC

"""J-4: a page that shows a Just One room loads the language's word lists
in the background, so the first card's check (inside the move that hands
in the last clue, with the database held) does not wait for them."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def test_warm_up_loads_the_lists_once_in_the_background() -> None:
    script = textwrap.dedent(
        """
        from oneword.clue_compare import check_clues, warm_up
        from oneword.clue_compare import frequencies

        assert "nl" not in frequencies._TABLES
        thread = warm_up("nl")
        assert thread.is_alive(), "the caller does not wait for the lists"
        assert warm_up("nl") is thread, "once per process"
        thread.join(60)
        assert "nl" in frequencies._TABLES and "en" in frequencies._TABLES
        print(check_clues("hond", ["honden", "kat"], "nl")[1].kept)
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "True"

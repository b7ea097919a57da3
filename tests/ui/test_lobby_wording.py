"""The lobby's own lines read as they should (a playtest's findings): the
game line names the host's own word list when it is in use (W-5)."""

from __future__ import annotations

from oneword.engine import Join, SetCustomWords, apply, new_room, view_for
from oneword.ui.screens.lobby import summary

OWN = [f"word{chr(ord('a') + i)}" for i in range(26)]


def test_W_5_the_lobby_names_the_hosts_own_list_not_the_language() -> None:
    room = apply(new_room(), Join(by="h", name="Host"), 0.0)
    assert "Words: English" in summary(view_for(room, "h"))
    room = apply(room, SetCustomWords(by="h", words=OWN), 0.0)
    line = summary(view_for(room, "h"))
    assert "Words: your own list (26 words)" in line and "English" not in line, line

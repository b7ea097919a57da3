"""PR-3 on every page: the title a player picked, shown under their name.

A room's view carries each member's title id (`MemberView.title`, set
from the profile when the player joined); the words are the title table's,
in the page's language. Names are player text and go through `plain`;
titles are the app's own words.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from oneword.engine import RoomView
from oneword.i18n import _
from oneword.profiles.titles import BY_ID
from oneword.ui.text import plain


def title_name(title_id: str | None) -> str | None:
    """The title's name in the page's language (None: no title shown)."""
    title = BY_ID.get(title_id) if title_id else None
    return _(title.name) if title else None


def titles_by_member(view: RoomView) -> dict[str, str]:
    """Member id -> the shown title's name, for members who show one."""
    shown = {m.id: title_name(m.title) for m in view.members}
    return {member: name for member, name in shown.items() if name}


def name_with_title(name: str, title: str | None) -> str:
    """One line for a text element: the name, then its title after a dash."""
    if title is None:
        return plain("{name}", name=name)
    return plain("{name} — {title}", name=name, title=title)


def player_titles(view: RoomView, players: Sequence[tuple[str, str]], *, key: str) -> None:
    """The players of a game with their titles, folded away: (id, name) pairs.
    Drawn only when someone in the room shows a title."""
    titles = titles_by_member(view)
    if not any(member in titles for member, _name in players):
        return
    with st.expander(_("Players and their titles"), expanded=False, key=key):
        for member, name in players:
            st.text(name_with_title(name, titles.get(member)))

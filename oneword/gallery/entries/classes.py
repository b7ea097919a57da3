"""A whole class on the teacher's class page: several rooms at once."""

from __future__ import annotations

from oneword.engine import Pause
from oneword.gallery.entries.together import together_room
from oneword.gallery.entries.versus import versus_room
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import lobby
from oneword.i18n import N_


@entry(
    "class-page",
    N_("Class page: every room at once"),
    N_(
        "A teacher's class on the projector: a room guessing, a paused one, "
        "one still in its lobby, and the students not seated yet."
    ),
    ("L-4", "P-6", "L-7"),
)
def class_page(now: float) -> Scene:
    playing = versus_room(now).clue()
    playing.open_colour(playing.own())
    paused = together_room(now)
    paused.act(Pause(), by=paused.giver())
    waiting = lobby(3, now=now, teams=False)
    return Scene(
        playing.state,
        None,
        "class_page",
        more_rooms=[paused.state, waiting.state],
        waiting=["Zoë", "Yusuf"],
    )

"""Which room a student sits in: rooms fill evenly, in the order the
students tap their names, so rooms stay within a player of each other
whoever comes first; a room whose game has begun takes no one more."""

from __future__ import annotations

import math
from collections.abc import Sequence

from oneword.engine.models import Mode
from oneword.engine.modes import MODES

MAX_ROOMS = 8
"""Rooms one class spreads over (a class of 40 in rooms of five)."""


def rooms_needed(students: int, room_size: int) -> int:
    """The rooms a class list fills at `room_size` players a room."""
    return max(1, math.ceil(students / max(1, room_size)))


def fits(mode: Mode, students: int, rooms: int) -> bool:
    """The class, spread evenly, gives every room a number of players the
    game takes (4-10 for Versus; 3-7 for Just One; 2-6 for Together)."""
    if not 1 <= rooms <= MAX_ROOMS:
        return False
    least, most = MODES[mode].players
    return students // rooms >= least and math.ceil(students / rooms) <= most


def pick_room(seated: dict[str, int], open_rooms: Sequence[str]) -> str | None:
    """The open room with the fewest students seated (the first such, in
    the class's order); None when no room is open."""
    if not open_rooms:
        return None
    return min(open_rooms, key=lambda code: (seated.get(code, 0), open_rooms.index(code)))

"""The gallery's table of entries, and what an entry's builder returns.

An entry is one function that returns a `Scene`: a room state made by
engine actions and the seat to look at it from. Registering it is
decorating it with `@entry(...)`; the gallery page, the tests, the
screenshot comparison and the notebook all read this one table, so adding
a state to every one of them is adding one function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from oneword.engine import RoomState, RoomView, Team, view_for

ScreenName = Literal["auto", "watch", "one_device_setup", "class_page"]
"""Which page draws a scene: `auto` is the page the seat would be sent to
(as `routing.page_for` decides), `watch` the watch screen (no seat),
`one_device_setup` the table's setup before there is a room,
`class_page` a teacher's class page (`room` and `more_rooms`)."""


@dataclass(frozen=True)
class Scene:
    """A room and the seat to draw it for.

    `refusal`: a refusal to show where the seat acted (the place, as the
    page names it, and the engine's message), as after a refused click.
    `map_shown`: on one device, the captain has tapped Show the Map.
    `table`: the names typed so far in the one-device setup, with their
    team and whether each is captain.
    """

    room: RoomState | None
    seat: str | None
    screen: ScreenName = "auto"
    refusal: tuple[str, str] | None = None
    map_shown: bool = False
    table: list[tuple[str, Team, bool]] = field(default_factory=list)
    more_rooms: list[RoomState] = field(default_factory=list)
    """A class page's rooms after `room`."""
    waiting: list[str] = field(default_factory=list)
    """A class page's students who have no seat yet."""


Builder = Callable[[float], Scene]
"""Builds a scene whose clocks read as if it were `now` (a timer that just
started shows its full length)."""


@dataclass(frozen=True)
class Entry:
    name: str
    """Short and URL-safe: the gallery's `?entry=` value."""
    title: str
    description: str
    rules: tuple[str, ...]
    """The rule ids (docs/rules.md) this state shows."""
    build: Builder


ENTRIES: dict[str, Entry] = {}


def entry(
    name: str, title: str, description: str, rules: tuple[str, ...]
) -> Callable[[Builder], Builder]:
    """Register the decorated builder under `name`."""

    def register(build: Builder) -> Builder:
        if name in ENTRIES:
            raise ValueError(f"two gallery entries are named {name!r}")
        ENTRIES[name] = Entry(name, title, description, rules, build)
        return build

    return register


def find(name: str) -> Entry | None:
    return ENTRIES.get(name)


def built_view(scene: Scene) -> RoomView | None:
    """The view the scene's seat gets, by the same function the service
    uses; None for the one-device setup, which has no room yet."""
    if scene.room is None:
        return None
    return view_for(scene.room, scene.seat)

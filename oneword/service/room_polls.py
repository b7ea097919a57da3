"""What the polls of this process last read of each room, kept while the
store's stamp shows that nothing was written since (docs/design.md, "Refresh and the database").

Forty pages of a classroom poll every second, and most seconds nothing is
written: one read of a room then serves every seat of it until the next
write, from this process or any other (`Store.stamp`, which another
process's write reaches a few milliseconds late). A store that
gives no stamp (PostgreSQL) is read on every poll.
"""

from __future__ import annotations

from collections.abc import Hashable

from oneword.service.room_io import LoadedRoom
from oneword.storage.records import RoomPoll

ROOMS_KEPT = 10_000
"""Rooms remembered at most; past it the memory starts afresh."""


class PolledRooms:
    """The last poll read of each room, with the store's stamp taken just
    before it. Safe to share between threads: a lookup and a replacement
    are single dictionary operations."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, RoomPoll]] = {}

    def get(self, code: str, stamp: Hashable | None) -> RoomPoll | None:
        """The room as last read, if the store's stamp is still `stamp`."""
        if stamp is None:
            return None
        kept = self._kept.get(code)
        return kept[1] if kept is not None and kept[0] == stamp else None

    def keep(self, code: str, stamp: Hashable | None, polled: RoomPoll) -> None:
        """Remember `polled`, read after the store showed `stamp` (nothing
        is kept without one)."""
        if stamp is None:
            return
        if len(self._kept) >= ROOMS_KEPT:
            self._kept.clear()
        self._kept[code] = (stamp, polled)

    def forget(self, code: str) -> None:
        """A page read the room newer than the kept read (another process
        wrote it while the store's stamp was shared): the next poll reads."""
        self._kept.pop(code, None)


class LoadedRooms:
    """The last state read of each room by a page's entry, by version.

    After a change every page of a room enters it again at once (ten
    tabs of a classroom room within a second); the first reads and parses
    the state, the others build their views from the same one. A room's
    version moves with every change of its state, which is what a page's
    kept entry already relies on. The engine never changes a state in
    place, so one parsed state serves every thread."""

    def __init__(self) -> None:
        self._kept: dict[str, LoadedRoom] = {}

    def get(self, code: str, version: int) -> LoadedRoom | None:
        """The room at `version`, if it was read at that version."""
        kept = self._kept.get(code)
        return kept if kept is not None and kept.row.version == version else None

    def keep(self, code: str, loaded: LoadedRoom) -> None:
        if len(self._kept) >= ROOMS_KEPT:
            self._kept.clear()
        self._kept[code] = loaded

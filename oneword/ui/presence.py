"""Whether a change to a room changes what a page shows, or only who is
connected.

Every page polls its room's version and redraws the whole page when it
moves. A player whose phone goes quiet (or comes back) moves the version
too, so that rules can act on it (X-4, X-6, X-7, the host hand-over of
G-7), but during a game no page shows who is connected: the board, the
captain's map, the results and the watch screen look the same. Redrawing
every page of a room for it costs a full page run each (7-11 ms against a
poll's 1-2 ms), and under load the away marks come in bursts. So the
polling fragment reads the new view and redraws only when it differs
from the drawn one in something other than presence. When presence does
have a consequence (a waiting banner, a new clue giver, a new host) the
view differs in that, and the page redraws. The lobby lists who is away,
so there presence always counts.
"""

from __future__ import annotations

from typing import Any

from oneword.engine import RoomView

_PRESENCE = "connected"
"""The one field of a member's (or a game player's) view that presence sets."""


def same_screen(drawn: RoomView, now: RoomView) -> bool:
    """Would a page that drew `drawn` draw `now` the same way? Only when
    they differ in nothing but presence, during a game."""
    if drawn.game is None or now.game is None:
        return drawn == now  # the lobby shows who is away
    same: bool = _without_presence(drawn.model_dump()) == _without_presence(now.model_dump())
    return same


def _without_presence(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_presence(v) for k, v in value.items() if k != _PRESENCE}
    if isinstance(value, list):
        return [_without_presence(v) for v in value]
    return value

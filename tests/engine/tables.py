"""The one place tests build rooms through `apply`: members joined and
seated on teams, with the host first. Each game's helpers (`versus_helpers`,
`together_helpers`, `justone_helpers`, `codewords_helpers`) build their
tables from these, whichever style of member ids they use (r1/b1 for
Versus tests that name teams, p0, p1, ... for seats counted in order)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oneword.engine import Join, MakeCaptain, PickTeam, StartGame, Team, apply, new_room
from oneword.engine.models import RoomState

RED_IDS = ("r1", "r2", "r3", "r4", "r5")
BLUE_IDS = ("b1", "b2", "b3", "b4", "b5")


def seated(
    seats: Sequence[tuple[str, str, Team | None]], *, seed: int = 0, now: float = 0.0
) -> RoomState:
    """A lobby where each (id, name, team) joined in order (the first
    hosts, G-7) and picked that team; None leaves a player undecided."""
    room = new_room(seed)
    for order, (member, name, _) in enumerate(seats):
        room = apply(room, Join(by=member, name=name), now + order * 0.001)
    for member, _, team in seats:
        if team is not None:
            room = apply(room, PickTeam(by=member, team=team), now)
    return room


def team_of(member: str) -> Team:
    """Red for r-ids, Blue for b-ids."""
    return Team.RED if member.startswith("r") else Team.BLUE


def versus_lobby(
    red: int = 3,
    blue: int = 3,
    *,
    names: Mapping[str, str] | None = None,
    seed: int = 0,
    now: float = 0.0,
) -> RoomState:
    """A Versus lobby of r1..r`red` and b1..b`blue`, r1 hosting, r1 and b1
    captains; a member's name is its id in capitals unless `names` says."""
    members = [*RED_IDS[:red], *BLUE_IDS[:blue]]
    named = names or {}
    room = seated([(m, named.get(m, m.upper()), team_of(m)) for m in members], seed=seed, now=now)
    room = apply(room, MakeCaptain(by="r1", player="r1"), now)
    return apply(room, MakeCaptain(by="r1", player="b1"), now)


def versus_game(
    words: Sequence[str],
    *,
    names: Mapping[str, str] | None = None,
    seed: int = 0,
    now: float = 0.0,
) -> RoomState:
    """A Versus game dealt from a lobby of `names`' members (or r1-r3, b1-b3)."""
    red = sum(1 for m in names if m.startswith("r")) if names else 3
    blue = len(names) - red if names else 3
    room = versus_lobby(red, blue, names=names, seed=seed, now=now)
    return apply(room, StartGame(by="r1", words=list(words)), now)

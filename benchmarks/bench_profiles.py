"""What counting a game into its profiles adds to the action that ends it
(PR-2: the count runs inside that action's write transaction). Prints
figures; it is not a test.

    python benchmarks/bench_profiles.py [--games 40] [--db-dir PATH]

Each round deals an 8-player Versus game and ends it with one open of the
black card, timing that last action. It runs once with every seat a guest
and once with every seat signed in to a profile (8 profiles counted per
game, their stats growing game after game), on fresh SQLite files.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from oneword.engine import BackToLobby, GiveClue, Open, PickTeam, Team
from oneword.engine.models import Colour
from oneword.engine.versus.state import VersusGame
from oneword.profiles.service import ProfileService
from oneword.service import RoomService, Seat
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def seat_table(service: RoomService, keys: list[str | None]) -> list[Seat]:
    host = service.create_room(NAMES[0], profile=keys[0])
    seats = [host] + [
        service.join(host.code, name, profile=key)
        for name, key in zip(NAMES[1:], keys[1:], strict=True)
    ]
    for i, seat in enumerate(seats):
        service.act(seat.code, seat.token, PickTeam(team=list(Team)[i % 2]))
    return seats


def game_of(service: RoomService, code: str) -> VersusGame:
    with service.store.read() as tx:
        stored = tx.load(code)
    assert stored is not None
    game = parse_state(stored.state_json).game
    assert isinstance(game, VersusGame)
    return game


def ending_times(service: RoomService, seats: list[Seat], games: int) -> list[float]:
    """Milliseconds of each game's last action (the open that ends it)."""
    by_id = {s.member_id: s for s in seats}
    code, host = seats[0].code, seats[0]
    times = []
    for _ in range(games):
        service.start_game(code, host.token)
        game = game_of(service, code)
        assert game.turn is not None
        team = game.turn.team
        captain = by_id[game.captains[team]]
        guesser = next(by_id[p.id] for p in game.team_players(team) if p.id != captain.member_id)
        service.act(code, captain.token, GiveClue(word="qwrtz", number=1))
        black = Open(card=game.key.index(Colour.BLACK))
        start = time.perf_counter()
        service.act(code, guesser.token, black)
        times.append((time.perf_counter() - start) * 1000)
        service.act(code, host.token, BackToLobby())
    return times


def run(folder: Path, games: int, signed_in: bool) -> list[float]:
    store = Store(folder / ("profiles.sqlite3" if signed_in else "guests.sqlite3"))
    service = RoomService(store)
    profiles = ProfileService(store)
    keys: list[str | None] = [
        profiles.create(name, "bench-device") if signed_in else None for name in NAMES
    ]
    return ending_times(service, seat_table(service, keys), games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--db-dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.db_dir or Path(scratch)
        for label, signed_in in (("8 guests", False), ("8 profiles", True)):
            times = run(folder, args.games, signed_in)
            p95 = statistics.quantiles(times, n=20)[-1]
            print(
                f"{label:>10}: the ending open took {statistics.median(times):.2f} ms "
                f"(p95 {p95:.2f} ms) over {len(times)} games"
            )


if __name__ == "__main__":
    main()

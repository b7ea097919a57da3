"""Helpers for the profile tests: signed-in rooms and games ended on purpose."""

from __future__ import annotations

from collections.abc import Sequence

from service_helpers import NAMES, alternating, pick_teams, versus_game

from oneword.engine import GiveClue, Open, Team
from oneword.engine.models import Colour, team_colour
from oneword.profiles.service import ProfileService
from oneword.service import RoomService, Seat

DEVICE = "device-key-of-the-test-tablet-000000000"


def signed_in_room(
    service: RoomService, keys: Sequence[str | None], teams: Sequence[Team] | None = None
) -> list[Seat]:
    """A room whose seats sign in with `keys` (None: a guest), in order,
    teams split alternately unless given."""
    host = service.create_room(NAMES[0], profile=keys[0])
    seats = [host] + [
        service.join(host.code, NAMES[i], profile=key) for i, key in enumerate(keys[1:], 1)
    ]
    pick_teams(service, seats, list(teams or alternating(len(seats))))
    return seats


def seat_of(seats: Sequence[Seat], member_id: str) -> Seat:
    return next(s for s in seats if s.member_id == member_id)


def finish_versus(service: RoomService, seats: Sequence[Seat], winner: Team) -> None:
    """End the running Versus game with `winner` winning: the team to play
    clues; if that is the loser, one of its guessers opens the black card;
    if it is the winner, it opens a rival card, and then the loser opens
    the black card."""
    code = seats[0].code
    for _ in range(2):
        game = versus_game(service.store, code)
        assert game.turn is not None and game.outcome is None
        team = game.turn.team
        captain = seat_of(seats, game.captains[team])
        guesser = seat_of(
            seats, next(p.id for p in game.team_players(team) if p.id != captain.member_id)
        )
        service.act(code, captain.token, GiveClue(word="qwrtz", number=1))
        colour = Colour.BLACK if team is not winner else team_colour(team.other)
        service.act(code, guesser.token, Open(card=game.key.index(colour)))
        if team is not winner:
            break
    assert versus_game(service.store, code).outcome is not None


def new_profiles(profiles: ProfileService, count: int, device: str = DEVICE) -> list[str]:
    return [profiles.create(f"Player {i}", device) for i in range(count)]

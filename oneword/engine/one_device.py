"""One device (O): a whole table plays Versus on one phone or one projector.

The room is a normal room whose members are the names typed in at the
table. The device holds the first seat (it is the host); the service lets
it act for the other names only in a one-device room, and every action
still goes through the Versus rules (the captain gives the clue, a guesser
of the playing team opens cards). Nobody at the table has a connection of
their own, so presence (X-4, X-5, X-6, X-7, G-7) never applies here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from oneword.i18n import N_

from . import lobby
from .actions import TableSeat
from .errors import LobbyError, Reason, TurnError
from .models import MAX_PLAYERS, ClueTimer, GameBase, Member, Mode, RoomState, TableStep, Team, Turn
from .names import clean_name
from .versus.state import MIN_PLAYERS, MIN_TEAM, VersusGame


def check_name(taken: Sequence[str], name: str) -> str:
    """L-2 for a name typed at the table: trimmed, 1-24 characters, and not
    the same as a name already at the table (ignoring case), since the table
    reads names aloud. Returns the cleaned name."""
    if not name.strip():
        raise LobbyError(Reason.NAME_EMPTY, N_("Type the player's name first."))
    name = clean_name(name)
    if name.casefold() in {t.casefold() for t in taken}:
        raise LobbyError(
            Reason.NAME_TAKEN,
            N_(
                "There is already a player called {name}: "
                "add a letter or a surname so everyone can tell them apart."
            ),
            name=name,
        )
    return name


def check_table(seats: Sequence[TableSeat]) -> list[str]:
    """O-1 (and V-1): 4-10 players with distinct names, at least 2 per team,
    exactly one captain per team, on that team. Returns the cleaned names."""
    if len(seats) > MAX_PLAYERS:
        raise LobbyError(
            Reason.PLAYER_COUNT,
            N_("At most {most} players on one device (now {count})."),
            most=MAX_PLAYERS,
            count=len(seats),
        )
    names: list[str] = []
    for seat in seats:
        names.append(check_name(names, seat.name))
    if len({s.id for s in seats}) != len(seats):
        raise LobbyError(Reason.SEAT_IDS, N_("Every player needs a seat of their own."))
    if len(seats) < MIN_PLAYERS:
        raise LobbyError(
            Reason.PLAYER_COUNT,
            N_("One-device play needs {least}-{most} players (now {count})."),
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=len(seats),
        )
    if seats[0].bot:
        raise LobbyError(
            Reason.BOT_HOLDS_DEVICE,
            N_("The first name holds the device: put a person's name first."),
        )
    for team in Team:
        on_team = [s for s in seats if s.team is team]
        if len(on_team) < MIN_TEAM:
            raise LobbyError(
                Reason.TEAM_TOO_SMALL,
                N_(
                    "{team} needs at least {least} players (now {count}): "
                    "tap a name to move it to the other team."
                ),
                team=team.label,
                least=MIN_TEAM,
                count=len(on_team),
            )
        captains = [s for s in on_team if s.captain]
        if len(captains) != 1:
            raise LobbyError(
                Reason.CAPTAIN_COUNT,
                N_("{team} needs exactly one captain (now {count}): tap a star to choose."),
                team=team.label,
                count=len(captains),
            )
    return names


def set_up(room: RoomState, seats: Sequence[TableSeat], clue_timer: ClueTimer, now: float) -> None:
    """O-1: seat the table in an empty room. The first seat is the device:
    it hosts. Each team's starred player is its captain, and under the
    Codewords rules the volunteer the handler draw takes first (K-2).
    O-4: the clue timer is off unless the table chose 1 or 2 minutes.
    G-4: one device plays Versus only."""
    if room.members or room.game is not None:
        raise LobbyError(
            Reason.ROOM_IN_USE, N_("Only a new, empty room can be set up for one device.")
        )
    names = check_table(seats)
    room.members = [
        Member(
            id=s.id,
            name=name,
            team=s.team,
            joined_at=now,
            bot=s.bot,
            bot_level=s.bot_level,
            volunteer=s.captain,
            title=s.title,
        )
        for s, name in zip(seats, names, strict=True)
    ]
    room.host_id = seats[0].id
    room.captains = {s.team: s.id for s in seats if s.captain}
    room.settings.mode = Mode.VERSUS
    room.settings.one_device = True
    room.settings.clue_timer = clue_timer


def require_one_device(room: RoomState) -> None:
    if not room.settings.one_device:
        raise LobbyError(Reason.NOT_ONE_DEVICE, N_("This room is not played on one device."))


def next_captains(game: VersusGame) -> dict[Team, str]:
    """O-5: on each team, the player after the last game's captain (in the
    order the names were typed in), wrapping round to the first."""
    rotated: dict[Team, str] = {}
    for team in Team:
        players = [p.id for p in game.team_players(team)]
        current = game.captains.get(team)
        if not players:
            continue
        at = players.index(current) if current in players else -1
        rotated[team] = players[(at + 1) % len(players)]
    return rotated


def table_step(game: GameBase) -> TableStep | None:
    """O-2, O-3: the step of the turn a one-device table is at."""
    turn = game.turn
    if not game.one_device or turn is None or game.over:
        return None
    if turn.clue is None:
        return TableStep.CAPTAIN
    return TableStep.GUESSING if turn.guessing_started else TableStep.PASS


def check_start_guessing(room: RoomState) -> Turn:
    """O-3: after the clue, once per turn, on one device."""
    require_one_device(room)
    game = room.game
    turn = game.turn if isinstance(game, VersusGame) and not game.over else None
    if turn is None or turn.clue is None:
        raise TurnError(Reason.NO_CLUE_YET, N_("Wait for the captain's clue."))
    if turn.guessing_started:
        raise TurnError(Reason.GUESSING_STARTED, N_("The team is already guessing."))
    return turn


def start_guessing(room: RoomState) -> None:
    check_start_guessing(room).guessing_started = True


def after_clue(room: RoomState) -> None:
    """A team whose guessers are all bots starts guessing with the clue:
    nobody at the table would pass the device to them (B-1, O-3)."""
    game = room.game
    turn = game.turn if game is not None else None
    if not room.settings.one_device or game is None or turn is None or turn.clue is None:
        return
    if table_guesser(room, game) is None:
        turn.guessing_started = True


def table_guesser(room: RoomState, game: GameBase) -> str | None:
    """O-3: who the device opens cards for: the playing team's first person
    who is not its captain (the Versus rules still check that they may).
    None when the team's guessers are bots: they open their own cards."""
    turn = game.turn
    if not isinstance(game, VersusGame) or turn is None:
        return None
    captain = game.captains.get(turn.team)
    bots = {m.id for m in room.members if m.bot}
    return next(
        (p.id for p in game.team_players(turn.team) if p.id != captain and p.id not in bots),
        None,
    )


def table_gives_clue(room: RoomState, game: GameBase) -> bool:
    """The device types the clue only for a person captain; a bot captain
    gives its own (the device shows that the bot is thinking)."""
    turn = game.turn
    giver = room.member(turn.giver_id) if turn is not None else None
    return giver is not None and not giver.bot


def new_game_same_teams(room: RoomState, words: list[str], rng: random.Random, now: float) -> None:
    """O-5: the same teams play again; the captaincy moves on."""
    require_one_device(room)
    game = room.game
    if isinstance(game, VersusGame):
        if not game.over:
            raise LobbyError(Reason.GAME_RUNNING, N_("Finish this game first."))
        room.captains = next_captains(game)
    lobby.start_game(room, words, rng, now)

"""K-2: the Codewords rules, where they differ from Versus's.

The board, the map, the teams and what an opened card does (V-7 to V-12)
are Versus's, so this module calls `versus.rules` for them and holds only
the differences: the clue rules (`clues`), the bonus guess, the first tap
opening a card, the handler draw and who takes over from a handler who
leaves, and each side's colour.
"""

from __future__ import annotations

import random

from oneword.i18n import N_

from ..errors import Reason, TurnError
from ..game_mode import Deal
from ..maps import deal_versus_map
from ..models import Member, RoomState, Team
from ..turns import AWAY_WAIT, is_connected, record_clue
from ..versus import rules as versus
from ..versus.state import VersusGame
from . import clues
from .colours import side_colours
from .forms import words_language
from .state import CodewordsGame


def draw_handlers(room: RoomState, rng: random.Random) -> dict[Team, str]:
    """K-2: per side, a random pick from the first group that has anyone:
    volunteers not yet handler, any volunteer, anyone not yet handler,
    anyone on the side."""
    handlers: dict[Team, str] = {}
    for team in Team:
        group = handler_group(room, team)
        if group:
            handlers[team] = rng.choice(group).id
    return handlers


def handler_group(room: RoomState, team: Team) -> list[Member]:
    """The players the next deal draws `team`'s handler from."""
    side = [m for m in room.members if m.team is team]
    fresh = [m for m in side if m.id not in room.past_handlers]
    groups = (
        [m for m in fresh if m.volunteer],
        [m for m in side if m.volunteer],
        fresh,
        side,
    )
    return next((g for g in groups if g), [])


def known_side_colours(room: RoomState) -> dict[Team, str]:
    """K-2 before the deal: each side's colour where the lobby already
    fixes it, whoever is drawn handler and whichever side starts (both are
    drawn at the deal). A side left out could still end up in more than one
    colour, so the lobby must not name it by one."""
    outcomes: dict[Team, set[str]] = {team: set() for team in Team}
    red = [m.colour for m in handler_group(room, Team.RED)] or [None]
    blue = [m.colour for m in handler_group(room, Team.BLUE)] or [None]
    for red_pick in set(red):
        for blue_pick in set(blue):
            for first in Team:
                colours = side_colours({Team.RED: red_pick, Team.BLUE: blue_pick}, first)
                for team in Team:
                    outcomes[team].add(colours[team])
    return {team: next(iter(found)) for team, found in outcomes.items() if len(found) == 1}


def start(deal: Deal) -> CodewordsGame:
    """Deal the board as Versus does; each side takes its handler's colour."""
    room, handlers = deal.room, deal.captains
    starting, key = deal_versus_map(deal.rng)
    picks = {team: _colour_of(room, handlers.get(team)) for team in Team}
    game = CodewordsGame(
        words=deal.words,
        key=key,
        starting_team=starting,
        captains=handlers,
        players=deal.seats(),
        clue_timer=room.settings.clue_timer,
        side_colours=side_colours(picks, starting),
        language=words_language(room.settings.language, bool(room.settings.custom_words)),
    )
    room.past_handlers.extend(h for h in handlers.values() if h not in room.past_handlers)
    versus.begin_turn(room, game, starting, deal.now, number=1)
    return game


def _colour_of(room: RoomState, member_id: str | None) -> str | None:
    member = room.member(member_id)
    return member.colour if member else None


def give_clue(
    room: RoomState, game: CodewordsGame, by: str, word: str, number: object, now: float
) -> None:
    """V-5 with the Codewords clue rules."""
    turn = versus.check_give_clue(game, by)
    left = game.cards_left(turn.team)
    record_clue(
        game, turn, by, clues.make_clue(word, number, game.closed_words(), left, game.language)
    )
    versus.watch_guessers(room, game, now)


def bonus_guess(game: CodewordsGame) -> bool:
    """The team has found as many cards as the number: one more, or stop."""
    turn = game.turn
    if turn is None or turn.clue is None or game.over:
        return False
    return turn.opened == turn.clue.number


def check_mark(room: RoomState, game: CodewordsGame, by: str) -> None:
    versus.check_guesser(room, game, by)
    raise TurnError(Reason.NO_MARKS, N_("In Codewords a tap on a card opens it."))


def check_end_turn(room: RoomState, game: CodewordsGame, by: str) -> None:
    """Ending the turn is offered only with the bonus guess."""
    versus.check_guesser(room, game, by)
    if not bonus_guess(game):
        raise TurnError(
            Reason.BONUS_ONLY,
            N_(
                "Keep guessing: you may end the turn once you have found "
                "as many cards as the number."
            ),
        )


def end_turn(room: RoomState, game: CodewordsGame, by: str, now: float) -> None:
    check_end_turn(room, game, by)
    versus.next_turn(room, game, now)


def replace_handler(room: RoomState, game: CodewordsGame, team: Team, now: float) -> None:
    """K-2: the first other player on that side still here takes over."""
    old = game.captains[team]
    others = [p for p in game.team_players(team) if p.id != old]
    if not others:
        return
    game.captains[team] = others[0].id
    if old not in game.former_captains:
        game.former_captains.append(old)
    turn = game.turn
    if turn is not None and turn.team is team:
        turn.giver_id = others[0].id
        if turn.clue is None:
            connected = is_connected(room, others[0].id)
            turn.giver_away_deadline = None if connected else now + AWAY_WAIT


def on_leave(room: RoomState, game: CodewordsGame, player_id: str, now: float) -> None:
    """G-8 as in Versus; a handler who leaves is replaced at once."""

    def replace(room: RoomState, game: VersusGame, team: Team, now: float) -> None:
        assert isinstance(game, CodewordsGame)
        replace_handler(room, game, team, now)

    versus.on_leave(room, game, player_id, now, replace)

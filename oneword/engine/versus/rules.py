"""Versus (V): two teams race to open their own cards; the black card loses.

Every function here takes the room (for who is connected) and its running
`VersusGame`, checks the rule, then changes the game in place. The caller
has copied the room first, so a refusal leaves the stored state unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from oneword.i18n import N_

from ..clues import make_clue
from ..errors import LobbyError, Reason, TurnError
from ..game_mode import Deal
from ..maps import deal_versus_map
from ..models import (
    Colour,
    Ending,
    GamePlayer,
    Opening,
    RoomState,
    SkipReason,
    Team,
    Turn,
    team_colour,
)
from ..turns import (
    AWAY_WAIT,
    clue_deadline,
    connected_players,
    drop_marks,
    finish,
    is_connected,
    log_opening,
    log_skip,
    record_clue,
    require_player,
    require_running,
)
from .state import MIN_TEAM, VersusGame


def start(deal: Deal) -> VersusGame:
    """Deal a new Versus game for members already split into two teams."""
    starting, key = deal_versus_map(deal.rng)
    game = VersusGame(
        words=deal.words,
        key=key,
        starting_team=starting,
        captains=deal.captains,
        players=deal.seats(),
        clue_timer=deal.room.settings.clue_timer,
    )
    begin_turn(deal.room, game, starting, deal.now, number=1)
    return game


def begin_turn(room: RoomState, game: VersusGame, team: Team, now: float, number: int) -> None:
    """V-5: the team's captain is to give a clue; the clue timer starts (X-1)."""
    captain = game.captains[team]
    game.turn = Turn(
        number=number,
        team=team,
        giver_id=captain,
        started_at=now,
        clue_deadline=clue_deadline(game, now),
        giver_away_deadline=None if is_connected(room, captain) else now + AWAY_WAIT,
    )


def next_turn(room: RoomState, game: VersusGame, now: float) -> None:
    """V-11: the other team plays."""
    assert game.turn is not None
    begin_turn(room, game, game.turn.team.other, now, game.turn.number + 1)


def guessers(game: VersusGame, team: Team) -> list[GamePlayer]:
    """Players of a team who are not its captain."""
    return [p for p in game.team_players(team) if p.id != game.captains.get(team)]


def may_guess(room: RoomState, game: VersusGame, player: GamePlayer) -> bool:
    """V-14: a former captain guesses only when no other teammate can."""
    if player.id == game.captains.get(player.team):
        return False
    if player.id not in game.former_captains:
        return True
    others = [
        p
        for p in guessers(game, player.team)
        if p.id != player.id and p.id not in game.former_captains and is_connected(room, p.id)
    ]
    return not others


def guesses_left(game: VersusGame) -> int | None:
    """V-6: number + 1 guesses; None when unlimited (0 or infinity)."""
    turn = game.turn
    if turn is None or turn.clue is None or turn.clue.unlimited:
        return None
    number = turn.clue.number
    assert isinstance(number, int)
    return number + 1 - turn.opened


def check_give_clue(game: VersusGame, by: str) -> Turn:
    """V-5: the playing team's captain, once per turn."""
    turn = require_running(game)
    player = require_player(game, by)
    if player.team is not turn.team:
        raise TurnError(Reason.NOT_YOUR_TURN, N_("It is {team}'s turn."), team=turn.team.label)
    if by != game.captains[turn.team]:
        raise TurnError(Reason.NOT_CAPTAIN, N_("Only the captain gives the clue."))
    if turn.clue is not None:
        raise TurnError(Reason.CLUE_GIVEN, N_("The clue for this turn is already given."))
    return turn


def give_clue(
    room: RoomState, game: VersusGame, by: str, word: str, number: object, now: float
) -> None:
    """V-5 with the clue rules (C-1 to C-6)."""
    turn = check_give_clue(game, by)
    record_clue(game, turn, by, make_clue(word, number, game.closed_words()))
    watch_guessers(room, game, now)


def check_guesser(room: RoomState, game: VersusGame, by: str) -> Turn:
    """V-5, V-14: a guesser of the playing team, after the clue. Marking,
    opening and ending the turn all start with this check."""
    turn = require_running(game)
    player = require_player(game, by)
    if player.team is not turn.team:
        raise TurnError(Reason.NOT_YOUR_TURN, N_("It is {team}'s turn."), team=turn.team.label)
    if by == game.captains[turn.team]:
        raise TurnError(
            Reason.CAPTAIN_CANNOT_GUESS, N_("Captains do not guess: your team opens the cards.")
        )
    if turn.clue is None:
        raise TurnError(Reason.NO_CLUE_YET, N_("Wait for your captain's clue."))
    if game.one_device and not turn.guessing_started:
        raise TurnError(
            Reason.START_GUESSING_FIRST, N_("Pass the device to the table and tap Start Guessing.")
        )
    if not may_guess(room, game, player):
        raise TurnError(
            Reason.FORMER_CAPTAIN,
            N_("You have seen the map: a teammate who has not must open the cards."),
        )
    return turn


def _require_closed(game: VersusGame, card: int) -> None:
    if game.opened[card]:
        raise TurnError(
            Reason.CARD_OPEN, N_("{word} is already open."), word=game.words[card].upper()
        )


def mark(room: RoomState, game: VersusGame, by: str, card: int) -> None:
    """V-5: toggle a guesser's mark; only their own team sees it."""
    turn = check_guesser(room, game, by)
    _require_closed(game, card)
    marks = turn.marks.setdefault(card, [])
    if by in marks:
        marks.remove(by)
    else:
        marks.append(by)
    if not marks:
        del turn.marks[card]


def open_card(room: RoomState, game: VersusGame, by: str, card: int, now: float) -> None:
    """Open one card and apply what it was: V-7, V-8, V-9, V-10, V-12."""
    turn = check_guesser(room, game, by)
    _require_closed(game, card)
    game.opened[card] = True
    turn.opened += 1
    turn.marks.pop(card, None)
    colour = game.key[card]
    log_opening(game, Opening(index=card, word=game.words[card], colour=colour, by=by))
    team, rival = turn.team, turn.team.other
    if colour is Colour.BLACK:
        finish(game, "win", Ending.BLACK_CARD, winner=rival, decided_by=team, card=card)
    elif game.cards_left(team) == 0:
        finish(game, "win", Ending.ALL_FOUND, winner=team, decided_by=team, card=card)
    elif game.cards_left(rival) == 0:
        finish(game, "win", Ending.RIVAL_OPENED_LAST, winner=rival, decided_by=team, card=card)
    elif colour is not team_colour(team) or guesses_left(game) == 0:
        next_turn(room, game, now)


def check_end_turn(room: RoomState, game: VersusGame, by: str) -> None:
    """V-11: only after at least one card was opened this turn."""
    turn = check_guesser(room, game, by)
    if turn.opened == 0:
        raise TurnError(
            Reason.OPEN_ONE_FIRST, N_("Open at least one card before you end the turn.")
        )


def end_turn(room: RoomState, game: VersusGame, by: str, now: float) -> None:
    check_end_turn(room, game, by)
    next_turn(room, game, now)


# Connections


def watch_guessers(room: RoomState, game: VersusGame, now: float) -> None:
    """X-6: start (or stop) the 60 s wait when no guesser is connected."""
    turn = game.turn
    if turn is None or turn.clue is None:
        return
    if connected_players(room, guessers(game, turn.team)):
        turn.guessers_away_deadline = None
    elif turn.guessers_away_deadline is None:
        turn.guessers_away_deadline = now + AWAY_WAIT


def on_disconnect(room: RoomState, game: VersusGame, player_id: str, now: float) -> None:
    turn = game.turn
    if turn is None:
        return
    if turn.clue is None and player_id == turn.giver_id:
        turn.giver_away_deadline = now + AWAY_WAIT
    watch_guessers(room, game, now)


def on_reconnect(room: RoomState, game: VersusGame, player_id: str, now: float) -> None:
    turn = game.turn
    if turn is None:
        return
    if player_id == turn.giver_id:
        turn.giver_away_deadline = None
    watch_guessers(room, game, now)


def replace_captain(room: RoomState, game: VersusGame, team: Team, now: float) -> bool:
    """Give the team a new captain: a connected teammate first (X-4, X-5).

    The old captain, if still playing, has seen the map (V-14). Returns
    False when there is nobody to take over.
    """
    old = game.captains[team]
    candidates = [p for p in game.team_players(team) if p.id != old]
    connected = connected_players(room, candidates)
    fresh = [p for p in connected if p.id not in game.former_captains]
    ranked = fresh or connected or candidates
    if not ranked:
        return False
    pick = ranked[0]
    game.captains[team] = pick.id
    if old not in game.former_captains:
        game.former_captains.append(old)
    turn = game.turn
    if turn is not None and turn.team is team:
        turn.giver_id = pick.id
        if turn.clue is None:
            turn.giver_away_deadline = None if is_connected(room, pick.id) else now + AWAY_WAIT
    return True


Replace = Callable[[RoomState, VersusGame, Team, float], object]


def on_leave(
    room: RoomState,
    game: VersusGame,
    player_id: str,
    now: float,
    replace: Replace | None = None,
) -> None:
    """G-8 and X-5: a team below 2 players ends the game with no result;
    a captain who leaves is replaced at once (by `replace`, where a variant
    picks the successor its own way)."""
    player = game.player(player_id)
    if player is None:
        return
    player.left = True
    drop_marks(game, player_id)
    if len(game.team_players(player.team)) < 2:
        finish(game, "no_result", Ending.TEAM_LEFT, decided_by=player.team)
        return
    if game.captains.get(player.team) == player_id:
        (replace or replace_captain)(room, game, player.team, now)
    watch_guessers(room, game, now)


def captain_away_expired(room: RoomState, game: VersusGame, at: float) -> None:
    """X-4: after 60 s a connected teammate takes over, or the turn is skipped.
    The clue timer keeps running either way."""
    turn = game.turn
    assert turn is not None
    turn.giver_away_deadline = None
    team = turn.team
    if is_connected(room, game.captains[team]):
        return
    candidates = [p for p in game.team_players(team) if p.id != game.captains[team]]
    if connected_players(room, candidates):
        replace_captain(room, game, team, at)
        return
    log_skip(game, turn, SkipReason.CAPTAIN_AWAY)
    next_turn(room, game, at)


def clue_timer_expired(room: RoomState, game: VersusGame, at: float) -> None:
    """X-2: the turn is skipped and the other team plays."""
    turn = game.turn
    assert turn is not None
    log_skip(game, turn, SkipReason.TIME_RAN_OUT)
    next_turn(room, game, at)


def guessers_away_expired(room: RoomState, game: VersusGame, at: float) -> None:
    """X-6: every guesser stayed away 60 s, so the turn ends."""
    turn = game.turn
    assert turn is not None
    log_skip(game, turn, SkipReason.GUESSERS_AWAY)
    next_turn(room, game, at)


# The lobby's check before a deal (V-1)
def check_teams(room: RoomState) -> None:
    """V-1: each team needs a captain and at least one guesser."""
    sizes = {t: sum(1 for m in room.members if m.team is t) for t in Team}
    small = [t for t in Team if sizes[t] < MIN_TEAM]
    if len(small) == 1:
        raise LobbyError(
            Reason.TEAM_TOO_SMALL,
            N_("{team} needs at least {count} players."),
            team=small[0].label,
            count=MIN_TEAM,
        )
    if small:
        raise LobbyError(
            Reason.TEAM_TOO_SMALL,
            N_("Red and Blue need at least {count} players each."),
            count=MIN_TEAM,
        )

"""Together (T) and its Final Round (F): everyone on one side.

Two sides, Red and Blue, each hold their own map. The side giving the clue
points at greens on its map; the other side opens cards, and each card is
checked against the clue giver's map. Functions change the (copied) game
in place, like `versus.py`.
"""

from __future__ import annotations

from oneword.i18n import N_

from ..clues import make_clue
from ..errors import LobbyError, Reason, TurnError
from ..game_mode import Deal
from ..maps import deal_together_maps
from ..models import (
    Colour,
    Ending,
    GamePlayer,
    LogEntry,
    Opening,
    RoomState,
    SkipReason,
    Team,
    Turn,
)
from ..turns import (
    AWAY_WAIT,
    clue_deadline,
    connected_players,
    drop_marks,
    finish,
    log_opening,
    log_skip,
    record_clue,
    require_player,
    require_running,
)
from .state import TogetherGame

GREENS_IN_ALL = 15


def start(deal: Deal) -> TogetherGame:
    """Deal both maps; a random side gives the first clue (T-3)."""
    room = deal.room
    game = TogetherGame(
        words=deal.words,
        keys=deal_together_maps(deal.rng),
        players=deal.seats(),
        clue_timer=room.settings.clue_timer,
        turn_limit=room.settings.together_turns,
    )
    for side in Team:
        game.next_giver[side] = _first_new_giver(room, game.team_players(side))
    begin_turn(room, game, deal.rng.choice([Team.RED, Team.BLUE]), deal.now)
    return game


def _first_new_giver(room: RoomState, players: list[GamePlayer]) -> int:
    """L-6: on Play again, clue giving starts with whoever has not given a
    clue in this room yet."""
    return next((i for i, p in enumerate(players) if p.id not in room.past_givers), 0)


def begin_turn(room: RoomState, game: TogetherGame, side: Team, now: float) -> None:
    """T-3: the side's next clue giver in rotation; X-7 if they are away."""
    players = game.team_players(side)
    planned = players[game.next_giver[side] % len(players)]
    game.next_giver[side] += 1
    giver = _present_giver(room, players, planned)
    game.turn = Turn(
        number=game.turns_used + 1,
        team=side,
        giver_id=(giver or planned).id,
        started_at=now,
        clue_deadline=clue_deadline(game, now),
        giver_away_deadline=None if giver else now + AWAY_WAIT,
    )


def _present_giver(
    room: RoomState, players: list[GamePlayer], planned: GamePlayer
) -> GamePlayer | None:
    """X-7: the planned giver if connected, else the next connected player."""
    start_at = players.index(planned)
    in_order = players[start_at:] + players[:start_at]
    connected = connected_players(room, in_order)
    return connected[0] if connected else None


def check_give_clue(game: TogetherGame, by: str) -> Turn:
    """T-3: this turn's clue giver, once per turn."""
    turn = _require_turn(game)
    require_player(game, by)
    if turn.clue is not None:
        raise TurnError(Reason.CLUE_GIVEN, N_("The clue for this turn is already given."))
    if by != turn.giver_id:
        giver = game.player(turn.giver_id or "")
        if giver is None:
            raise TurnError(Reason.NOT_CLUE_GIVER, N_("Another player gives this clue."))
        raise TurnError(Reason.NOT_CLUE_GIVER, N_("{name} gives this clue."), name=giver.name)
    return turn


def give_clue(
    room: RoomState, game: TogetherGame, by: str, word: str, number: object, now: float
) -> None:
    """T-4 with the clue rules: the number only says how many are meant."""
    turn = check_give_clue(game, by)
    record_clue(game, turn, by, make_clue(word, number, game.closed_words()))
    if by not in room.past_givers:
        room.past_givers.append(by)


def _require_turn(game: TogetherGame) -> Turn:
    if game.final_round and game.outcome is None:
        raise TurnError(Reason.FINAL_ROUND, N_("This is the Final Round: no clues, open a card."))
    return require_running(game)


def mark(game: TogetherGame, by: str, card: int) -> None:
    """Together has no marks (V-5 is a Versus rule): a player opens cards."""
    raise TurnError(Reason.NO_MARKS, N_("Together has no marks: open a card."))


def check_guesser(game: TogetherGame, by: str) -> Turn:
    """T-4: a player of the other side opens cards, once the clue is given."""
    turn = _require_turn(game)
    player = require_player(game, by)
    if player.team is turn.team:
        raise TurnError(
            Reason.OWN_CLUE,
            N_("{team} gives this clue: the other side opens the cards."),
            team=turn.team.label,
        )
    if turn.clue is None:
        raise TurnError(Reason.NO_CLUE_YET, N_("Wait for the clue."))
    return turn


def _require_closed(game: TogetherGame, card: int) -> None:
    if game.found[card]:
        raise TurnError(
            Reason.CARD_OPEN, N_("{word} is already found."), word=game.words[card].upper()
        )


def check_open(game: TogetherGame, by: str, card: int | None = None) -> None:
    """T-4, T-5, F-2: who may open now, and (given a card) whether that card
    may be opened: not found yet, and not already known to be neutral on the
    clue giver's map."""
    if game.final_round:
        _check_final_round_open(game, by, card)
        return
    turn = check_guesser(game, by)
    if card is None:
        return
    _require_closed(game, card)
    if turn.team in game.neutral_for[card]:
        raise TurnError(
            Reason.KNOWN_NEUTRAL,
            N_("{word} is neutral on {team}'s map: try another card."),
            word=game.words[card].upper(),
            team=turn.team.label,
        )


def open_card(room: RoomState, game: TogetherGame, by: str, card: int, now: float) -> None:
    """T-5, T-9, T-10; in the Final Round F-2, F-3, F-4."""
    check_open(game, by, card)
    if game.final_round:
        _open_in_final_round(game, by, card)
        return
    turn = game.turn
    assert turn is not None
    side = turn.team
    colour = game.keys[side][card]
    turn.opened += 1
    log_opening(game, Opening(index=card, word=game.words[card], colour=colour, by=by))
    if colour is Colour.GREEN:
        game.found[card] = True
        if game.greens_left() == 0:
            finish(game, "win", Ending.ALL_GREENS_FOUND, card=card)
    elif colour is Colour.BLACK:
        game.fatal_card, game.fatal_colour = card, colour
        finish(game, "loss", Ending.BLACK_CARD, decided_by=side.other, card=card)
    else:
        game.neutral_for[card].append(side)
        finish_turn(room, game, now)


def _check_final_round_open(game: TogetherGame, by: str, card: int | None) -> None:
    """F-2: any player may open any closed card."""
    if game.outcome is not None:
        raise TurnError(Reason.GAME_OVER, N_("The game is over."))
    require_player(game, by)
    if card is not None:
        _require_closed(game, card)


def _open_in_final_round(game: TogetherGame, by: str, card: int) -> None:
    """F-3: checked against the map of the opener's other side."""
    player = require_player(game, by)
    colour = game.keys[player.team.other][card]
    game.log[-1].openings.append(Opening(index=card, word=game.words[card], colour=colour, by=by))
    if colour is Colour.GREEN:
        game.found[card] = True
        if game.greens_left() == 0:
            finish(game, "win", Ending.FINAL_ROUND_WON, card=card)
        return
    game.fatal_card, game.fatal_colour = card, colour
    finish(game, "loss", Ending.FINAL_ROUND_WRONG_CARD, decided_by=player.team, card=card)


def check_end_turn(game: TogetherGame, by: str) -> None:
    """T-6: the guessers may stop once they have opened a card."""
    turn = check_guesser(game, by)
    if turn.opened == 0:
        raise TurnError(
            Reason.OPEN_ONE_FIRST, N_("Open at least one card before you end the turn.")
        )


def end_turn(room: RoomState, game: TogetherGame, by: str, now: float) -> None:
    check_end_turn(game, by)
    finish_turn(room, game, now)


def finish_turn(room: RoomState, game: TogetherGame, now: float) -> None:
    """T-8, F-1, T-7: count the turn; the Final Round, or the next clue."""
    turn = game.turn
    assert turn is not None
    game.turns_used += 1
    if game.turns_used >= game.turn_limit:
        game.final_round = True
        game.turn = None
        game.log.append(LogEntry(turn=game.turns_used + 1, final_round=True))
        return
    next_side = turn.team.other
    if game.side_done(next_side):
        next_side = turn.team
    begin_turn(room, game, next_side, now)


# Timers and connections (X-2, X-7, G-8)


def clue_timer_expired(room: RoomState, game: TogetherGame, at: float) -> None:
    """X-2: the turn is skipped and counts toward the limit."""
    turn = game.turn
    assert turn is not None
    log_skip(game, turn, SkipReason.TIME_RAN_OUT)
    finish_turn(room, game, at)


def giver_away_expired(room: RoomState, game: TogetherGame, at: float) -> None:
    """X-7: nobody on the clue side came back within 60 s: skip the turn."""
    turn = game.turn
    assert turn is not None
    turn.giver_away_deadline = None
    log_skip(game, turn, SkipReason.SIDE_AWAY)
    finish_turn(room, game, at)


def on_disconnect(room: RoomState, game: TogetherGame, player_id: str, now: float) -> None:
    """X-7: a connected player on the side takes over the clue at once."""
    turn = game.turn
    if turn is None or turn.clue is not None or player_id != turn.giver_id:
        return
    _hand_clue_over(room, game, turn, now)


def _hand_clue_over(room: RoomState, game: TogetherGame, turn: Turn, now: float) -> None:
    players = game.team_players(turn.team)
    current = game.player(turn.giver_id or "")
    planned = current if current in players else players[0]
    giver = _present_giver(room, players, planned)
    # Nobody connected: the seat still goes to a player of the side (not one
    # who left), as at the start of a turn, while the 60 s wait runs.
    turn.giver_id = (giver or planned).id
    if giver is not None:
        turn.giver_away_deadline = None
    elif turn.giver_away_deadline is None:
        turn.giver_away_deadline = now + AWAY_WAIT


def on_reconnect(room: RoomState, game: TogetherGame, player_id: str, now: float) -> None:
    """X-7: the first player of the clue side back takes over the wait (not
    one who left the game and came back to watch: they cannot clue)."""
    turn = game.turn
    player = game.player(player_id)
    if turn is None or turn.clue is not None or player is None or player.left:
        return
    if player.team is not turn.team:
        return
    if turn.giver_away_deadline is not None:
        turn.giver_id = player_id
        turn.giver_away_deadline = None


def on_leave(room: RoomState, game: TogetherGame, player_id: str, now: float) -> None:
    """G-8: a side with nobody left ends the game with no result."""
    player = game.player(player_id)
    if player is None:
        return
    player.left = True
    drop_marks(game, player_id)
    if not game.team_players(player.team):
        finish(game, "no_result", Ending.TEAM_LEFT, decided_by=player.team)
        return
    turn = game.turn
    if turn is not None and turn.clue is None and turn.giver_id == player_id:
        _hand_clue_over(room, game, turn, now)


# The lobby's check before a deal (T-1)
def check_teams(room: RoomState) -> None:
    """T-1: two sides of at least one player each, at most one apart."""
    sizes = {t: sum(1 for m in room.members if m.team is t) for t in Team}
    if min(sizes.values()) < 1 or abs(sizes[Team.RED] - sizes[Team.BLUE]) > 1:
        raise LobbyError(
            Reason.SIDES_UNEVEN,
            N_(
                "In Together each side needs at least 1 player and the sides may differ by 1 "
                "at most (now Red {red}, Blue {blue})."
            ),
            red=sizes[Team.RED],
            blue=sizes[Team.BLUE],
        )

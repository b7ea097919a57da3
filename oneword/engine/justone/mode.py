"""Just One's shape as the generic core sees it (`game_mode.GameMode`). Its
moves (pick, write, vote, show, answer, pass, overrule, next card) are its
own; the board's four (clue with a number, mark, open, end turn) are not
among them, so the core refuses them."""

from __future__ import annotations

from typing import ClassVar

from oneword.i18n import N_

from ..game_mode import Deal, Due, GameMode, Moves
from ..models import Colour, Ending, Mode, NoticeKind, RoomState, Team
from . import actions, deck, rules, views
from .state import DECK_WORDS, MIN_PLAYERS, MOST_PLAYERS, JustOneGame


def _pick(room: RoomState, game: JustOneGame, action: actions.PickNumber, now: float) -> None:
    rules.pick(room, game, action.by, action.number, now)


def _write(room: RoomState, game: JustOneGame, action: actions.WriteClues, now: float) -> None:
    rules.write(room, game, action.by, list(action.words))


def _vote(room: RoomState, game: JustOneGame, action: actions.VoteClue, now: float) -> None:
    rules.vote(game, action.by, action.clue, action.flip)


def _show(room: RoomState, game: JustOneGame, action: actions.ShowClues, now: float) -> None:
    rules.show(room, game, action.by)


def _answer(room: RoomState, game: JustOneGame, action: actions.Answer, now: float) -> None:
    rules.answer(game, action.by, action.word)


def _pass(room: RoomState, game: JustOneGame, action: actions.PassCard, now: float) -> None:
    rules.pass_card(game, action.by)


def _overrule(room: RoomState, game: JustOneGame, action: actions.Overrule, now: float) -> None:
    rules.overrule(game, action.by, action.agree)


def _next_card(room: RoomState, game: JustOneGame, action: actions.NextCard, now: float) -> None:
    rules.next_card(game, action.by)


MOVES: Moves = {
    actions.PickNumber: _pick,
    actions.WriteClues: _write,
    actions.VoteClue: _vote,
    actions.ShowClues: _show,
    actions.Answer: _answer,
    actions.PassCard: _pass,
    actions.Overrule: _overrule,
    actions.NextCard: _next_card,
}
"""J-2 to J-6: a card's moves, from the guesser's pick to the next card."""


class JustOneMode(GameMode[JustOneGame]):
    mode = Mode.JUST_ONE
    state = JustOneGame
    moves = MOVES
    title = N_("Just One")
    players = (MIN_PLAYERS, MOST_PLAYERS)
    one_device_refusal = N_("Just One is played on everyone's own device.")
    follows_count = False
    left_for_count = NoticeKind.LEFT_JUST_ONE
    words_needed: ClassVar[int] = DECK_WORDS

    def start(self, deal: Deal) -> JustOneGame:
        """J-1: no teams, no captains; the deck and the first guesser."""
        settings = deal.room.settings
        return rules.start(
            deal.members, deal.words, settings.language, settings.just_one_timer, deal.rng
        )

    def on_disconnect(self, room: RoomState, game: JustOneGame, player_id: str, now: float) -> None:
        rules.on_disconnect(room, game, player_id)

    def on_reconnect(self, room: RoomState, game: JustOneGame, player_id: str, now: float) -> None:
        """Nothing waits on a reconnect: the card went on without them."""

    def on_leave(self, room: RoomState, game: JustOneGame, player_id: str, now: float) -> None:
        rules.on_leave(room, game, player_id)

    def end_early(self, game: JustOneGame) -> None:
        rules.end_deck(game, Ending.HOST_ENDED)

    def deadlines(self, room: RoomState, game: JustOneGame) -> list[Due]:
        """J-3: the clue timer, when the host set one."""
        deadline = deck.current_card(game).clue_deadline
        return [] if deadline is None else [self.due(deadline, rules.clue_timer_expired)]

    def shift_clocks(self, game: JustOneGame, seconds: float) -> None:
        card = deck.current_card(game)
        if card.clue_deadline is not None:
            card.clue_deadline += seconds

    def view(self, room: RoomState, game: JustOneGame, member_id: str | None) -> views.JustOneView:
        return views.view(room, game, member_id)

    def permissions(
        self, room: RoomState, game: JustOneGame, member_id: str | None
    ) -> views.JustOnePermissions:
        return views.permissions(room, game, member_id)

    def hit_colour(self, game: JustOneGame, team: Team | None) -> Colour:
        """No board, no colours: nothing counts as a hit (R-2 is In One Word's)."""
        return Colour.GREEN


JUST_ONE = JustOneMode()

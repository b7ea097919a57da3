"""Just One's rules (J-1 to J-6): a deck of 13 cards played by everyone on
one side, one card at a time.

A card goes PICK (the guesser picks a number, J-2), CLUES (the others
write, J-3), COMPARE (the app's check, then the clue givers' vote, J-4),
GUESS (one answer or a pass, J-5) and REVEAL (everyone sees the card; the
clue givers may count a near miss as right). Each action starts with a
`check_...` function that raises a `RuleError`; the views ask the same
functions what a seat may do. The comparing itself is
`oneword.clue_compare.compare`, a pure module: the rules store its verdicts
as codes and never word them.
"""

from __future__ import annotations

import random

from oneword.clue_compare import compare
from oneword.i18n import N_

from ..errors import ClueError, LobbyError, Reason, TurnError
from ..models import ClueTimer, Ending, GamePlayer, Member, RoomState, Team
from ..turns import finish, is_connected, require_player
from .deck import (
    clues_each,
    current_card,
    fold,
    majority,
    open_card,
    seated,
)
from .state import (
    DECK_WORDS,
    JUST_ONE_CARDS,
    MIN_PLAYERS,
    MOST_PLAYERS,
    WORDS_PER_CARD,
    CardPhase,
    CardResult,
    JustOneCard,
    JustOneGame,
    WrittenClue,
)

MAX_CLUE_LENGTH = 40
"""Letters in one clue; a longer one is not a word anyone writes."""


# Starting (J-1)
def start(
    members: list[Member], words: list[str], language: str, timer: ClueTimer, rng: random.Random
) -> JustOneGame:
    """Deal the deck from the service's 65 words (drawn from the room's
    secret) and draw who guesses first. Bots do not play Just One."""
    if len(words) != DECK_WORDS or len({fold(w) for w in words}) != DECK_WORDS:
        raise LobbyError(
            Reason.DECK_SIZE, N_("A Just One deck needs {count} different words."), count=DECK_WORDS
        )
    if any(m.bot for m in members):
        raise LobbyError(
            Reason.BOTS_NOT_IN_JUST_ONE, N_("Bots do not play Just One: remove them to start.")
        )
    if not MIN_PLAYERS <= len(members) <= MOST_PLAYERS:
        raise LobbyError(
            Reason.PLAYER_COUNT,
            N_("Just One needs {least}-{most} players; this room has {count}."),
            least=MIN_PLAYERS,
            most=MOST_PLAYERS,
            count=len(members),
        )
    cards = [
        JustOneCard(words=words[i : i + WORDS_PER_CARD])
        for i in range(0, DECK_WORDS, WORDS_PER_CARD)
    ]
    players = [GamePlayer(id=m.id, name=m.name, team=Team.RED) for m in members]
    first = rng.randrange(len(players))
    game = JustOneGame(
        players=players,
        cards=cards,
        clue_timer=timer,
        language=language,
        first_guesser=first,
    )
    open_card(game, 0, players[first].id)
    return game


# Checks: each action starts with one, and the views ask them too
def _running_card(game: JustOneGame, phase: CardPhase) -> JustOneCard:
    if game.over:
        raise TurnError(Reason.GAME_OVER, N_("The game is over."))
    card = current_card(game)
    if card.phase is not phase:
        raise TurnError(Reason.WRONG_PHASE, N_("That is not what this card is waiting for now."))
    return card


def _require_guesser(card: JustOneCard, by: str) -> None:
    if card.guesser_id != by:
        raise TurnError(Reason.NOT_GUESSER, N_("Only this card's guesser can do that."))


def _require_giver(card: JustOneCard, by: str) -> None:
    if by not in card.givers:
        raise TurnError(Reason.NOT_CLUE_GIVER, N_("Only the clue givers of this card can do that."))


def check_pick(game: JustOneGame, by: str) -> JustOneCard:
    require_player(game, by)
    card = _running_card(game, CardPhase.PICK)
    _require_guesser(card, by)
    return card


def check_write(game: JustOneGame, by: str) -> JustOneCard:
    require_player(game, by)
    card = _running_card(game, CardPhase.CLUES)
    _require_giver(card, by)
    if any(c.by == by for c in card.clues):
        raise TurnError(Reason.CLUE_GIVEN, N_("Your clues for this card are in."))
    return card


def check_vote(game: JustOneGame, by: str) -> JustOneCard:
    require_player(game, by)
    card = _running_card(game, CardPhase.COMPARE)
    _require_giver(card, by)
    return card


def check_answer(game: JustOneGame, by: str) -> JustOneCard:
    require_player(game, by)
    card = _running_card(game, CardPhase.GUESS)
    _require_guesser(card, by)
    return card


def check_overrule(game: JustOneGame, by: str) -> JustOneCard:
    require_player(game, by)
    card = _running_card(game, CardPhase.REVEAL)
    _require_giver(card, by)
    if card.result is not CardResult.WRONG:
        raise TurnError(
            Reason.NOTHING_TO_OVERRULE, N_("Only a wrong answer can be counted as right.")
        )
    return card


def check_next(game: JustOneGame, by: str) -> JustOneCard:
    """J-5: after a wrong answer the clue givers may count it as right, so
    one of them moves on, not the guesser (who could skip their vote)."""
    require_player(game, by)
    card = _running_card(game, CardPhase.REVEAL)
    if card.result is CardResult.WRONG and by not in card.givers:
        raise TurnError(
            Reason.NOT_CLUE_GIVER,
            N_("After a wrong answer the clue givers decide if it counts; one of them moves on."),
        )
    return card


# Actions
def pick(room: RoomState, game: JustOneGame, by: str, number: int, now: float) -> None:
    """J-2: the guesser picks a number 1-5; the clue givers start writing."""
    card = check_pick(game, by)
    card.number = number
    card.phase = CardPhase.CLUES
    card.clue_deadline = now + game.clue_timer if game.clue_timer else None


def write(room: RoomState, game: JustOneGame, by: str, words: list[str]) -> None:
    """J-3: one clue (two with 3 or 4 players), one word each, in secret."""
    card = check_write(game, by)
    wanted = clues_each(game)
    if len(words) != wanted:
        raise ClueError(
            Reason.CLUE_COUNT,
            N_("Write two clues: with 3 or 4 players each clue giver writes two.")
            if wanted == 2
            else N_("Write one clue."),
        )
    cleaned = [_one_word(w) for w in words]
    card.clues.extend(WrittenClue(by=by, word=w) for w in cleaned)
    _compare_when_all_in(room, game)


def _one_word(text: str) -> str:
    """J-3: a single word (names, numbers, compounds count as one)."""
    word = " ".join(text.split())
    if not word:
        raise ClueError(Reason.CLUE_EMPTY, N_("Type a clue first."))
    if " " in word:
        raise ClueError(Reason.CLUE_NOT_ONE_WORD, N_("A clue is a single word, with no spaces."))
    if len(word) > MAX_CLUE_LENGTH:
        raise ClueError(
            Reason.CLUE_TOO_LONG,
            N_("A clue has at most {count} characters."),
            count=MAX_CLUE_LENGTH,
        )
    return word


def _compare_when_all_in(room: RoomState, game: JustOneGame) -> None:
    """J-3: once every clue giver still here has written, compare."""
    card = current_card(game)
    if card.phase is not CardPhase.CLUES:
        return
    written = {c.by for c in card.clues}
    waiting = [g for g in card.givers if g not in written and _may_still_write(room, game, g)]
    if not waiting:
        _compare(room, game)


def _may_still_write(room: RoomState, game: JustOneGame, giver: str) -> bool:
    """A clue giver who left, or lost connection, does not hold the card up."""
    return seated(game, giver) and is_connected(room, giver)


def clue_timer_expired(room: RoomState, game: JustOneGame, at: float) -> None:
    """J-3: the clue timer ran out; missing clues are skipped."""
    if current_card(game).phase is CardPhase.CLUES:
        _compare(room, game)


def _compare(room: RoomState, game: JustOneGame) -> None:
    """J-4: the app checks the clues before anyone sees them."""
    card = current_card(game)
    card.clue_deadline = None
    mystery = card.mystery or ""
    checks = compare.check_clues(mystery, [c.word for c in card.clues], game.language)
    for clue, check in zip(card.clues, checks, strict=True):
        clue.removal = None if check.kept else str(check.reason or compare.Removal.NOT_A_WORD)
        clue.kind = str(check.kind) if check.kind else None
        clue.like = check.like
    card.phase = CardPhase.COMPARE if card.clues else CardPhase.GUESS


def vote(game: JustOneGame, by: str, clue: int, flip: bool) -> None:
    """J-4: a clue giver's vote to turn one clue's decision round; a change
    of votes asks everyone to look again (their "show" is taken back)."""
    card = check_vote(game, by)
    if clue >= len(card.clues):
        raise TurnError(Reason.NO_SUCH_CLUE, N_("There is no such clue on this card."))
    votes = card.clues[clue].flip_votes
    if flip and by not in votes:
        votes.append(by)
    elif not flip and by in votes:
        votes.remove(by)
    else:
        return
    card.ready = []


def show(room: RoomState, game: JustOneGame, by: str) -> None:
    """J-4: this clue giver is done; when all are, the guesser sees the
    clues that survive."""
    card = check_vote(game, by)
    if by not in card.ready:
        card.ready.append(by)
    _reveal_when_ready(room, game)


def _reveal_when_ready(room: RoomState, game: JustOneGame) -> None:
    card = current_card(game)
    if card.phase is not CardPhase.COMPARE:
        return
    waiting = [g for g in card.givers if g not in card.ready and _may_still_write(room, game, g)]
    if not waiting:
        card.phase = CardPhase.GUESS


def answer(game: JustOneGame, by: str, word: str) -> None:
    """J-5: exactly one answer, compared as clues are (case, accents,
    plural, a small misspelling count as right)."""
    card = check_answer(game, by)
    given = " ".join(word.split())
    if not given:
        raise ClueError(Reason.CLUE_EMPTY, N_("Type an answer, or pass."))
    if len(given) > MAX_CLUE_LENGTH:
        raise ClueError(
            Reason.CLUE_TOO_LONG,
            N_("An answer has at most {count} characters."),
            count=MAX_CLUE_LENGTH,
        )
    right = compare.is_right_answer(card.mystery or "", given, game.language)
    card.answer = given
    _end_card(card, CardResult.RIGHT if right else CardResult.WRONG)


def pass_card(game: JustOneGame, by: str) -> None:
    """J-5: a pass loses the card and nothing more."""
    card = check_answer(game, by)
    _end_card(card, CardResult.PASSED)


def _end_card(card: JustOneCard, result: CardResult) -> None:
    card.result = result
    card.phase = CardPhase.REVEAL
    card.clue_deadline = None


def overrule(game: JustOneGame, by: str, agree: bool) -> None:
    """J-5: the clue givers count a near miss as right by majority."""
    card = check_overrule(game, by)
    if agree and by not in card.overrule_votes:
        card.overrule_votes.append(by)
    elif not agree and by in card.overrule_votes:
        card.overrule_votes.remove(by)


def next_card(game: JustOneGame, by: str) -> None:
    """J-1, J-5: settle the card (a wrong answer takes the next card off the
    deck unless overruled), then the next player guesses the next card."""
    card = check_next(game, by)
    _settle(game, card)
    following = _next_playable(game)
    if following is None:
        finish(game, "no_result", Ending.DECK_PLAYED)
        return
    guesser = _next_guesser(game, card.guesser_id)
    if guesser is None:
        finish(game, "no_result", Ending.TEAM_LEFT)
        return
    open_card(game, following, guesser)


def _settle(game: JustOneGame, card: JustOneCard) -> None:
    card.phase = None
    if card.result is CardResult.WRONG:
        card.overruled = len(card.overrule_votes) >= majority(card, game)
        later = game.current + 1
        if not card.overruled and later < JUST_ONE_CARDS:
            game.cards[later].result = CardResult.LOST


def _next_playable(game: JustOneGame) -> int | None:
    for index in range(game.current + 1, JUST_ONE_CARDS):
        if game.cards[index].result is None:
            return index
    return None


def _next_guesser(game: JustOneGame, after: str | None) -> str | None:
    """J-1: the role passes to the next player still in the game, in seat order."""
    seated = [p.id for p in game.players if not p.left]
    if len(seated) < 2:
        return None
    ids = [p.id for p in game.players]
    start = ids.index(after) if after in ids else -1
    for step in range(1, len(ids) + 1):
        candidate = ids[(start + step) % len(ids)]
        if candidate in seated:
            return candidate
    return None


# Connections: nobody waits for someone who is away or gone
def on_disconnect(room: RoomState, game: JustOneGame, player_id: str) -> None:
    _carry_on(room, game)


def on_leave(room: RoomState, game: JustOneGame, player_id: str) -> None:
    """X-5 for Just One: a guesser who leaves passes the card; a clue giver
    who leaves no longer holds it up. Fewer than 2 players end the game."""
    player = game.player(player_id)
    if player is None:
        return
    player.left = True
    if sum(1 for p in game.players if not p.left) < 2:
        end_deck(game, Ending.TEAM_LEFT)
        return
    card = current_card(game)
    if card.guesser_id == player_id and card.phase is not CardPhase.REVEAL:
        _end_card(card, CardResult.PASSED)
    _carry_on(room, game)


def end_deck(game: JustOneGame, ending: Ending) -> None:
    """The game ends before the deck does (G-8, L-4): the cards to come are
    unplayed, the one in play stops with its timer."""
    for card in game.cards[game.current :]:
        if card.result is None:
            card.result = CardResult.UNPLAYED
        card.phase = None
        card.clue_deadline = None
    finish(game, "no_result", ending)


def _carry_on(room: RoomState, game: JustOneGame) -> None:
    if game.over:
        return
    _compare_when_all_in(room, game)
    _reveal_when_ready(room, game)

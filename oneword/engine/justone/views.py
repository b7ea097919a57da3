"""What each seat may know of a Just One game (J-2 to J-6), and what it
may do now.

Built field by field from the state, per seat:
- the guesser and the watch page never hold the mystery word, nor a clue,
  until the guesser is to see them: the surviving clues during the guess,
  everything once the card is over;
- a clue giver sees the mystery word once it is picked, their own clues
  while writing, and everyone's only when all are in (the compare);
- the cards still in the deck are nobody's: no view copies them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field

from ..models import Model, RoomState
from ..view_parts import GameViewBase, Permissions, allowed, outcome_view, player_views
from . import deck, rules
from .state import JUST_ONE_CARDS, CardPhase, CardResult, JustOneCard, JustOneGame, WrittenClue


class Rating(StrEnum):
    """J-6: how good a score is; `wording` names each."""

    PERFECT = "perfect"  # 13
    AMAZING = "amazing"  # 12
    GREAT = "great"  # 11
    VERY_GOOD = "very_good"  # 9-10
    GOOD = "good"  # 7-8
    FAIR = "fair"  # 4-6
    WARM_UP = "warm_up"  # 0-3


_RATINGS = ((13, Rating.PERFECT), (12, Rating.AMAZING), (11, Rating.GREAT), (9, Rating.VERY_GOOD))
_LOWER = ((7, Rating.GOOD), (4, Rating.FAIR), (0, Rating.WARM_UP))


def rating(score: int) -> Rating:
    """J-6: the rating for a score of 0-13."""
    for floor, value in (*_RATINGS, *_LOWER):
        if score >= floor:
            return value
    return Rating.WARM_UP


class JustOnePermissions(Permissions):
    """What a seat may do now in Just One, by the rules' own checks."""

    pick: bool = False
    write: bool = False
    vote: bool = False
    show: bool = False
    answer: bool = False
    pass_card: bool = False
    overrule: bool = False
    next_card: bool = False


class ClueLine(Model):
    """One clue as a seat may see it. `removal` is the app's reason code
    (`compare.Removal`), `by_vote` says the clue givers turned the app's
    decision round, `kept` whether the guesser sees it."""

    index: int
    by: str
    by_name: str
    word: str
    removal: str | None = None
    kind: str | None = None
    """How the clue is too close to `like` (a `compare.Kind` code)."""
    like: str | None = None
    """The other clue, or the mystery word, it was found too close to. A
    guesser's view holds no clue's check before the card is over."""
    kept: bool = True
    by_vote: bool = False
    votes: int = 0
    you_voted: bool = False


class WriterView(Model):
    """A clue giver of the card and whether their clues are in (J-3)."""

    id: str
    name: str
    done: bool
    ready: bool = False


class CardLine(Model):
    """A card as a seat may see it: the card in play, or one that is over."""

    position: int
    """1-13: where the card was in the deck."""
    guesser_id: str | None
    guesser_name: str | None
    number: int | None
    mystery: str | None = None
    clues: list[ClueLine] = Field(default_factory=list)
    answer: str | None = None
    result: CardResult | None = None
    overruled: bool = False
    overrule_votes: int = 0
    you_overruled: bool = False


class JustOneView(GameViewBase):
    mode: Literal["just_one"] = "just_one"
    phase: CardPhase | None
    card: CardLine | None
    writers: list[WriterView]
    clues_each: int
    votes_needed: int
    score: int
    cards_total: int = JUST_ONE_CARDS
    cards_left: int
    clue_deadline: float | None
    played: list[CardLine]
    """Every card over before this one, in deck order (J-6)."""
    rating: Rating | None = None
    you_may: JustOnePermissions = Field(default_factory=JustOnePermissions)


class JustOneGiverView(JustOneView):
    view: Literal["just_one_giver"] = "just_one_giver"


class JustOneGuesserView(JustOneView):
    view: Literal["just_one_guesser"] = "just_one_guesser"


class JustOneSpectatorView(JustOneView):
    """The watch page, a late joiner, a player who left (P-6)."""

    view: Literal["just_one_spectator"] = "just_one_spectator"


class JustOneFinishedView(JustOneView):
    view: Literal["just_one_finished"] = "just_one_finished"


def permissions(room: RoomState, game: JustOneGame, member_id: str | None) -> JustOnePermissions:
    """The seat's answers from the rules' own checks."""
    if member_id is None:
        return JustOnePermissions()
    by = member_id
    answer = allowed(lambda: rules.check_answer(game, by))
    return JustOnePermissions(
        pick=allowed(lambda: rules.check_pick(game, by)),
        write=allowed(lambda: rules.check_write(game, by)),
        vote=allowed(lambda: rules.check_vote(game, by)),
        show=allowed(lambda: rules.check_vote(game, by))
        and by not in deck.current_card(game).ready,
        answer=answer,
        pass_card=answer,
        overrule=allowed(lambda: rules.check_overrule(game, by)),
        next_card=allowed(lambda: rules.check_next(game, by)),
    )


Sight = Literal["giver", "guesser", "all"]


def view(room: RoomState, game: JustOneGame, member_id: str | None) -> JustOneView:
    player = game.player(member_id) if member_id else None
    if player is not None and player.left:
        player = None
    card = deck.current_card(game)
    over = game.over
    you = player.id if player else None
    if over:
        sight: Sight = "all"
    elif you is not None and you in card.givers:
        sight = "giver"
    else:
        sight = "guesser"
    needed = deck.majority(card, game)
    common = dict(
        your_team=player.team if player else None,
        board=[],
        players=player_views(
            room, game, lambda pid, _team: "guesser" if pid == card.guesser_id else "clue giver"
        ),
        turn=None,
        log=[],
        outcome=outcome_view(game),
        best_clue=None,
        one_device=game.one_device,
        openings_so_far=0,
        phase=None if over else card.phase,
        card=None if over else _card_line(game, game.current, sight, you),
        writers=[] if over else _writers(game, card),
        clues_each=deck.clues_each(game),
        votes_needed=needed,
        score=deck.score(game),
        cards_left=0 if over else deck.cards_left(game),
        clue_deadline=None if over else card.clue_deadline,
        played=[
            _card_line(game, i, "all", you)
            for i in range(len(game.cards) if over else game.current)
        ],
        rating=rating(deck.score(game)) if over else None,
        you_may=permissions(room, game, you),
    )
    if over:
        return JustOneFinishedView(seat="player" if player else "spectator", **common)
    if player is None:
        return JustOneSpectatorView(seat="spectator", **common)
    if player.id == card.guesser_id:
        return JustOneGuesserView(seat="guesser", **common)
    return JustOneGiverView(seat="player", **common)


def _writers(game: JustOneGame, card: JustOneCard) -> list[WriterView]:
    written = {c.by for c in card.clues}
    return [
        WriterView(id=g, name=_name(game, g), done=g in written, ready=g in card.ready)
        for g in card.givers
    ]


def _name(game: JustOneGame, player_id: str | None) -> str:
    player = game.player(player_id) if player_id else None
    return player.name if player else ""


def _card_line(game: JustOneGame, index: int, sight: Sight, you: str | None) -> CardLine:
    """A card as `sight` may see it; a card that is over is everyone's."""
    card = game.cards[index]
    needed = deck.majority(card, game)
    done = card.phase is None or card.phase is CardPhase.REVEAL
    if done:
        sight = "all"
    picked = card.number is not None
    return CardLine(
        position=index + 1,
        guesser_id=card.guesser_id,
        guesser_name=_name(game, card.guesser_id) or None,
        number=card.number,
        mystery=card.mystery if picked and sight != "guesser" else None,
        clues=_clue_lines(game, card, sight, you, needed),
        answer=card.answer if done else None,
        result=card.result if done else None,
        overruled=card.overruled,
        overrule_votes=len(card.overrule_votes) if done else 0,
        you_overruled=you in card.overrule_votes if done else False,
    )


def _clue_lines(
    game: JustOneGame, card: JustOneCard, sight: Sight, you: str | None, needed: int
) -> list[ClueLine]:
    """J-3, J-4: who sees which clues, and how much of the compare."""
    phase = card.phase
    lines = []
    for index, clue in enumerate(card.clues):
        kept = deck.clue_kept(clue, needed)
        if sight == "giver" and phase is CardPhase.CLUES and clue.by != you:
            continue
        if sight == "guesser" and (phase is not CardPhase.GUESS or not kept):
            continue
        lines.append(_clue_line(game, index, clue, kept, sight, you))
    return lines


def _clue_line(
    game: JustOneGame, index: int, clue: WrittenClue, kept: bool, sight: Sight, you: str | None
) -> ClueLine:
    if sight == "guesser":
        return ClueLine(index=index, by=clue.by, by_name=_name(game, clue.by), word=clue.word)
    return ClueLine(
        index=index,
        by=clue.by,
        by_name=_name(game, clue.by),
        word=clue.word,
        removal=clue.removal,
        kind=clue.kind,
        like=clue.like,
        kept=kept,
        by_vote=kept != (clue.removal is None),
        votes=len(clue.flip_votes),
        you_voted=you in clue.flip_votes,
    )

"""A bot in a room: what it does next, read from its own seat's view only.

The service asks `wants_to_move` (cheap, no vectors) to know whether a
bot's move should be scheduled, and `next_action` when the move is due.
Both read the `RoomView` the engine builds for the bot's seat, the same
whitelist a person's page gets: a guesser's view holds no map, so a bot
guesser cannot peek (B-3). A captain's view holds its map, as a person
captain's does (B-2).
"""

from __future__ import annotations

from oneword.engine.together.views import TogetherPlayerView
from oneword.engine.versus.views import VersusCaptainView, VersusGuesserView

from ..engine.actions import Action, EndTurn, GiveClue, Mark, Open
from ..engine.codewords.forms import words_language
from ..engine.models import Colour, Team
from ..engine.view_parts import GameViewBase
from ..engine.views import RoomView
from .brain import Board, EarlierClue, Level, earlier_best, next_guess, pick, suggest
from .clue_rules import ClueCheck, clue_check
from .vectors import Association, association


def wants_to_move(view: RoomView) -> bool:
    """Does this seat have a move to make now? (Without reading vectors.)
    A bot guesser beside a person marks once a turn (B-4); among several
    bot guessers, the first in seat order moves. A person's seat played
    by a notebook (`next_action`) always moves when it may."""
    game, you = view.game, view.you
    if game is None or you is None or game.outcome is not None:
        return False
    if view.paused_at is not None:
        return False
    may = game.you_may
    if may.give_clue:
        return True
    if not may.open:
        return False
    if not you.bot:
        return True
    if _final_round(game):
        return not _people_play(view) and _first_bot(view) == you.id
    if _people_guess(view):
        if view.settings.one_device or game.preset == "codewords":
            return False  # no marks to make: the people open the cards
        return may.mark and not any(you.name in card.marked_by for card in game.board)
    return _acting_guesser(view) == you.id


def next_action(view: RoomView, level: Level = "medium") -> Action | None:
    """The seat's move as a bot would make it, or None when it has nothing
    to do; the in-game bots and notebooks both use it."""
    game, you = view.game, view.you
    if game is None or you is None or not wants_to_move(view):
        return None
    words = association(view.settings.language)
    if game.you_may.give_clue:
        settings = view.settings
        language = words_language(settings.language, bool(settings.custom_words))
        return _clue(words, game, level, clue_check(game.preset, language))
    return _guess(words, view, game, level)


def _clue(words: Association, game: GameViewBase, level: Level, check: ClueCheck) -> Action:
    """A clue the game's rules accept (its preset's), never one given before."""
    used = [e.clue.word for e in game.log if e.clue is not None]
    word, number = suggest(words, _board(game), level, avoid=used, check=check)
    return GiveClue(word=word, number=number)


def _board(game: GameViewBase) -> Board:
    """The captain's board: its own map (Versus) or its side's (Together)."""
    words = [c.word for c in game.board]
    if isinstance(game, VersusCaptainView):
        team = game.your_team
        assert team is not None
        opened = {c.index for c in game.board if c.colour is not None}
        return Board(
            words=words,
            own=_cards(game.key, Colour(team.value)),
            rival=_cards(game.key, Colour(team.other.value)),
            neutral=_cards(game.key, Colour.NEUTRAL),
            black=_cards(game.key, Colour.BLACK),
            opened=opened,
        )
    assert isinstance(game, TogetherPlayerView)
    side = game.your_team
    done = {c.index for c in game.board if c.colour is Colour.GREEN}
    done |= {c.index for c in game.board if side in c.neutral_for}
    return Board(
        words=words,
        own=_cards(game.key, Colour.GREEN),
        neutral=_cards(game.key, Colour.NEUTRAL),
        black=_cards(game.key, Colour.BLACK),
        opened=done,
    )


def _cards(key: list[Colour], colour: Colour) -> list[int]:
    return [i for i, c in enumerate(key) if c is colour]


def _final_round(game: GameViewBase) -> bool:
    return isinstance(game, TogetherPlayerView) and game.final_round and game.turn is None


def _final_guess(assoc: Association, game: GameViewBase) -> Action | None:
    """F-2, F-3: no clue; the card the other side's clues still point to
    most strongly (a card is checked against the other side's map)."""
    team = game.your_team
    assert team is not None
    closed = [c.index for c in game.board if c.colour is not Colour.GREEN]
    if not closed:
        return None
    earlier = _earlier(game, team.other) or [
        EarlierClue(e.clue.word, 1) for e in game.log if e.team is team.other and e.clue
    ]
    words = [c.word for c in game.board]
    card, _ = earlier_best(assoc, words, closed, earlier)
    return Open(card=card)


def _people_play(view: RoomView) -> bool:
    """A connected person other than this seat plays in the game."""
    game = view.game
    you = view.you.id if view.you else None
    people = {m.id for m in view.members if not m.bot and m.connected and m.id != you}
    return game is not None and any(p.id in people and not p.left for p in game.players)


def _first_bot(view: RoomView) -> str | None:
    game = view.game
    bots = {m.id for m in view.members if m.bot}
    players = game.players if game else []
    return next((p.id for p in players if p.id in bots and not p.left), None)


def _guess(assoc: Association, view: RoomView, game: GameViewBase, level: Level) -> Action | None:
    if _final_round(game):
        return _final_guess(assoc, game)
    turn = game.turn
    assert turn is not None and turn.clue is not None
    closed = _closed(game, turn.team)
    if not closed:
        return None
    if game.preset == "codewords" and turn.bonus_guess and game.you_may.end_turn:
        return EndTurn()  # K-2: a side of bot guessers answers the bonus question no
    words = [c.word for c in game.board]
    earlier = _earlier(game, turn.team)
    salt = f"{turn.number}:{game.openings_so_far}"
    you = view.you
    if you is not None and you.bot and _people_guess(view):
        marked, _ = pick(assoc, turn.clue.word, words, closed, earlier, level, salt)[0]
        return Mark(card=marked)
    number = None if turn.clue.unlimited else turn.clue.number
    assert number is None or isinstance(number, int)
    card = next_guess(
        assoc, turn.clue.word, number, words, closed, turn.opened, earlier, level, salt
    )
    if card is not None:
        return Open(card=card)
    if game.you_may.end_turn:
        return EndTurn()
    return Open(card=pick(assoc, turn.clue.word, words, closed, earlier, level)[0][0])


def _closed(game: GameViewBase, giver: Team) -> list[int]:
    """Cards a guesser may still open: not opened, and in Together not shown
    neutral to the side giving the clue."""
    if isinstance(game, TogetherPlayerView):
        return [
            c.index
            for c in game.board
            if c.colour is not Colour.GREEN and giver not in c.neutral_for
        ]
    return [c.index for c in game.board if c.colour is None]


def _earlier(game: GameViewBase, team: Team) -> list[EarlierClue]:
    """This team's earlier clues with cards still to find (their number less
    the team's own cards opened on them)."""
    versus = isinstance(game, VersusGuesserView | VersusCaptainView)
    hit = Colour(team.value) if versus else Colour.GREEN
    found: list[EarlierClue] = []
    for entry in game.log:
        if entry.team is not team or entry.clue is None or entry.clue.unlimited:
            continue
        if game.turn is not None and entry.turn == game.turn.number:
            continue
        hits = sum(1 for o in entry.openings if o.colour is hit)
        number = entry.clue.number
        if isinstance(number, int) and number > hits:
            found.append(EarlierClue(entry.clue.word, number - hits))
    return found


def _acting_guesser(view: RoomView) -> str | None:
    """The one bot of the guessing side that moves: the first in seat order
    (several bots on a team would otherwise each open a card)."""
    game = view.game
    if game is None or game.turn is None:
        return None
    bots = {m.id for m in view.members if m.bot}
    team = _guessing_side(game)
    for player in game.players:
        guesses = player.team is team and not player.left and player.role != "captain"
        if guesses and player.id in bots:
            return player.id
    return None


def _guessing_side(game: GameViewBase) -> Team:
    turn = game.turn
    assert turn is not None
    return turn.team.other if game.mode == "together" else turn.team


def _people_guess(view: RoomView) -> bool:
    """B-4: a connected person guesses on the bot's side: the person opens."""
    game = view.game
    assert game is not None
    you = view.you.id if view.you else None
    people = {m.id for m in view.members if not m.bot and m.connected and m.id != you}
    team = _guessing_side(game)
    return any(
        p.id in people and p.team is team and not p.left and p.role != "captain"
        for p in game.players
    )

"""A Just One deck as the rules and the views both read it: the card in
play, how many clues each giver writes, the score, and the votes that turn
the app's decision on a clue (J-1, J-3 to J-6)."""

from __future__ import annotations

import unicodedata

from .state import CardPhase, CardResult, JustOneCard, JustOneGame, WrittenClue

TWO_CLUES_UP_TO = 4
"""J-3: with 3 or 4 players each clue giver writes two clues."""


def fold(word: str) -> str:
    """Case and accents dropped: two deck words that would look the same."""
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def open_card(game: JustOneGame, index: int, guesser_id: str) -> None:
    card = game.cards[index]
    game.current = index
    card.phase = CardPhase.PICK
    card.guesser_id = guesser_id
    card.givers = [p.id for p in game.players if not p.left and p.id != guesser_id]


def current_card(game: JustOneGame) -> JustOneCard:
    return game.cards[game.current]


def clues_each(game: JustOneGame) -> int:
    """J-3: two clues each with 3 or 4 players, else one; counted when the
    card came up, so one who leaves mid-card changes nothing for it."""
    at_the_table = len(current_card(game).givers) + 1
    return 2 if at_the_table <= TWO_CLUES_UP_TO else 1


def score(game: JustOneGame) -> int:
    """J-6: the cards guessed right (a near miss the givers overruled counts)."""
    return sum(1 for c in game.cards if c.result is CardResult.RIGHT or c.overruled)


def cards_left(game: JustOneGame) -> int:
    """Cards not yet in play, not counting those a wrong answer took off."""
    return sum(1 for c in game.cards[game.current + 1 :] if c.result is None)


def seated(game: JustOneGame, player_id: str) -> bool:
    player = game.player(player_id)
    return player is not None and not player.left


def majority(card: JustOneCard, game: JustOneGame) -> int:
    """J-4, J-5: votes that decide, more than half of the card's clue givers
    still in the game."""
    givers = [g for g in card.givers if seated(game, g)]
    return len(givers) // 2 + 1


def clue_kept(clue: WrittenClue, needed: int) -> bool:
    """The app's decision, turned round by a majority of the clue givers."""
    flipped = len(clue.flip_votes) >= needed
    return (clue.removal is None) != flipped

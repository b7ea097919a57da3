"""PR-3: titles, earned from stats and kept for good.

Every title is a row of one table: its name, the condition a player reads,
and the stat and threshold that decide it. Adding a title is adding a row;
`earned_titles` checks them all after each game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .stats import Stats
from .xp import level_of

Kind = Literal["game", "general"]


@dataclass(frozen=True)
class Title:
    id: str
    name: str
    condition: str
    stat: str
    threshold: int
    mode: str | None = None  # None: counted over every mode
    kind: Kind = "general"


def _game(id: str, name: str, condition: str, stat: str, threshold: int, mode: str | None) -> Title:
    return Title(id, name, condition, stat, threshold, mode, "game")


TITLES: list[Title] = [
    # In One Word: clues, cards, wins and streaks.
    _game("first_clue", "First Word", "Give your first clue.", "clues_given", 1, None),
    _game("signal_fire", "Signal Fire", "Give 10 clues that find 2 or more cards.",
          "good_clues", 10, None),
    _game("wordsmith", "Wordsmith", "Give 50 clues that find 2 or more cards.",
          "good_clues", 50, None),
    _game("long_shot", "Long Shot", "Give a clue that finds 4 cards in one turn.",
          "best_clue_cards", 4, None),
    _game("master_of_links", "Master of Links", "Give a clue that finds 6 cards in one turn.",
          "best_clue_cards", 6, None),
    _game("sharp_eye", "Sharp Eye", "Open 25 of your team's cards.", "cards_found", 25, None),
    _game("card_hound", "Card Hound", "Open 150 of your team's cards.", "cards_found", 150, None),
    _game("black_cat", "Black Cat", "Open the black card 5 times.", "black_cards", 5, None),
    _game("versus_victor", "Versus Victor", "Win 10 Versus games.", "wins", 10, "versus"),
    _game("hat_trick", "Hat Trick", "Win 3 Versus games in a row with your team.",
          "best_streak", 3, "versus"),
    _game("unstoppable", "Unstoppable", "Win 10 Versus games in a row with your team.",
          "best_streak", 10, "versus"),
    _game("legend", "Legend in One Word", "Win 35 Versus games in a row with your team.",
          "best_streak", 35, "versus"),
    _game("good_partners", "Good Partners", "Win 5 Together games.", "wins", 5, "together"),
    _game("one_map", "Two Minds, One Map", "Win 25 Together games.", "wins", 25, "together"),
    _game("handler", "Trusted Handler", "Win 5 games under the Codewords rules.",
          "wins", 5, "codewords"),
    # Everything else: playing at all, winning, levels, tables, other games.
    Title("newcomer", "Newcomer", "Finish your first game.", "games", 1),
    Title("regular", "Regular", "Finish 10 games.", "games", 10),
    Title("veteran", "Veteran", "Finish 50 games.", "games", 50),
    Title("centurion", "Centurion", "Finish 100 games.", "games", 100),
    Title("old_hand", "Old Hand", "Finish 250 games.", "games", 250),
    Title("first_win", "First Win", "Win a game.", "wins", 1),
    Title("winners_circle", "Winner's Circle", "Win 25 games.", "wins", 25),
    Title("champion", "Champion", "Win 100 games.", "wins", 100),
    Title("team_spirit", "Team Spirit", "Win 3 games in a row in any game.", "best_streak", 3),
    Title("rising_star", "Rising Star", "Reach level 5.", "level", 5),
    Title("bright_spark", "Bright Spark", "Reach level 10.", "level", 10),
    Title("luminary", "Luminary", "Reach level 20.", "level", 20),
    Title("table_player", "Table Player", "Play 5 games on one device.", "one_device_games", 5),
    Title("round_the_table", "Round the Table", "Play 25 games on one device.",
          "one_device_games", 25),
    Title("explorer", "Explorer", "Play two different games or rule sets.", "modes_played", 2),
    Title("all_rounder", "All-Rounder", "Play Versus, Together, Codewords and Just One.",
          "modes_played", 4),
    Title("storyteller", "Storyteller", "Give 100 clues.", "clues_given", 100),
    Title("chatterbox", "Chatterbox", "Give 250 clues.", "clues_given", 250),
    Title("in_tune", "In Tune", "Score 50 cards in Just One.", "cards_scored", 50, "just_one"),
    Title("mind_reader", "Mind Reader", "Score 150 cards in Just One.",
          "cards_scored", 150, "just_one"),
    Title("collector", "Collector", "Earn 10 other titles.", "titles", 10),
]  # fmt: skip

BY_ID = {title.id: title for title in TITLES}


def stat_value(stats: Stats, title: Title) -> int:
    """The number a title's condition reads from the stats."""
    match title.stat:
        case "level":
            return level_of(stats.xp).number
        case "one_device_games":
            return stats.one_device_games
        case "modes_played":
            return sum(1 for m in stats.modes.values() if m.games)
        case "titles":
            return len(stats.titles)
        case stat if title.mode is not None:
            return int(getattr(stats.mode(title.mode), stat))
        case stat:
            return stats.total(stat)


def earned_titles(stats: Stats) -> list[Title]:
    """Every title whose condition the stats meet now."""
    return [t for t in TITLES if stat_value(stats, t) >= t.threshold]


def new_titles(stats: Stats) -> Stats:
    """The stats with every newly earned title added (titles are never
    taken away, even when a streak ends). Run until nothing changes, since
    earning titles can earn "Collector"."""
    while True:
        fresh = [t.id for t in earned_titles(stats) if t.id not in stats.titles]
        if not fresh:
            return stats
        stats = stats.model_copy(update={"titles": [*stats.titles, *fresh]})

"""PR-3: titles, earned from stats and kept for good.

Every title is a row of one table: its name, the condition a player reads
(both marked for the message catalogs: show them with `oneword.i18n._`),
and the stat and threshold that decide it. Adding a title is adding a row;
`earned_titles` checks them all after each game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from oneword.i18n import N_

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
    _game("first_clue", N_("First Word"), N_("Give your first clue."), "clues_given", 1, None),
    _game("signal_fire", N_("Signal Fire"), N_("Give 10 clues that find 2 or more cards."),
          "good_clues", 10, None),
    _game("wordsmith", N_("Wordsmith"), N_("Give 50 clues that find 2 or more cards."),
          "good_clues", 50, None),
    _game("long_shot", N_("Long Shot"), N_("Give a clue that finds 4 cards in one turn."),
          "best_clue_cards", 4, None),
    _game("master_of_links", N_("Master of Links"),
          N_("Give a clue that finds 6 cards in one turn."),
          "best_clue_cards", 6, None),
    _game("sharp_eye", N_("Sharp Eye"), N_("Open 25 of your team's cards."),
          "cards_found", 25, None),
    _game("card_hound", N_("Card Hound"), N_("Open 150 of your team's cards."),
          "cards_found", 150, None),
    _game("black_cat", N_("Black Cat"), N_("Open the black card 5 times."), "black_cards", 5, None),
    _game("versus_victor", N_("Versus Victor"), N_("Win 10 Versus games."), "wins", 10, "versus"),
    _game("hat_trick", N_("Hat Trick"), N_("Win 3 Versus games in a row with your team."),
          "best_streak", 3, "versus"),
    _game("unstoppable", N_("Unstoppable"), N_("Win 10 Versus games in a row with your team."),
          "best_streak", 10, "versus"),
    _game("legend", N_("Legend in One Word"), N_("Win 35 Versus games in a row with your team."),
          "best_streak", 35, "versus"),
    _game("good_partners", N_("Good Partners"), N_("Win 5 Together games."), "wins", 5, "together"),
    _game("one_map", N_("Two Minds, One Map"), N_("Win 25 Together games."),
          "wins", 25, "together"),
    _game("handler", N_("Trusted Handler"), N_("Win 5 games under the Codewords rules."),
          "wins", 5, "codewords"),
    # Everything else: playing at all, winning, levels, tables, other games.
    Title("newcomer", N_("Newcomer"), N_("Finish your first game."), "games", 1),
    Title("regular", N_("Regular"), N_("Finish 10 games."), "games", 10),
    Title("veteran", N_("Veteran"), N_("Finish 50 games."), "games", 50),
    Title("centurion", N_("Centurion"), N_("Finish 100 games."), "games", 100),
    Title("old_hand", N_("Old Hand"), N_("Finish 250 games."), "games", 250),
    Title("first_win", N_("First Win"), N_("Win a game."), "wins", 1),
    Title("winners_circle", N_("Winner's Circle"), N_("Win 25 games."), "wins", 25),
    Title("champion", N_("Champion"), N_("Win 100 games."), "wins", 100),
    Title("team_spirit", N_("Team Spirit"), N_("Win 3 games in a row in any game."),
          "best_streak", 3),
    Title("rising_star", N_("Rising Star"), N_("Reach level 5."), "level", 5),
    Title("bright_spark", N_("Bright Spark"), N_("Reach level 10."), "level", 10),
    Title("luminary", N_("Luminary"), N_("Reach level 20."), "level", 20),
    Title("table_player", N_("Table Player"), N_("Play 5 games on one device."),
          "one_device_games", 5),
    Title("round_the_table", N_("Round the Table"), N_("Play 25 games on one device."),
          "one_device_games", 25),
    Title("explorer", N_("Explorer"), N_("Play two different games or rule sets."),
          "modes_played", 2),
    Title("all_rounder", N_("All-Rounder"), N_("Play Versus, Together, Codewords and Just One."),
          "modes_played", 4),
    Title("storyteller", N_("Storyteller"), N_("Give 100 clues."), "clues_given", 100),
    Title("chatterbox", N_("Chatterbox"), N_("Give 250 clues."), "clues_given", 250),
    Title("in_tune", N_("In Tune"), N_("Score 50 cards in Just One."),
          "cards_scored", 50, "just_one"),
    Title("mind_reader", N_("Mind Reader"), N_("Score 150 cards in Just One."),
          "cards_scored", 150, "just_one"),
    Title("collector", N_("Collector"), N_("Earn 10 other titles."), "titles", 10),
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

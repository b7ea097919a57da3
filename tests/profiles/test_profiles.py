"""PR-2 and PR-3 on crafted records: stats, streaks, XP, levels and titles."""

from __future__ import annotations

import pytest

from oneword.profiles import (
    TITLES,
    XP_TABLE,
    PlayerGame,
    Stats,
    add_game,
    earned_titles,
    level_of,
    new_titles,
    xp_for,
)
from oneword.profiles.stats import ModeStats
from oneword.profiles.titles import Title, stat_value


def play(stats: Stats, *games: PlayerGame) -> Stats:
    for game in games:
        stats = new_titles(add_game(stats, game))
    return stats


WIN = PlayerGame(mode="versus", won=True)
LOSS = PlayerGame(mode="versus", won=False)


def test_PR_2_a_streak_grows_with_wins_and_a_loss_breaks_it() -> None:
    stats = play(Stats(), WIN, WIN, WIN, LOSS, WIN)
    versus = stats.mode("versus")
    assert (versus.games, versus.wins, versus.streak, versus.best_streak) == (5, 4, 1, 3)


def test_PR_2_stats_add_up_per_mode_and_keep_the_best_clue() -> None:
    clue = PlayerGame(mode="together", won=True, clues_given=2, good_clues=1,
                      best_clue="ocean", best_clue_cards=3, cards_found=4)  # fmt: skip
    weaker = PlayerGame(mode="together", won=False, clues_given=1, best_clue="sand",
                        best_clue_cards=1, black_cards=1)  # fmt: skip
    stats = play(Stats(), clue, weaker, WIN)
    together = stats.mode("together")
    assert (together.clues_given, together.good_clues, together.cards_found) == (3, 1, 4)
    assert (together.best_clue, together.best_clue_cards, together.black_cards) == ("ocean", 3, 1)
    assert stats.mode("versus").games == 1 and stats.total("games") == 3


def test_PR_2_xp_follows_the_documented_table() -> None:
    game = PlayerGame(mode="versus", won=True, cards_found=3, good_clues=2)
    lines = dict(xp_for(game))
    assert lines == {
        "finished": XP_TABLE["finished"],
        "win": XP_TABLE["win"],
        "card_found": 3 * XP_TABLE["card_found"],
        "good_clue": 2 * XP_TABLE["good_clue"],
    }
    assert add_game(Stats(), game).xp == sum(lines.values())
    assert dict(xp_for(LOSS)) == {"finished": XP_TABLE["finished"]}


@pytest.mark.parametrize(
    ("xp", "level", "into", "to_next"),
    [(0, 1, 0, 100), (99, 1, 99, 100), (100, 2, 0, 200), (299, 2, 199, 200), (300, 3, 0, 300),
     (4500, 10, 0, 1000)],
)  # fmt: skip
def test_PR_2_levels_follow_the_curve(xp: int, level: int, into: int, to_next: int) -> None:
    got = level_of(xp)
    assert (got.number, got.xp_into, got.xp_to_next) == (level, into, to_next)


def test_PR_3_there_are_enough_titles_each_with_a_condition() -> None:
    game = [t for t in TITLES if t.kind == "game"]
    general = [t for t in TITLES if t.kind == "general"]
    assert len(game) >= 14 and len(general) >= 21
    assert len({t.id for t in TITLES}) == len(TITLES)
    assert len({t.name for t in TITLES}) == len(TITLES)
    assert all(t.condition.endswith(".") and t.threshold > 0 for t in TITLES)
    legend = next(t for t in TITLES if t.name == "Legend in One Word")
    assert (legend.stat, legend.mode, legend.threshold) == ("best_streak", "versus", 35)


@pytest.mark.parametrize("title", TITLES, ids=lambda t: t.id)
def test_PR_3_each_title_is_earned_exactly_at_its_threshold(title: Title) -> None:
    below, at = crafted(title, title.threshold - 1), crafted(title, title.threshold)
    assert stat_value(at, title) == title.threshold
    assert title not in earned_titles(below)
    assert title in earned_titles(at)


def crafted(title: Title, value: int) -> Stats:
    """Stats where the title's stat reads `value` and nothing else is set."""
    match title.stat:
        case "level":
            from oneword.profiles.xp import xp_at_level

            return Stats(xp=xp_at_level(value) if value > 0 else 0)
        case "one_device_games":
            return Stats(one_device_games=value)
        case "modes_played":
            modes = ["versus", "together", "codewords", "justone"][:value]
            return Stats(modes={m: ModeStats(games=1) for m in modes})
        case "titles":
            return Stats(titles=[f"t{i}" for i in range(value)])
        case stat:
            return Stats(modes={title.mode or "versus": ModeStats(**{stat: value})})


def test_PR_3_titles_are_kept_when_a_streak_ends() -> None:
    stats = play(Stats(), WIN, WIN, WIN)
    assert "hat_trick" in stats.titles
    stats = play(stats, LOSS)
    assert stats.mode("versus").streak == 0 and "hat_trick" in stats.titles


def test_PR_3_earning_ten_titles_earns_the_collector_too() -> None:
    stats = Stats(titles=[f"t{i}" for i in range(9)])
    stats = new_titles(add_game(stats, WIN))  # Newcomer, First Win: 11 titles, then Collector
    assert "collector" in stats.titles
    assert stats.titles.index("collector") > stats.titles.index("first_win")

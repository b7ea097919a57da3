"""The words for the facts the engine records: how a game ended (R-1), why
a turn was skipped, what the lobby tells everyone (G-4, G-5).

The engine stores codes and values, never sentences; this module is the
one place that turns them into English, for the pages and the notebook
helpers alike, so another language is another table, not another engine.
"""

from __future__ import annotations

from collections.abc import Mapping

from oneword.engine import Ending, Mode
from oneword.engine.justone.views import Rating
from oneword.engine.models import CardResult, Notice, NoticeKind, SkipReason, Team
from oneword.engine.views import LogEntryView, OutcomeView, SideView
from oneword.i18n import N_, _, ngettext

GREENS_IN_ALL = 15


def plural(count: int, one: str, many: str) -> str:
    """ "1 player", "3 players": the count and the right form of the noun."""
    return f"{count} {one if count == 1 else many}"


PRESET_NAMES = {"in_one_word": "In One Word", "codewords": "Codewords"}
"""K: the rules presets, as the lobby and the results name them."""


def preset_name(preset: str) -> str:
    return PRESET_NAMES.get(preset, preset)


def outcome_text(
    outcome: OutcomeView, mode: str, sides: Mapping[Team, SideView] | None = None
) -> str:
    """R-1: how the game was decided, in one sentence; a side with its own
    name (K-2) is called by it."""
    team = outcome.decided_by
    names = {t: (sides[t].name if sides and t in sides else t.label) for t in Team}
    name = names[team] if team else "A team"
    winner = names[outcome.winner] if outcome.winner else ""
    match outcome.ending:
        case Ending.ALL_FOUND:
            return f"{name} found all its cards."
        case Ending.RIVAL_OPENED_LAST:
            return f"{name} opened {winner}'s last card: {winner} wins."
        case Ending.BLACK_CARD if outcome.winner is not None:
            return f"{name} opened the black card: {winner} wins."
        case Ending.BLACK_CARD:
            return f"{name} opened a black card: everyone loses."
        case Ending.ALL_GREENS_FOUND:
            return f"Everyone wins: all {GREENS_IN_ALL} green cards found."
        case Ending.FINAL_ROUND_WON:
            return "Everyone wins: the last green cards were found in the Final Round."
        case Ending.FINAL_ROUND_WRONG_CARD:
            word = (outcome.card_word or "a card").upper()
            return f"Turns ran out and {word} was a wrong card in the Final Round: everyone loses."
        case Ending.TEAM_LEFT:
            return _team_left(outcome, mode)
        case Ending.DECK_PLAYED:
            return "The whole deck has been played."
    return ""


def _team_left(outcome: OutcomeView, mode: str) -> str:
    """G-8: a Versus team below 2 players, or a Together side with nobody."""
    team = outcome.decided_by
    if mode == Mode.JUST_ONE:
        return "Fewer than 2 players are left: the game ends here."
    if team is None:
        return "A team left: no result."
    if mode == Mode.TOGETHER:
        return f"Nobody is left on {team.label}'s side: no result."
    return f"{team.label} has fewer than 2 players left: no result."


def skip_text(entry: LogEntryView) -> str:
    """Why a turn ended without its team ending it (X-2, X-4, X-6, X-7)."""
    team = entry.team.label if entry.team else "The"
    match entry.skip:
        case SkipReason.TIME_RAN_OUT:
            return f"{team}'s time ran out: turn skipped."
        case SkipReason.CAPTAIN_AWAY:
            return f"{team}'s captain lost connection: turn skipped."
        case SkipReason.GUESSERS_AWAY:
            return f"{team}'s guessers lost connection: turn ended."
        case SkipReason.SIDE_AWAY:
            return f"Nobody on {team}'s side was connected: turn skipped."
    return ""


def log_note(entry: LogEntryView) -> str:
    """The note a clue log line carries: the Final Round's start, or a skip."""
    return "Final Round" if entry.final_round else skip_text(entry)


def timer_text(seconds: int, off: str | None = None) -> str:
    """X-1: a clue timer choice as the lobby names it (`off`: what no timer
    is called, "No timer" unless the caller says)."""
    if seconds == 0:
        return _("No timer") if off is None else off
    minutes = seconds // 60
    return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)


def notice_text(notice: Notice) -> str:
    """G-4, G-5: why the lobby's game type changed by itself."""
    players = plural(notice.players, "player", "players")
    if notice.kind is NoticeKind.LEFT_JUST_ONE:
        return (
            f"Switched to In One Word: Just One is for 3-7 players, and the room has {players} now."
        )
    if notice.kind is NoticeKind.SWITCHED_TO_VERSUS:
        return f"Switched to Versus: Together is for 2-6 players, and the room has {players} now."
    return f"Switched to Together: Versus is for 4-10 players, and the room has {players} now."


# Just One (J)
RATINGS = {
    Rating.PERFECT: N_("Not one card missed: a perfect deck."),
    Rating.AMAZING: N_("One card short of perfect: remarkable."),
    Rating.GREAT: N_("A great deck: your clues clicked."),
    Rating.VERY_GOOD: N_("Very good: most clues landed."),
    Rating.GOOD: N_("Good: a solid table."),
    Rating.FAIR: N_("A fair start: keep your clues apart next time."),
    Rating.WARM_UP: N_("A warm-up: the next deck can only go better."),
}
"""J-6: what the results say for each rating."""

REMOVALS = {
    "duplicate": "same as another clue",
    "mystery_word": "the mystery word, or too close to it",
    "not_a_word": "not a single word",
}
"""J-4: why the app took a clue out, by `compare.Removal` code."""

CARD_RESULTS = {
    CardResult.RIGHT: "Right",
    CardResult.WRONG: "Wrong",
    CardResult.PASSED: "Passed",
    CardResult.LOST: "Lost to the wrong answer before it",
    CardResult.UNPLAYED: "Not played",
}
"""J-5, J-6: how each card ended."""


def rating_text(rating: Rating) -> str:
    return _(RATINGS[rating])


def removal_text(code: str | None, by_vote: bool, kept: bool) -> str:
    """J-4, J-6: why a clue was removed or restored, and by whom."""
    if by_vote:
        return "restored by vote" if kept else "removed by vote"
    if code is None:
        return ""
    return f"removed: {REMOVALS.get(code, code)}"


def card_result_text(result: CardResult | None, overruled: bool) -> str:
    if result is None:
        return ""
    if overruled:
        return "Counted as right by the clue givers"
    return CARD_RESULTS[result]

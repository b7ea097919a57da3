"""The words for the facts the engine records: how a game ended (R-1), why
a turn was skipped, what the lobby tells everyone (G-4, G-5).

The engine stores codes and values, never sentences; this module is the
one place that turns them into words, for the pages and the notebook
helpers alike, in the current language (`oneword.i18n`: the session's on
a page, English elsewhere), so another language is another catalog, not
another engine. Every template is translated before values are put in.
"""

from __future__ import annotations

from collections.abc import Mapping

from oneword.engine import Ending, Mode
from oneword.engine.models import Notice, NoticeKind, SkipReason, Team
from oneword.engine.views import LogEntryView, OutcomeView, SideView
from oneword.i18n import N_, _, ngettext

GREENS_IN_ALL = 15


def plural(count: int, one: str, many: str) -> str:
    """ "1 player", "3 players": the count and the right English form of the
    noun, for English-only output (a page uses `ngettext`)."""
    return f"{count} {one if count == 1 else many}"


PRESET_NAMES = {"in_one_word": N_("In One Word"), "codewords": N_("Codewords")}
"""K: the rules presets, as the lobby and the results name them."""


def preset_name(preset: str) -> str:
    name = PRESET_NAMES.get(preset)
    return _(name) if name else preset


def team_name(team: Team) -> str:
    """A team's name in the current language ("Red", "Rot", "Rouge")."""
    return _(team.label)


def outcome_text(
    outcome: OutcomeView, mode: str, sides: Mapping[Team, SideView] | None = None
) -> str:
    """R-1: how the game was decided, in one sentence; a side with its own
    name (K-2) is called by it."""
    team = outcome.decided_by
    names = {t: (_(sides[t].name) if sides and t in sides else team_name(t)) for t in Team}
    name = names[team] if team else None
    winner = names[outcome.winner] if outcome.winner else ""
    match outcome.ending:
        case Ending.ALL_FOUND if name is None:
            return _("A team found all its cards.")
        case Ending.ALL_FOUND:
            return _("{team} found all its cards.").format(team=name)
        case Ending.RIVAL_OPENED_LAST:
            return _("{team} opened {winner}'s last card: {winner} wins.").format(
                team=name or _("A team"), winner=winner
            )
        case Ending.BLACK_CARD if outcome.winner is not None:
            return _("{team} opened the black card: {winner} wins.").format(
                team=name or _("A team"), winner=winner
            )
        case Ending.BLACK_CARD if name is None:
            return _("A team opened a black card: everyone loses.")
        case Ending.BLACK_CARD:
            return _("{team} opened a black card: everyone loses.").format(team=name)
        case Ending.ALL_GREENS_FOUND:
            return _("Everyone wins: all {count} green cards found.").format(count=GREENS_IN_ALL)
        case Ending.FINAL_ROUND_WON:
            return _("Everyone wins: the last green cards were found in the Final Round.")
        case Ending.FINAL_ROUND_WRONG_CARD if outcome.card_word:
            return _(
                "Turns ran out and {word} was a wrong card in the Final Round: everyone loses."
            ).format(word=outcome.card_word.upper())
        case Ending.FINAL_ROUND_WRONG_CARD:
            return _("Turns ran out on a wrong card in the Final Round: everyone loses.")
        case Ending.TEAM_LEFT:
            return _team_left(outcome, mode)
        case Ending.DECK_PLAYED:
            return _("The whole deck has been played.")
        case Ending.HOST_ENDED:
            return _("The host ended the game: no result.")
    return ""


def _team_left(outcome: OutcomeView, mode: str) -> str:
    """G-8: a Versus team below 2 players, or a Together side with nobody."""
    team = outcome.decided_by
    if mode == Mode.JUST_ONE:
        return _("Fewer than 2 players are left: the game ends here.")
    if team is None:
        return _("A team left: no result.")
    if mode == Mode.TOGETHER:
        return _("Nobody is left on {team}'s side: no result.").format(team=team_name(team))
    return _("{team} has fewer than 2 players left: no result.").format(team=team_name(team))


SKIPS = {
    SkipReason.TIME_RAN_OUT: N_("{team}'s time ran out: turn skipped."),
    SkipReason.CAPTAIN_AWAY: N_("{team}'s captain lost connection: turn skipped."),
    SkipReason.GUESSERS_AWAY: N_("{team}'s guessers lost connection: turn ended."),
    SkipReason.SIDE_AWAY: N_("Nobody on {team}'s side was connected: turn skipped."),
}
"""X-2, X-4, X-6, X-7: why a team's turn ended without it."""

SKIPS_NO_TEAM = {
    SkipReason.TIME_RAN_OUT: N_("The time ran out: turn skipped."),
    SkipReason.CAPTAIN_AWAY: N_("The captain lost connection: turn skipped."),
    SkipReason.GUESSERS_AWAY: N_("The guessers lost connection: turn ended."),
    SkipReason.SIDE_AWAY: N_("Nobody on the side was connected: turn skipped."),
}


def skip_text(entry: LogEntryView) -> str:
    """Why a turn ended without its team ending it (X-2, X-4, X-6, X-7)."""
    if entry.skip is None:
        return ""
    if entry.team is None:
        return _(SKIPS_NO_TEAM.get(entry.skip, ""))
    template = SKIPS.get(entry.skip)
    return _(template).format(team=team_name(entry.team)) if template else ""


def log_note(entry: LogEntryView) -> str:
    """The note a clue log line carries: the Final Round's start, or a skip."""
    return _("Final Round") if entry.final_round else skip_text(entry)


def timer_text(seconds: int, off: str | None = None) -> str:
    """X-1: a clue timer choice as the lobby names it (`off`: what no timer
    is called, "No timer" unless the caller says)."""
    if seconds == 0:
        return _("No timer") if off is None else off
    minutes = seconds // 60
    return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)


def players_text(count: int) -> str:
    """ "1 player", "3 players", in the current language."""
    return ngettext("{count} player", "{count} players", count).format(count=count)


def notice_text(notice: Notice) -> str:
    """G-4, G-5: why the lobby's game type changed by itself."""
    players = players_text(notice.players)
    if notice.kind is NoticeKind.LEFT_JUST_ONE:
        return _(
            "Switched to In One Word: Just One is for 3-7 players, and the room has {players} now."
        ).format(players=players)
    if notice.kind is NoticeKind.SWITCHED_TO_VERSUS:
        return _(
            "Switched to Versus: Together is for 2-6 players, and the room has {players} now."
        ).format(players=players)
    return _(
        "Switched to Together: Versus is for 4-10 players, and the room has {players} now."
    ).format(players=players)

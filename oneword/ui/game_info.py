"""The parts of a game screen around the board: whose turn, the clue, the
cards left, timers, warnings and the clue log."""

from __future__ import annotations

import time
from collections.abc import Mapping

import streamlit as st

from oneword.engine import Colour, RoomView, Team
from oneword.engine.together.views import TogetherView
from oneword.engine.versus.views import VersusView
from oneword.engine.view_parts import SideView
from oneword.engine.views import GameViewBase, LogEntryView
from oneword.i18n import _, ngettext
from oneword.ui.countdown import countdown
from oneword.ui.symbols import SYMBOL, team_badge
from oneword.ui.text import escape_html, plain, say, tell
from oneword.wording import log_note, notice_text


def warnings(view: RoomView) -> None:
    """G-7 and G-5 messages everyone should see."""
    if view.host_warning and view.host_name:
        say(
            "warning",
            _(
                "The host lost connection: hosting passes on if they are not back soon. "
                "(Host: {name})"
            ),
            icon=":material/wifi_off:",
            name=view.host_name,
        )
    if view.notice:
        tell("info", notice_text(view.notice))
    if view.bot_thinking:
        st.caption(_("Bot is thinking…"))


def score_line(game: GameViewBase) -> str:
    """Cards left per team (Versus) or greens and turns left (Together)."""
    if isinstance(game, VersusView):
        return "   ".join(
            _("{team}: {count} left").format(team=team_badge(team, game.sides), count=left)
            for team, left in game.cards_left.items()
        )
    assert isinstance(game, TogetherView)
    turns = (
        _("Final Round")
        if game.final_round
        else _("turn {number} of {total}").format(
            number=min(game.turns_used + 1, game.turn_limit), total=game.turn_limit
        )
    )
    greens = ngettext(
        "{count} green card to find", "{count} green cards to find", game.greens_left
    ).format(count=game.greens_left)
    return f"{SYMBOL[Colour.GREEN]} {greens} · {turns}"


def turn_line(game: GameViewBase) -> str:
    turn = game.turn
    if turn is None:
        return ""
    giver = plain("{name}", name=turn.giver_name or "?")
    if isinstance(game, VersusView):
        who = _("{team} plays").format(team=team_badge(turn.team, game.sides))
    else:
        who = _("{team} side gives the clue").format(team=team_badge(turn.team))
    if turn.clue is None:
        return _("{who}: waiting for {giver}'s clue.").format(who=who, giver=giver)
    if turn.guesses_left is None:
        return _("{who}: clue from {giver}, unlimited guesses.").format(who=who, giver=giver)
    return ngettext(
        "{who}: clue from {giver}, {count} guess left.",
        "{who}: clue from {giver}, {count} guesses left.",
        turn.guesses_left,
    ).format(who=who, giver=giver, count=turn.guesses_left)


def clue_banner(game: GameViewBase, *, big: bool = False) -> None:
    """The clue in large type (user text: shown with st.text-like escaping)."""
    turn = game.turn
    if turn is None or turn.clue is None:
        return
    size = "3.2rem" if big else "2rem"
    clue = plain("{word} · {number}", word=turn.clue.word.upper(), number=turn.clue.number_text)
    st.html(
        f'<div style="font-size:{size};font-weight:800;letter-spacing:0.04em">'
        f"{escape_html(clue)}</div>"
    )


def timers(game: GameViewBase, *, big: bool = False, paused_at: float | None = None) -> None:
    """Clue timer and the waits for a lost connection (X-1, X-4, X-6, X-7);
    while paused (L-7) the clock shows the time it had left."""
    turn = game.turn
    if turn is None:
        return
    now = paused_at if paused_at is not None else time.time()
    if turn.clue is None and turn.clue_deadline is not None:
        if game.one_device and turn.clue_deadline <= now:
            st.warning(_("Time is up for the clue."), icon=":material/timer_off:")
        else:
            countdown(
                _("Clue time"),
                turn.clue_deadline - now,
                key="clue",
                big=big,
                frozen=paused_at is not None,
            )
    if turn.giver_away_deadline is not None:
        say(
            "warning",
            _(
                "{name} lost connection. Waiting for them to come "
                "back, then someone else takes over or the turn is skipped."
            ),
            icon=":material/wifi_off:",
            name=turn.giver_name or _("The clue giver"),
        )
    if turn.guessers_away_deadline is not None:
        st.warning(
            _("Every guesser lost connection: the turn ends if nobody is back within a minute."),
            icon=":material/wifi_off:",
        )


def pause_banner(view: RoomView) -> None:
    """L-7: everyone sees that the game is paused, and by whom."""
    if view.paused_at is not None:
        say(
            "warning",
            _("Paused by {name}: every timer has stopped."),
            icon=":material/pause_circle:",
            name=view.paused_by or _("a player"),
        )


def opened_words(entry: LogEntryView) -> str:
    """The cards a turn opened, each with its colour's sign (plain text)."""
    return ", ".join(
        plain("{sign} {word}", sign=SYMBOL[o.colour], word=o.word) for o in entry.openings
    )


def _entry_line(entry: LogEntryView, sides: Mapping[Team, SideView]) -> str:
    if entry.clue is None:
        return log_note(entry)
    giver = plain("{name}", name=entry.giver_name)
    who = f"{team_badge(entry.team, sides)} · {giver}" if entry.team else giver
    opened = opened_words(entry) or _("nothing opened")
    note = f" ({log_note(entry)})" if log_note(entry) else ""
    clue = plain("{word}", word=entry.clue.word)
    return f"{entry.turn}. {who}: {clue} {entry.clue.number_text} → {opened}{note}"


def clue_log(game: GameViewBase, *, expanded: bool = False) -> None:
    """R-2's clue log, in order: every clue, its giver and what it opened;
    a side with its own name (K-2) is called by it."""
    sides = game.sides
    with st.expander(_("Clue log"), expanded=expanded):
        if not game.log:
            st.text(_("No clues yet."))
        for entry in game.log:
            if entry.clue is None and entry.team is None:
                opened = opened_words(entry) or _("nothing opened yet")
                st.text(f"{log_note(entry)}: {opened}")
            else:
                st.text(_entry_line(entry, sides))

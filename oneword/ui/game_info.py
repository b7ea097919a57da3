"""The parts of a game screen around the board: whose turn, the clue, the
cards left, timers, warnings and the clue log."""

from __future__ import annotations

import time

import streamlit as st

from oneword.engine import Colour, RoomView
from oneword.engine.views import GameViewBase, LogEntryView, TogetherView, VersusView
from oneword.wording import log_note, notice_text, plural

from .countdown import countdown
from .symbols import SYMBOL, team_badge
from .text import escape_html, escape_markdown


def warnings(view: RoomView) -> None:
    """G-7 and G-5 messages everyone should see."""
    if view.host_warning and view.host_name:
        st.warning(
            f"The host lost connection: hosting passes on if they are not back soon. "
            f"(Host: {escape_markdown(view.host_name)})",
            icon=":material/wifi_off:",
        )
    if view.notice:
        st.info(notice_text(view.notice))
    if view.bot_thinking:
        st.caption("Bot is thinking…")


def score_line(game: GameViewBase) -> str:
    """Cards left per team (Versus) or greens and turns left (Together)."""
    if isinstance(game, VersusView):
        return "   ".join(
            f"{team_badge(team, game.sides)}: {left} left" for team, left in game.cards_left.items()
        )
    assert isinstance(game, TogetherView)
    turns = (
        "Final Round"
        if game.final_round
        else f"turn {min(game.turns_used + 1, game.turn_limit)} of {game.turn_limit}"
    )
    greens = plural(game.greens_left, "green card", "green cards")
    return f"{SYMBOL[Colour.GREEN]} {greens} to find · {turns}"


def turn_line(game: GameViewBase) -> str:
    turn = game.turn
    if turn is None:
        return ""
    giver = turn.giver_name or "?"
    if isinstance(game, VersusView):
        who = f"{team_badge(turn.team, game.sides)} plays"
    else:
        who = f"{team_badge(turn.team)} side gives the clue"
    if turn.clue is None:
        return f"{who}: waiting for {giver}'s clue."
    if turn.guesses_left is None:
        left = "unlimited guesses"
    else:
        left = f"{plural(turn.guesses_left, 'guess', 'guesses')} left"
    return f"{who}: clue from {giver}, {left}."


def clue_banner(game: GameViewBase, *, big: bool = False) -> None:
    """The clue in large type (user text: shown with st.text-like escaping)."""
    turn = game.turn
    if turn is None or turn.clue is None:
        return
    size = "3.2rem" if big else "2rem"
    st.html(
        f'<div style="font-size:{size};font-weight:800;letter-spacing:0.04em">'
        f"{escape_html(turn.clue.word.upper())} · {escape_html(turn.clue.number_text)}</div>"
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
            st.warning("Time is up for the clue.", icon=":material/timer_off:")
        else:
            countdown(
                "Clue time",
                turn.clue_deadline - now,
                key="clue",
                big=big,
                frozen=paused_at is not None,
            )
    if turn.giver_away_deadline is not None:
        st.warning(
            f"{turn.giver_name or 'The clue giver'} lost connection. Waiting for them to come "
            "back, then someone else takes over or the turn is skipped.",
            icon=":material/wifi_off:",
        )
    if turn.guessers_away_deadline is not None:
        st.warning(
            "Every guesser lost connection: the turn ends if nobody is back within a minute.",
            icon=":material/wifi_off:",
        )


def pause_banner(view: RoomView) -> None:
    """L-7: everyone sees that the game is paused, and by whom."""
    if view.paused_at is not None:
        st.warning(
            f"Paused by {view.paused_by or 'a player'}: every timer has stopped.",
            icon=":material/pause_circle:",
        )


def _entry_line(entry: LogEntryView) -> str:
    if entry.clue is None:
        return log_note(entry)
    who = f"{team_badge(entry.team)} · {entry.giver_name}" if entry.team else entry.giver_name
    opened = ", ".join(f"{SYMBOL[o.colour]} {o.word}" for o in entry.openings) or "nothing opened"
    note = f" ({log_note(entry)})" if log_note(entry) else ""
    return f"{entry.turn}. {who}: {entry.clue.word} {entry.clue.number_text} → {opened}{note}"


def clue_log(game: GameViewBase, *, expanded: bool = False) -> None:
    """R-2's clue log, in order: every clue, its giver and what it opened."""
    with st.expander("Clue log", expanded=expanded):
        if not game.log:
            st.text("No clues yet.")
        for entry in game.log:
            if entry.clue is None and entry.team is None:
                opened = ", ".join(f"{SYMBOL[o.colour]} {o.word}" for o in entry.openings)
                st.text(f"{log_note(entry)}: {opened or 'nothing opened yet'}")
            else:
                st.text(_entry_line(entry))

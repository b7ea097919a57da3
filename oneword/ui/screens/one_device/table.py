"""The pieces of the one-device game screen (O-2, O-3, O-4, P-7): type that
reads from the back of a classroom on a projector and still fits a phone,
the cards left per team, the clue, and a clue timer that only warns.
Sides are called by the view's names for them (K-2).

Which step of the turn the device is on (map shown, guessing started) is
kept in the session, never in the room: a reload or a new browser starts
with the map hidden.
"""

from __future__ import annotations

import time

import streamlit as st

from oneword.engine import Colour, Team
from oneword.engine.versus.views import VersusView
from oneword.i18n import _, ngettext
from oneword.ui.symbols import paint, team_badge
from oneword.ui.text import escape_html, plain

# Sizes follow the smaller of the screen's width and height, so a 1920x1080
# projector gets large type and a 5x5 board that fills the screen, and a
# 390 px phone keeps every card on one row of five.
SCREEN_CSS = """
<style>
.block-container, [data-testid='stMainBlockContainer']
  {padding-top:4rem; padding-bottom:1rem; padding-left:clamp(0.5rem, 1.5vw, 2rem);
   padding-right:clamp(0.5rem, 1.5vw, 2rem); max-width:100%;}
.stApp div[class*="st-key-card-"] button {min-height:clamp(44px, min(9.5vh, 8vw), 150px);}
.stApp div[class*="st-key-card-"] button p
  {font-size:max(9px, calc(var(--ow-scale, 1) * clamp(11px, min(2.7vw, 4.4vh), 56px)));
   line-height:1.05; white-space:normal;}
.stApp .ow-big .ow-card
  {font-size:max(9px, calc(var(--ow-scale, 1) * clamp(11px, min(2.7vw, 4.4vh), 56px)));}
@media (min-width: 641px) {.stApp .ow-big .ow-card
  {aspect-ratio:auto; min-height:clamp(44px, min(9.5vh, 8vw), 150px);}}
.stApp [class*="st-key-od-"] button p {font-size:clamp(1rem, 1.7vw, 2.2rem); font-weight:700;}
.ow-od-score {display:flex; flex-wrap:wrap; gap:0.2em 1.2em; align-items:baseline;
  font-size:clamp(1.2rem, min(3vw, 5vh), 3.6rem); font-weight:800; line-height:1.15;}
.ow-od-red {color:var(--ow-red);} .ow-od-blue {color:var(--ow-blue);}
.ow-od-line {font-size:clamp(1rem, min(2.2vw, 3.6vh), 2.6rem); font-weight:600; margin:0.2rem 0;}
.ow-od-clue {font-size:clamp(1.8rem, min(5vw, 8vh), 6rem); font-weight:900;
  letter-spacing:0.04em; line-height:1.1; overflow-wrap:anywhere;}
</style>
"""


def screen_css() -> None:
    st.html(SCREEN_CSS)


def line(text: str, *, css: str = "ow-od-line") -> None:
    """A line of large text, escaped; user values in it come through `plain`."""
    st.html(f'<p class="{css}">{escape_html(text)}</p>')


def _side_style(game: VersusView, team: Team) -> str:
    """K-2: a side with its own colour is written in it (a palette colour)."""
    if team not in game.sides:
        return ""
    return f' style="color:{paint(Colour(team.value), game.sides).background}"'


def score(game: VersusView) -> None:
    """Cards left per team, large enough to read from the back of a room."""
    parts = "".join(
        f'<span class="ow-od-{team.value}"{_side_style(game, team)}>'
        + escape_html(
            _("{team}: {count} left").format(
                team=team_badge(team, game.sides), count=game.cards_left[team]
            )
        )
        + "</span>"
        for team in Team
    )
    label = escape_html(_("cards left"))
    st.html(f'<div class="ow-od-score" aria-label="{label}">{parts}</div>')


def clue(game: VersusView) -> None:
    turn = game.turn
    if turn is None or turn.clue is None:
        return
    if turn.guesses_left is None:
        guesses = _("unlimited guesses")
    else:
        guesses = ngettext("{count} guess left", "{count} guesses left", turn.guesses_left).format(
            count=turn.guesses_left
        )
    shown = plain("{word} · {number}", word=turn.clue.word.upper(), number=turn.clue.number_text)
    st.html(f'<div class="ow-od-clue">{escape_html(shown)}</div>')
    line(
        _("{team} guesses · {guesses} · {count} opened this turn").format(
            team=team_badge(turn.team, game.sides), guesses=guesses, count=turn.opened
        )
    )


@st.fragment(run_every=1.0)
def _rerun_when_time_is_up(deadline: float) -> None:
    if time.time() >= deadline:
        st.rerun(scope="app")


def warn_when_time_is_up(game: VersusView) -> None:
    """O-4: when the clue timer runs out only a warning shows. The room does
    not change at that moment, so the page reruns itself once to show it."""
    turn = game.turn
    if turn is None or turn.clue is not None or turn.clue_deadline is None:
        return
    if turn.clue_deadline > time.time():
        _rerun_when_time_is_up(turn.clue_deadline)

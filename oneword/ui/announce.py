"""What a screen reader says by itself when the game moves on: one polite
live region (`role="status"`) per browser tab.

Streamlit draws a page anew on every rerun, and a live region drawn anew
is either not read at all or read again each time. So the region is made
once, outside what Streamlit redraws, and a page only hands it the news
(`announce`): the text is written into the region only when it differs
from what the region last said. The poll that reruns a page when the room
changed therefore says nothing while the news stay the same, and a rerun
with no change in the room draws the same script, which Streamlit does
not run again.

The news are plain text with player values isolated; they reach the page
as JSON in a script and are set with `textContent`, never as markup.
"""

from __future__ import annotations

import json

import streamlit as st

from oneword.engine.justone.views import JustOneView
from oneword.engine.together.views import TogetherView
from oneword.engine.versus.views import VersusView
from oneword.engine.views import GameViewBase
from oneword.i18n import _, ngettext
from oneword.ui.just_one import phase_line, status_line
from oneword.ui.symbols import colour_name
from oneword.ui.text import plain

_SCRIPT = """<script>
(function() {
  const news = %s;
  let region = document.getElementById("ow-news");
  const fresh = !region;
  if (fresh) {
    region = document.createElement("div");
    region.id = "ow-news";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    region.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;" +
      "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0;";
    const main = document.querySelector("[data-testid='stMain']") || document.body;
    main.appendChild(region);
  }
  if (region.dataset.said === news) return;
  region.dataset.said = news;
  // A region just made is given its words a moment later, so it is read.
  const say = () => { if (region.dataset.said === news) region.textContent = news; };
  setTimeout(say, fresh ? 250 : 0);
})();
</script>"""


def news_script(news: str) -> str:
    """The script that puts `news` in the tab's live region, if it changed."""
    text = json.dumps(news, ensure_ascii=False)
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return _SCRIPT % text


def announce(news: str) -> None:
    """Have a screen reader say `news` once (nothing when it is unchanged)."""
    st.html(news_script(news), unsafe_allow_javascript=True)


def _last_open(game: GameViewBase) -> str:
    """The card opened last in the game, as "APPLE was red.", if any."""
    for entry in reversed(game.log):
        if entry.openings:
            opened = entry.openings[-1]
            colour = colour_name(opened.colour, game.sides)
            return plain(_("{word} was {colour}."), word=opened.word.upper(), colour=colour)
    return ""


def _turn_news(game: VersusView | TogetherView) -> str:
    """Whose turn it is, the clue and the guesses left, in words."""
    turn = game.turn
    if turn is None:
        return ""
    side = game.sides[turn.team].name if turn.team in game.sides else turn.team.label
    if isinstance(game, TogetherView):
        who = _("{side} side gives the clue").format(side=turn.team.label)
    else:
        who = _("{side} plays").format(side=side)
    giver = turn.giver_name or _("the clue giver")
    if turn.clue is None:
        return plain(_("{who}: waiting for the clue from {giver}."), who=who, giver=giver)
    if turn.guesses_left is None:
        left = _("Unlimited guesses.")
    else:
        left = ngettext("{count} guess left.", "{count} guesses left.", turn.guesses_left).format(
            count=turn.guesses_left
        )
    clue = plain("{word}, {number}", word=turn.clue.word.upper(), number=turn.clue.number_text)
    news = plain(_("{who}. Clue from {giver}: {clue}."), who=who, giver=giver, clue=clue)
    return f"{news} {left}"


def game_news(game: GameViewBase) -> str:
    """What changed for a player at the board: the last card opened, then
    the turn (whose, the clue, guesses left)."""
    parts = [_last_open(game)]
    if isinstance(game, TogetherView) and game.final_round:
        parts.append(_("Final Round."))
    elif isinstance(game, VersusView | TogetherView):
        parts.append(_turn_news(game))
    return " ".join(p for p in parts if p)


def just_one_news(game: JustOneView) -> str:
    """Just One: the card's phase and its guesser, then card and score."""
    return " ".join(p for p in (phase_line(game), status_line(game)) if p)

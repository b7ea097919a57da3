"""The end of a game as every mode shows it (R-1, R-2, P-5): who won and
why, the map revealed card by card, the best clue and the clue log.

The watch page shows the same headline and revealed map in projector type,
so both come from here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import streamlit as st

from oneword.engine import Colour, Team
from oneword.engine.together.views import TogetherFinishedView
from oneword.engine.versus.views import VersusFinishedView
from oneword.engine.views import CardView, OutcomeView, SideView
from oneword.i18n import _
from oneword.results_file import results_csv
from oneword.ui.cards import board_html
from oneword.ui.game_info import clue_log
from oneword.ui.symbols import team_badge
from oneword.ui.text import inert, plain, say
from oneword.wording import outcome_text, preset_name

FinishedView = VersusFinishedView | TogetherFinishedView


def headline(outcome: OutcomeView, sides: Mapping[Team, SideView] | None = None) -> str:
    """R-1 in three words: "▲ Red wins!", "Everyone loses", "No result"."""
    if outcome.result == "no_result":
        return _("No result")
    if outcome.winner is not None:
        return _("{team} wins!").format(team=team_badge(outcome.winner, sides))
    return _("Everyone wins!") if outcome.result == "win" else _("Everyone loses")


def revealed_maps(game: FinishedView) -> list[tuple[str | None, list[CardView]]]:
    """Each map with every card in its colour, titled by its side in
    Together (two maps) and untitled in Versus (one)."""
    if isinstance(game, VersusFinishedView):
        return [(None, _coloured(game.board, game.key))]
    return [
        (_("{team} side's map").format(team=team_badge(side)), _coloured(game.board, key))
        for side, key in game.keys.items()
    ]


def never_opened(game: FinishedView) -> set[int]:
    """The cards nobody opened, faded in the reveal."""
    return {card.index for card in game.board if card.colour is None}


def _coloured(board: Sequence[CardView], key: Sequence[Colour]) -> list[CardView]:
    return [card.model_copy(update={"colour": key[card.index]}) for card in board]


def show_results(game: FinishedView, *, big: bool = False, language: str = "en") -> None:
    """Everything on the results screen but its buttons; `big` draws the
    board in projector-sized type, its words hyphenated in `language`."""
    outcome = game.outcome
    assert outcome is not None
    st.title(headline(outcome, game.sides), anchor=False)
    # The wrong card of a Final Round is a board word: user text.
    st.subheader(
        inert("{outcome}", outcome=outcome_text(outcome, game.mode, game.sides)), anchor=False
    )
    say("caption", _("Rules: {preset}"), preset=preset_name(game.preset))

    unopened = never_opened(game)
    sides = game.sides or None
    for title, cards in revealed_maps(game):
        if title:
            say("markdown", "**{title}**", title=title)
        st.html(
            board_html(
                cards, big=big, reveal=True, unopened=unopened, language=language, sides=sides
            )
        )
    st.caption(_("Faded cards were never opened."))

    best = game.best_clue
    if best is not None and best.clue is not None:
        found = ", ".join(plain("{word}", word=o.word) for o in best.openings)
        st.container(border=True).text(
            plain(
                _("Best clue: {word} {number} by {name} (turn {turn}) → "),
                word=best.clue.word,
                number=best.clue.number_text,
                name=best.giver_name,
                turn=best.turn,
            )
            + found
        )
    clue_log(game, expanded=True)


def download_results(game: FinishedView, code: str) -> None:
    """R-2 kept: the clue log and the map as a spreadsheet file, for a
    teacher's records or a printout."""
    st.download_button(
        _("Download the results (CSV)"),
        data=results_csv(game),
        file_name=f"in-one-word-{code}.csv",
        mime="text/csv",
        icon=":material/download:",
        key="download-results",
        on_click="ignore",
    )

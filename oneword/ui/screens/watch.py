"""Watch (projector / TV, P-6): the board, the clue, cards left, the timer
and how to join. It needs no seat and shows only what the watch view holds:
never the map, never the marks in progress, whoever opens it.

Everything is sized for the back of a classroom: the room code, the QR code
(at least 360 px on a 1080p screen, a third of the screen's height in a
game), the clue and the banners in type of 32 px or more, and it still
fits a 1366x768 projector without scrolling. At the end it says who won,
and why (R-1), over the revealed map."""

from __future__ import annotations

import streamlit as st

from oneword.engine import Mode, RoomView
from oneword.engine.justone.views import JustOneView
from oneword.engine.versus.views import VersusFinishedView
from oneword.engine.views import GameViewBase
from oneword.i18n import _
from oneword.ui import just_one
from oneword.ui.announce import announce, game_news, just_one_news
from oneword.ui.cards import board_html
from oneword.ui.game_info import clue_banner, pause_banner, score_line, timers, turn_line
from oneword.ui.links import join_link, qr_data_uri
from oneword.ui.profile_badges import name_with_title, title_name, titles_by_member
from oneword.ui.results import headline, never_opened, revealed_maps
from oneword.ui.symbols import team_badge
from oneword.ui.text import escape_html, plain
from oneword.wording import outcome_text, players_text

WATCH_CSS = (
    "<style>.block-container, [data-testid='stMainBlockContainer']"
    "{padding:1rem 2rem 0; max-width:100%;}"
    "[data-testid='stHeader'] {display:none;}"
    ".ow-watch-line {font-size:2rem; font-weight:600; margin:0.2rem 0; line-height:1.25;}"
    ".ow-code-label {font-size:2rem; margin:0;}"
    ".ow-code {font-size:4.5rem; font-weight:800; letter-spacing:0.12em; line-height:1.1;"
    " margin:0;}"
    ".ow-qr {display:block; width:min(100%, var(--ow-qr, 45vh)); height:auto;"
    " image-rendering:pixelated; margin:0.5rem 0;}"
    ".ow-scan {font-size:2rem; font-weight:600; margin:0;}"
    ".ow-link {font-size:1.5rem; margin:0; overflow-wrap:anywhere;}"
    ".ow-headline {font-size:5rem; font-weight:800; line-height:1.05; margin:0; padding:0;}"
    ".ow-reason {font-size:2.4rem; font-weight:600; margin:0.3rem 0 0.6rem;}"
    "[data-testid='stAlert'] [data-testid='stMarkdownContainer'] p"
    "{font-size:2.2rem; line-height:1.25;}"
    "[data-testid='stAlert'] [data-testid='stAlertDynamicIcon'] {font-size:2.2rem;}</style>"
)


def watch_css() -> None:
    """The big type of the watch screen (drawn before the page is looked up,
    so even a redirect's flash has the projector's layout)."""
    st.html(WATCH_CSS)


def line(text: str, css: str = "ow-watch-line") -> None:
    st.html(f'<p class="{css}">{escape_html(text)}</p>')


def invitation(code: str, qr_height: str, label: str | None = None) -> None:
    """The room code (or a class's: `label` names it), the QR code
    (`qr_height` at most) and the join link."""
    link = join_link(code)
    label, scan = escape_html(label or _("Room code")), escape_html(_("Scan to join"))
    alt = escape_html(_("QR code to join room {code}").format(code=code))
    st.html(
        f'<p class="ow-code-label">{label}</p>'
        f'<p class="ow-code">{escape_html(code)}</p>'
        f'<img class="ow-qr" style="--ow-qr:{qr_height}" src="{qr_data_uri(link)}" alt="{alt}">'
        f'<p class="ow-scan">{scan}</p>'
        f'<p class="ow-link">{escape_html(link)}</p>'
    )


def _lobby(view: RoomView) -> None:
    title = _("Just One") if view.settings.mode is Mode.JUST_ONE else _("In One Word")
    st.html(f'<h1 class="ow-headline">{escape_html(title)}</h1>')
    line(_("Waiting in the lobby: {players}").format(players=players_text(len(view.players()))))
    for member in view.players():
        badge = team_badge(member.team, view.lobby_sides) if member.team else "·"
        line(plain("{badge}  {name}", badge=badge, name=member.name))
        shown = title_name(member.title)
        if shown:
            line(shown, css="ow-link")  # PR-3: under the name


def _finished(view: RoomView, game: GameViewBase) -> None:
    """R-1: who won and why, over the revealed map."""
    assert game.outcome is not None
    language = view.settings.language
    sides = game.sides
    reason = plain("{outcome}", outcome=outcome_text(game.outcome, game.mode, sides))
    st.html(
        f'<h1 class="ow-headline">{escape_html(headline(game.outcome, sides))}</h1>'
        f'<p class="ow-reason">{escape_html(reason)}</p>'
    )
    if isinstance(game, VersusFinishedView):
        ((_title, cards),) = revealed_maps(game)
        unopened = never_opened(game)
        st.html(
            board_html(
                cards, big=True, reveal=True, unopened=unopened, language=language, sides=sides
            )
        )
    else:
        line(_("Cards found together are green."))
        st.html(board_html(game.board, big=True, language=language))


def _board_side(view: RoomView) -> None:
    game = view.game
    language = view.settings.language
    if isinstance(game, JustOneView):
        title = escape_html(_("Just One"))
        st.html(f'<h1 class="ow-headline">{title}</h1>')
        pause_banner(view)
        just_one.watch(game, view.paused_at)
        announce(just_one_news(game))
    elif game is None:
        _lobby(view)
    elif game.outcome is not None:
        _finished(view, game)
    else:
        pause_banner(view)
        timers(game, big=True, paused_at=view.paused_at)
        clue_banner(game, big=True)
        announce(game_news(game))
        st.html(board_html(game.board, big=True, language=language, sides=game.sides))


def _titles(view: RoomView, game: GameViewBase) -> None:
    """PR-3: the game's players who show a title, each with it."""
    titles = titles_by_member(view)
    for player in game.players:
        if player.id in titles:
            line(name_with_title(player.name, titles[player.id]), css="ow-link")


def show(code: str, view: RoomView) -> None:
    """The watch screen of room `code`, from its watch view."""
    game = view.game
    board_side, info_side = st.columns([5, 2], gap="large")
    with info_side:
        invitation(code, "45vh" if game is None else "34vh")
        if game is not None and not isinstance(game, JustOneView):
            for text in (score_line(game), turn_line(game)):
                line(text)
        if game is not None:
            _titles(view, game)
    with board_side:
        _board_side(view)

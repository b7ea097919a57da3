"""The host's game settings in the lobby (L-4): which game, its type,
rules and timers, the language and the words.

Each control shows the room's current setting (`shown_value`) and, when
the host changes it, sends the matching action; a refusal (e.g. Together
with 7 players) is shown under the controls and the controls are drawn
again at the room's values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st
from babel.lists import format_list

from oneword.engine import (
    Action,
    Mode,
    Preset,
    RoomView,
    SetClueTimer,
    SetJustOneTimer,
    SetLanguage,
    SetMode,
    SetPackage,
    SetTogetherTurns,
)
from oneword.engine.models import CLUE_TIMERS
from oneword.i18n import N_, _, current_language
from oneword.ui.actions import act, attempt, show_error
from oneword.ui.app.session import Identity, service
from oneword.ui.screens.lobby.custom_words import custom_words_open, custom_words_section
from oneword.ui.screens.lobby.shown_value import is_drawn, redraw_controls, shown_key
from oneword.wording import players_text, preset_name, timer_text
from oneword.words import LANGUAGES, load_packages

MODES = {
    Mode.VERSUS: N_("Versus (Red against Blue)"),
    Mode.TOGETHER: N_("Together (everyone on one side)"),
    Mode.JUST_ONE: N_("Just One (write clues, guess the word)"),
}
MODE_NAMES = {
    Mode.VERSUS: N_("Versus"),
    Mode.TOGETHER: N_("Together"),
    Mode.JUST_ONE: N_("Just One"),
}
"""The game type control's choices: the long names do not fit side by side
on a phone."""
IN_ONE_WORD, JUST_ONE = "in_one_word", "just_one"
GAMES = {IN_ONE_WORD: N_("In One Word"), JUST_ONE: N_("Just One")}
"""The lobby's first choice: which game the room plays (J)."""
RANDOM_BOARD = ""
"""The word picker's value for "a random board from every package"."""


def _on_change(key: str, ident: Identity, make: Callable[[Any], Action]) -> dict[str, Any]:
    return _on_value(key, lambda value: act("settings", ident, make(value)))


def _on_value(key: str, send: Callable[[Any], bool]) -> dict[str, Any]:
    """A control's arguments that `send` its new value (True if it was taken)."""

    def changed() -> None:
        if not is_drawn(key):
            return  # a control the page no longer shows (`shown_value`)
        value = st.session_state[key]
        # A segmented control clicked off keeps the setting; a refused change
        # too. Either way the next run draws new controls at the room's value.
        if value is None or not send(value):
            redraw_controls()

    return {"key": key, "on_change": changed}


def _set_preset(ident: Identity, preset: Preset) -> bool:
    """K: the rules; Codewords also seats bots in a four-player game's empty seats."""

    return attempt("settings", lambda: service().set_preset(ident.code, ident.token, preset))


def _mode_key(view: RoomView) -> str:
    """The game type control also changes with the modes offered: after the
    lobby switched by itself (G-4) the old control is gone."""
    offered = "-".join(m.value for m in view.allowed_modes)
    return shown_key("set_mode", view.settings.mode, offered)


def _game_of(view: RoomView) -> str:
    return JUST_ONE if view.settings.mode is Mode.JUST_ONE else IN_ONE_WORD


def _pick_game(view: RoomView, game: str) -> Action:
    """J: Just One, or In One Word in the game type the count allows."""
    if game == JUST_ONE:
        return SetMode(mode=Mode.JUST_ONE)
    return SetMode(mode=view.allowed_modes[0] if view.allowed_modes else Mode.VERSUS)


def host_settings(ident: Identity, view: RoomView) -> None:
    st.subheader(_("Game settings"), anchor=False)
    game = _game_of(view)
    st.segmented_control(
        _("Game"),
        list(GAMES),
        format_func=lambda g: _(GAMES[g]),
        default=game,
        **_on_change(shown_key("set_game", game), ident, lambda v: _pick_game(view, v)),
    )
    left, right = st.columns(2)
    with left:
        if view.settings.mode is Mode.JUST_ONE:
            _just_one_settings(ident, view)
        else:
            _in_one_word_settings(ident, view)
    with right:
        _word_settings(ident, view)
    show_error("settings")
    with st.expander(_("Our own words"), expanded=custom_words_open(view)):
        custom_words_section(ident, view)


def _just_one_settings(ident: Identity, view: RoomView) -> None:
    """J-1, J-3: who can play, and the clue timer (off by default)."""
    st.caption(
        _(
            "Just One: 3-7 players, all on one side, each on their own device. "
            "One guesses, the others write one-word clues; identical clues cancel out. "
            "Bots do not play Just One."
        )
    )
    timer = view.settings.just_one_timer
    st.segmented_control(
        _("Clue timer"),
        list(CLUE_TIMERS),
        format_func=lambda s: timer_text(s, off=_("Off")),
        default=timer,
        **_on_change(
            shown_key("set_just_one_timer", timer), ident, lambda v: SetJustOneTimer(seconds=v)
        ),
    )


def _in_one_word_settings(ident: Identity, view: RoomView) -> None:
    """G-4, K, X-1, X-3: In One Word's game type, rules and timers."""
    s = view.settings
    # G-4: only the modes this many players may play are offered (both
    # while too few have joined for either, so the host can prepare).
    modes = view.allowed_modes or [Mode.VERSUS, Mode.TOGETHER]
    st.segmented_control(
        _("Game type"),
        modes,
        format_func=lambda m: _(MODE_NAMES[m]),
        default=s.mode if s.mode in modes else None,
        **_on_change(_mode_key(view), ident, lambda v: SetMode(mode=v)),
    )
    allowed = format_list(
        [_(MODE_NAMES[m]) for m in view.allowed_modes], style="or", locale=current_language()
    )
    st.caption(
        _(
            "Versus: Red against Blue. Together: everyone on one side. With {players}: {allowed}."
        ).format(
            players=players_text(len(view.players())),
            allowed=allowed or _("more players needed"),
        )
    )
    st.segmented_control(
        _("Rules"),
        list(Preset),
        format_func=lambda p: preset_name(p.value),
        default=s.preset,
        **_on_value(shown_key("set_preset", s.preset), lambda v: _set_preset(ident, v)),
    )
    st.segmented_control(
        _("Clue timer"),
        list(CLUE_TIMERS),
        format_func=timer_text,
        default=s.clue_timer,
        **_on_change(
            shown_key("set_timer", s.clue_timer), ident, lambda v: SetClueTimer(seconds=v)
        ),
    )
    if s.mode is Mode.TOGETHER:
        st.segmented_control(
            _("Together turns"),
            [9, 11],
            format_func=lambda n: (_("{count} (Normal)") if n == 9 else _("{count} (Easy)")).format(
                count=n
            ),
            default=s.together_turns,
            **_on_change(
                shown_key("set_turns", s.together_turns),
                ident,
                lambda v: SetTogetherTurns(turns=v),
            ),
        )


def _word_settings(ident: Identity, view: RoomView) -> None:
    """G-6, W-2: the language and the words (a board, or a Just One deck)."""
    s = view.settings
    languages = list(LANGUAGES)
    st.selectbox(
        _("Language of the words"),
        languages,
        index=languages.index(s.language) if s.language in languages else 0,
        format_func=LANGUAGES.__getitem__,
        **_on_change(
            shown_key("set_language", s.language), ident, lambda v: SetLanguage(language=v)
        ),
    )
    packages = load_packages()
    choices = dict(packages.choices(s.language))
    random_board = _("Random board (all packages)")  # translated in this run
    words = [RANDOM_BOARD, *choices]
    package = s.package or RANDOM_BOARD
    st.selectbox(
        _("Words"),
        words,
        index=words.index(package) if package in words else 0,
        format_func=lambda p: choices.get(p, random_board),
        disabled=bool(s.custom_words),
        **_on_change(
            shown_key("set_package", s.language, package),
            ident,
            lambda v: SetPackage(package=v or None),
        ),
    )

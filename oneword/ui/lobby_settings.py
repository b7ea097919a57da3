"""The host's game settings in the lobby (L-4): game type, clue timer,
Together turns, language and words.

Each control shows the room's current setting and, when the host changes
it, sends the matching action; a refusal (e.g. Together with 7 players)
is shown under the controls and the control falls back to the room's value
on the rerun.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

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
    SetPreset,
    SetTogetherTurns,
)
from oneword.engine.models import CLUE_TIMERS
from oneword.wording import plural, preset_name, timer_text
from oneword.words import LANGUAGES, load_packages

from .actions import act, show_error
from .custom_words import custom_words_section
from .session import Identity

MODES = {
    Mode.VERSUS: "Versus (Red against Blue)",
    Mode.TOGETHER: "Together (everyone on one side)",
    Mode.JUST_ONE: "Just One (write clues, guess the word)",
}
MODE_NAMES = {Mode.VERSUS: "Versus", Mode.TOGETHER: "Together", Mode.JUST_ONE: "Just One"}
IN_ONE_WORD, JUST_ONE = "in_one_word", "just_one"
GAMES = {IN_ONE_WORD: "In One Word", JUST_ONE: "Just One"}
"""The lobby's first choice: which game the room plays (J)."""
"""The game type control's choices: the long names do not fit side by side
on a phone."""
RANDOM_BOARD = ""
"""The word picker's value for "a random board from every package"."""


def _on_change(ident: Identity, key: str, make: Callable[[Any], Action]) -> dict[str, Any]:
    def changed() -> None:
        value = st.session_state[key]
        if value is not None:  # a segmented control clicked off: keep the setting
            act("settings", ident, make(value))

    return {"key": key, "on_change": changed}


def _mode_key(view: RoomView) -> str:
    """The game type control's key changes with the room's mode and the
    modes offered (G-4): after the lobby switched by itself, a click made
    on the old control can never send back the mode it showed."""
    offered = "-".join(m.value for m in view.allowed_modes)
    return f"set_mode-{view.settings.mode.value}-{offered}"


def _show_current(view: RoomView) -> None:
    """Put the room's settings into the controls before they are drawn."""
    s = view.settings
    st.session_state[_mode_key(view)] = s.mode
    st.session_state[_game_key(view)] = JUST_ONE if s.mode is Mode.JUST_ONE else IN_ONE_WORD
    st.session_state.update(
        set_just_one_timer=s.just_one_timer,
        set_preset=s.preset,
        set_timer=s.clue_timer,
        set_turns=s.together_turns,
        set_language=s.language,
        set_package=s.package or RANDOM_BOARD,
    )


def _game_key(view: RoomView) -> str:
    """Like the game type's key: a new control after the game changed."""
    return f"set_game-{view.settings.mode.value}"


def _pick_game(view: RoomView, game: str) -> Action:
    """J: Just One, or In One Word in the game type the count allows."""
    if game == JUST_ONE:
        return SetMode(mode=Mode.JUST_ONE)
    return SetMode(mode=view.allowed_modes[0] if view.allowed_modes else Mode.VERSUS)


def _just_one_settings(ident: Identity) -> None:
    """J-1, J-3: who can play, and the clue timer (off by default)."""
    st.caption(
        "Just One: 3-7 players, all on one side, each on their own device. "
        "One guesses, the others write one-word clues; identical clues cancel out. "
        "Bots do not play Just One."
    )
    st.segmented_control(
        "Clue timer",
        list(CLUE_TIMERS),
        format_func=lambda s: timer_text(s, off="Off"),
        **_on_change(ident, "set_just_one_timer", lambda v: SetJustOneTimer(seconds=v)),
    )


def host_settings(ident: Identity, view: RoomView) -> None:
    st.subheader("Game settings", anchor=False)
    _show_current(view)
    st.segmented_control(
        "Game",
        list(GAMES),
        format_func=GAMES.__getitem__,
        **_on_change(ident, _game_key(view), lambda v: _pick_game(view, v)),
    )
    left, right = st.columns(2)
    with left:
        if view.settings.mode is Mode.JUST_ONE:
            _just_one_settings(ident)
        else:
            _in_one_word_settings(ident, view)
    with right:
        _word_settings(ident, view)
    show_error("settings")
    with st.expander("Our own words", expanded=bool(view.settings.custom_words)):
        custom_words_section(ident, view)


def _in_one_word_settings(ident: Identity, view: RoomView) -> None:
    """G-4, K, X-1, X-3: In One Word's game type, rules and timers."""
    # G-4: only the modes this many players may play are offered (both
    # while too few have joined for either, so the host can prepare).
    st.segmented_control(
        "Game type",
        view.allowed_modes or [Mode.VERSUS, Mode.TOGETHER],
        format_func=MODE_NAMES.__getitem__,
        **_on_change(ident, _mode_key(view), lambda v: SetMode(mode=v)),
    )
    allowed = " or ".join(m.value.capitalize() for m in view.allowed_modes)
    players = plural(len(view.members), "player", "players")
    st.caption(
        "Versus: Red against Blue. Together: everyone on one side. "
        f"With {players}: {allowed or 'more players needed'}."
    )
    st.segmented_control(
        "Rules",
        list(Preset),
        format_func=lambda p: preset_name(p.value),
        **_on_change(ident, "set_preset", lambda v: SetPreset(preset=v)),
    )
    st.segmented_control(
        "Clue timer",
        list(CLUE_TIMERS),
        format_func=timer_text,
        **_on_change(ident, "set_timer", lambda v: SetClueTimer(seconds=v)),
    )
    if view.settings.mode is Mode.TOGETHER:
        st.segmented_control(
            "Together turns",
            [9, 11],
            format_func=lambda n: f"{n} ({'Normal' if n == 9 else 'Easy'})",
            **_on_change(ident, "set_turns", lambda v: SetTogetherTurns(turns=v)),
        )


def _word_settings(ident: Identity, view: RoomView) -> None:
    """G-6, W-2: the language and the words (a board, or a Just One deck)."""
    st.selectbox(
        "Language",
        list(LANGUAGES),
        format_func=LANGUAGES.__getitem__,
        **_on_change(ident, "set_language", lambda v: SetLanguage(language=v)),
    )
    packages = load_packages()
    choices = dict(packages.choices(view.settings.language))
    st.selectbox(
        "Words",
        [RANDOM_BOARD, *choices],
        format_func=lambda p: choices.get(p, "Random board (all packages)"),
        disabled=bool(view.settings.custom_words),
        **_on_change(ident, "set_package", lambda v: SetPackage(package=v or None)),
    )

"""The lobby's "own words" section (W-5): paste a list, see at once what is
wrong, play it, and save it on this device for another lesson."""

from __future__ import annotations

import streamlit as st

from oneword.engine import RoomView, SetCustomWords
from oneword.i18n import _, ngettext
from oneword.service.inputs import MAX_LIST_TEXT, MAX_LIST_WORDS
from oneword.ui.actions import act, attempt, show_error
from oneword.ui.app import sandbox
from oneword.ui.app.device import device_key
from oneword.ui.app.seat_memory import SeatMemory, url_seat
from oneword.ui.app.session import Identity, service, word_list_service
from oneword.ui.text import say, tell
from oneword.words import CustomWordsCheck, parse_custom_words

_TEXT = "custom_text"
_CHECKED = "custom_checked"
_NAME = "custom_list_name"
_SAVED = "custom_saved_pick"
_DRAFTS: SeatMemory[str] = SeatMemory()
"""The list each seat's host is writing, so a page that reloads (the
watchdog heals a broken page that way) finds it again, section open."""


def custom_words_open(view: RoomView) -> bool:
    """Whether the section starts open: the room plays a list, or this
    seat has one in writing (its text comes back into a reloaded page,
    where the browser could not put it into a closed section)."""
    seat = url_seat()
    if seat is not None and _TEXT not in st.session_state:  # a new page, not an emptied box
        draft = _DRAFTS.get(seat)[1]
        if draft:
            st.session_state[_TEXT] = draft
    return bool(view.settings.custom_words) or bool(st.session_state.get(_TEXT))


def _keep_draft(text: str) -> None:
    seat = url_seat()
    if seat is None:
        return
    if text.strip():
        _DRAFTS.put(seat, text)
    else:
        _DRAFTS.drop(seat)


def _load_saved(lists: dict[str, list[str]]) -> None:
    picked = st.session_state.get(_SAVED)
    if picked in lists:
        st.session_state[_TEXT] = "\n".join(lists[picked])
        st.session_state[_NAME] = picked


def _save(key: str) -> None:
    name = st.session_state.get(_NAME, "")
    text = st.session_state.get(_TEXT, "")
    if attempt("custom", lambda: word_list_service().save(key, name, text)):
        say("toast", _("Saved as “{name}” on this device."), name=" ".join(name.split()))


def _delete(key: str) -> None:
    picked = st.session_state.get(_SAVED)
    if picked:
        attempt("custom", lambda: word_list_service().delete(key, picked))


def _use(ident: Identity) -> None:
    text = st.session_state.get(_TEXT, "")
    attempt("custom", lambda: service().set_custom_words(ident.code, ident.token, text))


def _drop(ident: Identity) -> None:
    act("custom", ident, SetCustomWords(words=None))


def _check(text: str) -> CustomWordsCheck:
    """The live check of the pasted list. The text is never longer than
    MAX_LIST_TEXT: Streamlit cuts a text area's value to its `max_chars` on
    the server as well, whatever a browser or a script sent, so one paste
    cannot hold the Python lock that every session of a server shares.
    The last check is kept, since the section is drawn again on other
    players' moves with the same text."""
    kept = st.session_state.get(_CHECKED)
    if isinstance(kept, tuple) and kept[0] == text:
        return kept[1]  # type: ignore[no-any-return]
    check = parse_custom_words(text)
    st.session_state[_CHECKED] = (text, check)
    return check


def _show_check(check: CustomWordsCheck) -> None:
    if check.ok:
        say(
            "caption",
            ngettext(
                "{count} word ready: 25 are drawn for each board.",
                "{count} words ready: 25 are drawn for each board.",
                len(check.words),
            ),
            count=len(check.words),
        )
    for problem in check.errors:
        tell("error", problem)
    for notice in check.notices:
        tell("caption", notice)


def custom_words_section(ident: Identity, view: RoomView) -> None:
    """The host's editor for a custom list, with its live check."""
    key = device_key()
    # The gallery reads no store: its sandbox has no saved lists.
    lists = {} if sandbox.active() else word_list_service().lists(key)
    chosen = view.settings.custom_words
    if chosen:
        say(
            "success",
            ngettext(
                "This room plays your own list of {count} word.",
                "This room plays your own list of {count} words.",
                len(chosen),
            ),
            count=len(chosen),
        )
        st.button(_("Back to the word packages"), on_click=_drop, args=(ident,))
    st.text_area(
        _("Your words: one per line, or separated by commas"),
        key=_TEXT,
        height=160,
        max_chars=MAX_LIST_TEXT,
        placeholder=_("apple, river, castle, …"),
    )
    # The browser drops a paste that would pass max_chars without a word,
    # so the limit is always in sight.
    say(
        "caption",
        _("At most {words} words or {chars} characters: a longer paste is not taken."),
        words=f"{MAX_LIST_WORDS:,}",
        chars=f"{MAX_LIST_TEXT:,}",
    )
    text = st.session_state.get(_TEXT, "")
    _keep_draft(text)
    ready = False
    if text.strip():
        check = _check(text)
        ready = check.ok
        _show_check(check)
    row = st.container(horizontal=True)
    row.button(
        _("Play these words"), type="primary", disabled=not ready, on_click=_use, args=(ident,)
    )
    st.text_input(
        _("Save the list as"), key=_NAME, max_chars=40, placeholder=_("e.g. Year 5 animals")
    )
    st.button(_("Save on this device"), disabled=not ready, on_click=_save, args=(key,))
    if lists:
        st.selectbox(_("Saved lists"), list(lists), key=_SAVED)
        saved_row = st.container(horizontal=True)
        saved_row.button(_("Load"), on_click=_load_saved, args=(lists,))
        saved_row.button(_("Delete"), on_click=_delete, args=(key,))
    show_error("custom")

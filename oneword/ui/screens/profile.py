"""Profile (PR-1, PR-2, PR-3): the level and the XP still needed, the
stats per game, every title (earned ones first and marked, the others with
how to earn them), the recent games, the title shown under the name, the
code that takes the profile to another device, and signing out or
deleting it. The key itself is never drawn; a transfer code is drawn only
on this page, for the device that asked for it.
"""

from __future__ import annotations

import datetime

import streamlit as st

from oneword.engine import Refusal
from oneword.i18n import N_, _
from oneword.profiles import TITLES
from oneword.profiles.service import Profile
from oneword.profiles.titles import BY_ID
from oneword.ui.app.routing import go
from oneword.ui.links import qr_data_uri
from oneword.ui.profile_badges import title_name
from oneword.ui.profile_identity import (
    current_profile,
    forget_cached,
    profile_key,
    profile_service,
    sign_out,
)
from oneword.ui.rewards import xp_reason
from oneword.ui.text import escape_html, inert, say, tell

MODE_NAMES = {
    "versus": N_("Versus"),
    "together": N_("Together"),
    "codewords": N_("Codewords rules"),
    "just_one": N_("Just One"),
}
_CODE = "profile_transfer_code"
_MESSAGE = "profile_page_message"


def mode_name(mode: str) -> str:
    return _(MODE_NAMES.get(mode, mode))


def _heading(me: Profile) -> None:
    st.title(inert("{name}", name=me.name), anchor=False)
    level = me.level
    st.progress(
        level.xp_into / level.xp_to_next,
        text=_("LVL {level} · {xp} XP · {left} XP to LVL {next}").format(
            level=level.number,
            xp=me.stats.xp,
            left=level.xp_to_next - level.xp_into,
            next=level.number + 1,
        ),
    )
    shown = title_name(me.title)
    if shown:
        say("caption", _("Shown under your name: {title}"), title=shown)


def _pick_title(me: Profile) -> None:
    """PR-3: one earned title, or none, shown under the name."""
    earned = [t for t in me.stats.titles if t in BY_ID]
    if not earned:
        return
    options: list[str | None] = [None, *earned]

    def changed() -> None:
        key = profile_key()
        if key is None:
            return
        try:
            profile_service().show_title(key, st.session_state.get("profile_title"))
        except Refusal as refusal:
            st.session_state[_MESSAGE] = refusal.message
        forget_cached()

    st.selectbox(
        _("Title shown under your name"),
        options,
        index=options.index(me.title) if me.title in options else 0,
        format_func=lambda t: title_name(t) or _("No title"),
        key="profile_title",
        on_change=changed,
    )


def _stats(me: Profile) -> None:
    st.subheader(_("Stats"), anchor=False)
    played = {mode: s for mode, s in me.stats.modes.items() if s.games}
    if not played:
        st.caption(_("No finished game yet: play one to see your stats here."))
        return
    rows = [
        {
            _("Game"): mode_name(mode),
            _("Games"): s.games,
            _("Wins"): s.wins,
            _("Streak"): s.streak,
            _("Best streak"): s.best_streak,
            _("Clues"): s.clues_given,
            _("Good clues"): s.good_clues,
            _("Own cards"): s.cards_found,
            _("Black cards"): s.black_cards,
            _("Best clue"): s.best_clue or "",
            _("Cards scored"): s.cards_scored,
        }
        for mode, s in played.items()
    ]
    st.dataframe(rows, hide_index=True)
    if me.stats.one_device_games:
        say("caption", _("Games on one device: {count}"), count=me.stats.one_device_games)


def _titles(me: Profile) -> None:
    """Every title: the earned ones marked and first, the rest with the
    condition that earns them."""
    st.subheader(_("Titles"), anchor=False)
    earned = [t for t in TITLES if t.id in me.stats.titles]
    others = [t for t in TITLES if t.id not in me.stats.titles]
    say("caption", _("{earned} of {total} earned"), earned=len(earned), total=len(TITLES))
    for title in earned:
        say(
            "markdown",
            "✦ **{name}** — {condition}",
            name=_(title.name),
            condition=_(title.condition),
        )
    for title in others:
        say("caption", "○ {name} — {condition}", name=_(title.name), condition=_(title.condition))


def _recent(key: str) -> None:
    st.subheader(_("Recent games"), anchor=False)
    games = profile_service().recent_games(key)
    if not games:
        st.caption(_("No finished game yet."))
    for game in games:
        when = datetime.datetime.fromtimestamp(game.at, tz=datetime.UTC).strftime("%Y-%m-%d")
        result = _("won") if game.reward.won else _("not won")
        lines = ", ".join(f"{xp_reason(r)} +{p}" for r, p in game.reward.xp_lines)
        say(
            "markdown",
            _("{when} · {game} · {result} · +{xp} XP ({lines})"),
            when=when,
            game=mode_name(game.reward.mode),
            result=result,
            xp=game.reward.xp,
            lines=lines,
        )


def _transfer(key: str) -> None:
    """PR-1: a code for another device, as text and as a QR code."""
    st.subheader(_("Use this profile on another device"), anchor=False)
    st.caption(
        _(
            "On the other device, open Home and type the code under "
            "“I have a profile code”. It works once, for 10 minutes."
        )
    )
    if st.button(_("Make a code"), key="profile-make-code"):
        st.session_state[_CODE] = profile_service().transfer_code(key)
    made = st.session_state.get(_CODE)
    if made is not None:
        st.code(made.code, language=None, wrap_lines=True)
        st.html(
            f'<img src="{qr_data_uri(made.code)}" alt="{escape_html(made.code)}" '
            'style="width:12rem;height:auto;image-rendering:pixelated">'
        )


def _rename(key: str, me: Profile) -> None:
    with st.form("profile_rename", border=False):
        st.text_input(_("Profile name"), value=me.name, max_chars=40, key="profile_new_name")
        if st.form_submit_button(_("Rename")):
            try:
                profile_service().rename(key, st.session_state.get("profile_new_name") or "")
            except Refusal as refusal:
                tell("error", refusal.message)
            else:
                forget_cached()
                st.rerun()


def _leave_or_delete(key: str) -> None:
    bar = st.container(horizontal=True)
    if bar.button(_("Sign out"), key="profile-sign-out"):
        sign_out()
        go("home")
    sure = st.checkbox(_("Yes, delete my profile, its stats and its titles"), key="profile-sure")
    if st.button(_("Delete my profile"), key="profile-delete", disabled=not sure):
        profile_service().delete(key)
        sign_out()
        go("home")


def show() -> None:
    """The signed-in profile; a guest is sent Home, where one is made."""
    key = profile_key()
    me = current_profile(fresh=True)
    if key is None or me is None:
        go("home")
    message = st.session_state.pop(_MESSAGE, None)
    if message:
        tell("error", message)
    if st.button(_("Home"), icon=":material/home:", key="profile-home"):
        go("home")
    _heading(me)
    _pick_title(me)
    _stats(me)
    _titles(me)
    _recent(key)
    _transfer(key)
    with st.expander(_("Name, sign out, delete"), key="profile-settings"):
        _rename(key, me)
        _leave_or_delete(key)

"""Setting up a one-device table (O-1): names typed in one by one, a tap on
a name switches its team, a tap on its star makes it captain. Bots may take
seats too (B-1), each at a difficulty.

The table being typed in lives in the session only, until Start creates
the room. The rules (name checks, 4-10 players, 2 per team, one captain
each) are the engine's: this module only keeps the draft tidy (a team that
has players always has a captain) and asks the engine what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from oneword.bots import LEVELS
from oneword.engine import Colour, LobbyError, Refusal, TableSeat, Team
from oneword.engine.errors import Reason
from oneword.engine.models import CLUE_TIMERS, MAX_PLAYERS, BotLevel, Preset
from oneword.engine.one_device import check_name, check_table
from oneword.i18n import N_, _
from oneword.profiles.service import Profile
from oneword.service.bot_runner import next_bot_name, require_language
from oneword.ui.actions import forget, report, show_error
from oneword.ui.app import sandbox
from oneword.ui.app.device import device_key
from oneword.ui.app.session import client, remember, service
from oneword.ui.profile_identity import profile_service
from oneword.ui.screens.lobby.bot_seats import LEVEL_NAMES
from oneword.ui.symbols import BACKGROUND, team_badge
from oneword.ui.text import inert, plain, tell
from oneword.wording import preset_name, timer_text

DRAFT = "od_draft"
PLACE = "od_setup"


@dataclass
class Entry:
    name: str
    team: Team
    captain: bool = False
    bot: BotLevel | None = None
    """How well this seat's bot plays; None for a person."""
    profile: str | None = None
    """PR-4: the id of a profile kept on this device that this name plays
    as; None for a guest."""


def draft() -> list[Entry]:
    found = st.session_state.get(DRAFT)
    if not isinstance(found, list):
        found = []
        st.session_state[DRAFT] = found
    return found


def set_draft(entries: list[Entry]) -> None:
    """Start the setup from these names (e.g. "New teams" after a game)."""
    st.session_state[DRAFT] = entries


def _fix_captains(entries: list[Entry]) -> None:
    """Each team with players has exactly one captain: the first one marked,
    or else its first player."""
    for team in Team:
        on_team = [e for e in entries if e.team is team]
        marked = [e for e in on_team if e.captain]
        for extra in marked[1:]:
            extra.captain = False
        if on_team and not marked:
            on_team[0].captain = True


def add_name(entries: list[Entry], name: str, bot: BotLevel | None = None) -> None:
    """Add a player to the smaller team (Red on a tie); the engine checks the name."""
    if len(entries) >= MAX_PLAYERS:
        raise LobbyError(
            Reason.PLAYER_COUNT, N_("At most {most} players on one device."), most=MAX_PLAYERS
        )
    clean = check_name([e.name for e in entries], name)
    red = sum(1 for e in entries if e.team is Team.RED)
    team = Team.BLUE if red > len(entries) - red else Team.RED
    entries.append(Entry(clean, team, bot=bot))
    _fix_captains(entries)


def add_bot(entries: list[Entry], level: BotLevel) -> None:
    """A bot at the table (B-1), named like the lobby's bots."""
    if not entries:
        raise LobbyError(
            Reason.BOT_HOLDS_DEVICE,
            N_("The first name holds the device: type a person's name first."),
        )
    taken = [e.name for e in entries]
    add_name(entries, next_bot_name(taken), bot=level)


def switch_team(entries: list[Entry], index: int) -> None:
    entry = entries[index]
    entry.team, entry.captain = entry.team.other, False
    _fix_captains(entries)


def make_captain(entries: list[Entry], index: int) -> None:
    chosen = entries[index]
    for entry in entries:
        if entry.team is chosen.team:
            entry.captain = entry is chosen


def remove(entries: list[Entry], index: int) -> None:
    del entries[index]
    _fix_captains(entries)


def seats(entries: list[Entry]) -> list[TableSeat]:
    return [
        TableSeat(
            id=f"seat{i}",
            name=e.name,
            team=e.team,
            captain=e.captain,
            bot=e.bot is not None,
            bot_level=e.bot or "medium",
        )
        for i, e in enumerate(entries)
    ]


def profiles_of(entries: list[Entry]) -> dict[int, str]:
    """PR-4: the names that play as a profile, by their place at the table."""
    return {i: e.profile for i, e in enumerate(entries) if e.profile and e.bot is None}


def bots_of(entries: list[Entry]) -> dict[int, BotLevel]:
    """The bot seats, by their place at the table."""
    return {i: e.bot for i, e in enumerate(entries) if e.bot is not None}


def problem(entries: list[Entry], language: str = "en") -> str | None:
    """What still stops the game from starting, in the engine's words."""
    try:
        check_table(seats(entries))
        if bots_of(entries):
            require_language(language)
    except Refusal as refusal:
        return refusal.message
    return None


# The setup screen


def _add() -> None:
    forget(PLACE)
    try:
        add_name(draft(), st.session_state.get("od_name", ""))
    except Refusal as refusal:
        report(PLACE, refusal.message)


def _add_bot() -> None:
    forget(PLACE)
    try:
        add_bot(draft(), st.session_state.get("od_bot_level") or "medium")
    except Refusal as refusal:
        report(PLACE, refusal.message)


def _bot_row() -> None:
    """B-1: a bot takes the next seat, at the difficulty picked."""
    row = st.container(horizontal=True, vertical_alignment="bottom")
    row.segmented_control(
        _("Bot difficulty"),
        options=list(LEVELS),
        format_func=lambda lv: _(LEVEL_NAMES[lv]),
        default="medium",
        key="od_bot_level",
    )
    row.button(_("Add a bot"), key="od-add-bot", icon=":material/smart_toy:", on_click=_add_bot)


def _rules_choice() -> Preset:
    """K-1: the rules preset; under Codewords each team's star is the
    player who volunteers to be handler, and the handlers are drawn from
    the table when the board is dealt (K-2)."""
    chosen = st.segmented_control(
        _("Rules"),
        list(Preset),
        format_func=lambda p: preset_name(p.value),
        default=Preset.IN_ONE_WORD,
        key="od_rules",
    )
    rules = Preset(chosen or Preset.IN_ONE_WORD)
    if rules is Preset.CODEWORDS:
        st.caption(
            _(
                "Codewords: a star marks the player who volunteers to be handler. A tap opens "
                "a card; after as many cards as the number, one bonus guess or End Turn."
            )
        )
    return rules


def table_profiles(code: str) -> dict[str, str]:
    """Which seats of a room play as which profile (member id -> profile id)."""
    if sandbox.active():  # the gallery reads no store
        return {}
    try:
        return profile_service().seat_profiles(code)
    except Refusal:
        return {}


def _kept_profiles() -> dict[str, Profile]:
    """The profiles kept on this device, read on each run of the setup."""
    if sandbox.active():  # the gallery reads no store
        return {}
    try:
        kept = profile_service().on_device(device_key())
    except Refusal:
        kept = []
    return {p.profile_id: p for p in kept}


def _profile_choice(entry: Entry, index: int, kept: dict[str, Profile]) -> None:
    """PR-4: a guest, or one of the profiles kept on this device."""
    if not kept:
        return
    options: list[str | None] = [None, *kept]

    def changed() -> None:
        entry.profile = st.session_state.get(f"od-profile-{index}")

    st.selectbox(
        inert(_("Profile of {name}"), name=entry.name),
        options,
        index=options.index(entry.profile) if entry.profile in options else 0,
        format_func=lambda p: (
            _("Guest")
            if p is None
            else plain(_("{name} · LVL {level}"), name=kept[p].name, level=kept[p].level.number)
        ),
        key=f"od-profile-{index}",
        on_change=changed,
        label_visibility="collapsed",
    )


def _add_profile() -> None:
    """PR-4: a profile from another device joins this one's list by its code."""
    forget(PLACE)
    try:
        profile_service().add_to_device(
            st.session_state.get("od_profile_code") or "", device_key(), client=client()
        )
    except Refusal as refusal:
        report(PLACE, refusal.message)


def _profile_code_form() -> None:
    with (
        st.expander(_("Add a profile with its code"), key="od-profile-code-box"),
        st.form("od_profile_code", clear_on_submit=True, border=False),
    ):
        st.caption(
            _(
                "Names can play as a profile kept on this device, to earn XP and titles. "
                "A profile from another phone: make a code on its profile page and type it here."
            )
        )
        st.text_input(_("Profile code"), max_chars=24, key="od_profile_code")
        st.form_submit_button(_("Add the profile"), on_click=_add_profile)


def _player_row(entries: list[Entry], index: int, kept: dict[str, Profile]) -> None:
    entry = entries[index]
    name = entry.name
    row = st.container(horizontal=True, vertical_alignment="center", gap="small")
    row.button(
        f"{'★' if entry.captain else '☆'}",
        key=f"od-star-{index}",
        help=inert(
            _("{name} is captain") if entry.captain else _("Make {name} captain"), name=name
        ),
        on_click=make_captain,
        args=(entries, index),
        type="primary" if entry.captain else "secondary",
    )
    label = inert("{name}", name=name)
    if entry.bot is not None:
        label += " " + _("(bot, {level})").format(level=_(LEVEL_NAMES[entry.bot]))
    row.button(
        label,
        key=f"od-seat-{index}",
        help=inert(_("Move {name} to {team}"), name=name, team=_(entry.team.other.label)),
        on_click=switch_team,
        args=(entries, index),
        width="stretch",
    )
    row.button(
        "✕",
        key=f"od-remove-{index}",
        help=inert(_("Remove {name}"), name=name),
        on_click=remove,
        args=(entries, index),
    )
    if entry.bot is None:
        _profile_choice(entry, index, kept)


def table_setup() -> None:
    """The whole setup screen; Start creates the room and opens its game."""
    from oneword.words import LANGUAGES, load_packages

    st.title(_("Play on one device"), anchor=False)
    st.text(
        _(
            "Pass one phone round the table, or play on a classroom projector. "
            "Type 4-{most} names. Tap a name to switch its team; tap its star "
            "to make it captain."
        ).format(most=MAX_PLAYERS)
    )
    entries = draft()
    kept = _kept_profiles()
    with st.form("od_add", clear_on_submit=True, border=False):
        row = st.container(horizontal=True, vertical_alignment="bottom")
        row.text_input(_("Player name"), key="od_name", max_chars=40, placeholder=_("A name"))
        row.form_submit_button(_("Add player"), on_click=_add)
    _bot_row()
    _profile_code_form()
    show_error(PLACE)

    # The team shows on each name as a coloured edge as well as by its column.
    edges = "".join(
        f".st-key-od-seat-{i} button {{border-left:10px solid {BACKGROUND[Colour(e.team.value)]};}}"
        for i, e in enumerate(entries)
    )
    st.html(f"<style>{edges}</style>")
    columns = st.columns(2, gap="large")
    for column, team in zip(columns, Team, strict=True):
        with column:
            count = sum(1 for e in entries if e.team is team)
            st.subheader(
                inert("{team} · {count}", team=team_badge(team), count=count), anchor=False
            )
            for index, entry in enumerate(entries):
                if entry.team is team:
                    _player_row(entries, index, kept)

    st.segmented_control(
        _("Clue timer"),
        list(CLUE_TIMERS),
        format_func=lambda seconds: timer_text(seconds, off=_("Off")),
        default=0,
        key="od_timer",
        help=_("When time runs out, a warning shows; the turn goes on."),
    )
    language = st.selectbox(
        _("Language of the words"),
        options=list(LANGUAGES),
        format_func=lambda code: LANGUAGES[code],
        key="od_language",
    )
    choices = dict(load_packages().choices(language or "en"))
    random_board = _("Random board (all packages)")  # translated in this run
    package = st.selectbox(
        _("Words"),
        options=["", *choices],
        format_func=lambda p: choices.get(p, random_board),
        key="od_package",
    )
    rules = _rules_choice()
    blocker = problem(entries, language or "en")
    if blocker and entries:
        tell("info", blocker, icon=":material/info:")
    if st.button(_("Start the game"), type="primary", key="od-start", disabled=blocker is not None):
        if sandbox.active():
            tell("info", _(sandbox.MESSAGE), icon=":material/info:")
            return
        try:
            seat = service().create_one_device_room(
                [(e.name, e.team) for e in entries],
                {e.team: i for i, e in enumerate(entries) if e.captain},
                clue_timer=st.session_state.get("od_timer") or 0,
                language=language,
                package=package or None,
                client=client(),
                bots=bots_of(entries),
                preset=rules,
                profiles=profiles_of(entries),
                device_key=device_key(),
            )
        except Refusal as refusal:
            tell("error", refusal.message, icon=":material/block:")
        else:
            st.session_state.pop(DRAFT, None)
            remember(seat.code, seat.token)
            st.rerun()

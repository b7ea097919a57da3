"""Lobby: who is here, teams and captains, the host's settings, who may
still come in (L-4, L-8, P-2).

The host's Start comes first, under the room's title, with the settings
in one line; each player is listed once (for the host, as the button that
opens what can be done with them). So on a phone Start is on the first
screen however many have joined."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from oneword.clue_compare import warm_up
from oneword.engine import (
    Action,
    BeCaptain,
    Kick,
    LockSides,
    MakeCaptain,
    Mode,
    MovePlayer,
    PickTeam,
    Preset,
    RoomView,
    Shuffle,
    Team,
    Volunteer,
)
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.view_parts import SideView
from oneword.engine.views import MemberView
from oneword.i18n import _, current_language
from oneword.ui.actions import attempt, on_click, show_error
from oneword.ui.app.routing import go
from oneword.ui.app.session import Identity, forget, service
from oneword.ui.game_info import warnings
from oneword.ui.links import join_link, qr_figure
from oneword.ui.profile_badges import title_name
from oneword.ui.screens.lobby import shown_value
from oneword.ui.screens.lobby.access import door, rejoin
from oneword.ui.screens.lobby.bot_seats import LEVEL_NAMES, bot_controls
from oneword.ui.screens.lobby.handler_choices import handler_choices
from oneword.ui.screens.lobby.settings import MODES, host_settings
from oneword.ui.screens.lobby.sitting_out import host_sits_out
from oneword.ui.symbols import team_badge
from oneword.ui.text import inert, plain
from oneword.wording import preset_name, timer_text
from oneword.words import LANGUAGES


@dataclass(frozen=True)
class _Lobby:
    """One run's lobby: the seat, its view and what follows from them."""

    ident: Identity
    view: RoomView
    you: MemberView
    captains: set[str]
    sides: dict[Team, SideView]
    """K-2: a side is called by its own name wherever the view gives one; in
    a Codewords lobby, once the deal can no longer change it."""

    @property
    def is_host(self) -> bool:
        return self.you.host

    @property
    def just_one(self) -> bool:
        """J-1: everyone on one side, no teams to pick."""
        return self.view.settings.mode is Mode.JUST_ONE

    @property
    def codewords(self) -> bool:
        return self.view.settings.preset is Preset.CODEWORDS


def _move(player: str, team: Team | None) -> Callable[[], Action]:
    return lambda: MovePlayer(player=player, team=team)


def _make_captain(player: str) -> Callable[[], Action]:
    return lambda: MakeCaptain(player=player)


def _volunteer(player: str, value: bool) -> Callable[[], Action]:
    return lambda: Volunteer(player=player, volunteer=value)


def _kick(player: str) -> Callable[[], Action]:
    return lambda: Kick(player=player)


def _pick(team: Team | None) -> Callable[[], Action]:
    return lambda: PickTeam(team=team)


def _leave(ident: Identity) -> None:
    if attempt("lobby", lambda: service().leave(ident.code, ident.token)):
        forget()


def summary(view: RoomView) -> str:
    s = view.settings
    words = LANGUAGES.get(s.language, s.language)
    if s.custom_words:  # W-5: the host's own list, not the language's packages
        words = _("your own list ({count} words)").format(count=len(s.custom_words))
    if s.mode is Mode.JUST_ONE:
        timer = timer_text(s.just_one_timer, off=_("Off"))
        return _(
            "Game: Just One (3-7 players, no bots) · Clue timer: {timer} · Words: {words}"
        ).format(timer=timer, words=words)
    return _("Game: {game} · Rules: {rules} · Clue timer: {timer} · Words: {words}").format(
        game=_(MODES[s.mode]),
        rules=preset_name(s.preset),
        timer=timer_text(s.clue_timer),
        words=words,
    )


def languages_line(view: RoomView) -> str:
    """Both languages: the app's on this device, the words' in this room."""
    return _(
        "Language of the app: {app} (change it on Home) · Language of the words: {words}"
    ).format(
        app=LANGUAGES.get(current_language(), current_language()),
        words=LANGUAGES.get(view.settings.language, view.settings.language),
    )


def _start_controls(lobby: _Lobby) -> None:
    """The host's Start, first on the page: on a phone it is on the first
    screen, however many players have joined."""
    ident = lobby.ident
    controls = st.container(horizontal=True, vertical_alignment="center")
    if controls.button(_("Start game"), type="primary", icon=":material/play_arrow:"):
        attempt("start", lambda: service().start_game(ident.code, ident.token))
        st.rerun()
    if lobby.codewords:
        _lock_control(lobby, controls)
    elif not lobby.just_one:
        controls.button(
            _("Shuffle teams"),
            icon=":material/shuffle:",
            **on_click("start", ident, lambda: Shuffle()),
        )
    st.text(summary(lobby.view))
    show_error("start")


def _lock_control(lobby: _Lobby, controls: DeltaGenerator) -> None:
    """K-2: the host locks the sides (the middle goes to the smaller side),
    or goes back to picking them."""
    locked = lobby.view.sides_locked
    controls.button(
        _("Back to picking sides") if locked else _("Lock the sides"),
        key="unlock-sides" if locked else "lock-sides",
        icon=":material/lock_open:" if locked else ":material/lock:",
        **on_click("start", lobby.ident, lambda: LockSides(locked=not locked)),
    )


def _invitation(lobby: _Lobby) -> None:
    ident = lobby.ident
    link = join_link(ident.code)
    qr_figure(
        link, caption=_("Scan to join"), alt=_("QR code of the link to join this room"), width=220
    )
    st.text(_("Code: {code}").format(code=ident.code))
    st.code(link, language=None, wrap_lines=True)
    door(ident, lobby.view)
    rejoin(ident)


def _member_line(lobby: _Lobby, member: MemberView, show: Callable[..., str] = plain) -> str:
    """One player's line: the name as user text (`show`: `plain` for text,
    `inert` for a label), the badges as the app's own words."""
    parts = ["★" if member.id in lobby.captains else "·", show("{name}", name=member.name)]
    title = title_name(member.title)
    if title:
        parts.append(show("— {title}", title=title))  # PR-3
    if member.host:
        parts.append(_("(host)"))
    if member.bot and member.bot_level in LEVEL_NAMES:
        level = _(LEVEL_NAMES[member.bot_level]).lower()
        parts.append(_("(bot, {level})").format(level=level))
    elif member.bot:
        parts.append(_("(bot)"))
    if lobby.codewords and member.colour in PALETTE:
        parts.append(f"· {_(PALETTE[member.colour].name)}")
    if lobby.codewords and member.volunteer:
        parts.append(_("(will give the clues)"))
    if not member.connected:
        parts.append(_("(away)"))
    if member.id == lobby.you.id:
        parts.append(_("← you"))
    return " ".join(parts)


def _host_menu(lobby: _Lobby, member: MemberView) -> None:
    """The player's line is the button that opens what the host may do."""
    ident = lobby.ident
    with st.popover(_member_line(lobby, member, inert)):
        for team in Team:
            if member.team is not team:
                st.button(
                    _("Move to {team}").format(team=team_badge(team, lobby.sides)),
                    key=f"mv-{member.id}-{team}",
                    **on_click("lobby", ident, _move(member.id, team)),
                )
        if member.team is not None:
            st.button(
                _("Move to the middle") if lobby.codewords else _("Undecided"),
                key=f"mv-{member.id}-none",
                **on_click("lobby", ident, _move(member.id, None)),
            )
        if member.team is not None and not lobby.codewords:  # K-2 draws the handlers
            st.button(
                _("Make captain"),
                key=f"cap-{member.id}",
                **on_click("lobby", ident, _make_captain(member.id)),
            )
        if lobby.codewords and member.bot:
            st.button(
                _("Not a volunteer") if member.volunteer else _("Volunteer to give the clues"),
                key=f"vol-{member.id}-{member.volunteer}",
                **on_click("lobby", ident, _volunteer(member.id, not member.volunteer)),
            )
        if member.id != lobby.you.id:
            st.button(
                _("Remove from room"),
                key=f"kick-{member.id}",
                **on_click("lobby", ident, _kick(member.id)),
            )


def _just_one_players(lobby: _Lobby) -> None:
    """J-1: one side, so one list; the host's menu keeps only Remove."""
    view = lobby.view
    st.subheader(
        _("Players: {count} (Just One is for 3-7)").format(count=len(view.players())), anchor=False
    )
    for member in view.players():
        if lobby.is_host and member.id != lobby.you.id:
            with st.popover(_member_line(lobby, member, inert)):
                st.button(
                    _("Remove from room"),
                    key=f"kick-{member.id}",
                    **on_click("lobby", lobby.ident, _kick(member.id)),
                )
        else:
            st.text(_member_line(lobby, member))
    st.caption(_("Everyone plays on one side: each card, the next player guesses."))
    host_sits_out(lobby.ident, view)
    show_error("lobby")
    if lobby.is_host:
        bot_controls(lobby.ident, view)


def _team_lists(lobby: _Lobby) -> None:
    """L-4: who is on which team (for the host, each a menu)."""
    sides = lobby.sides
    for label, team in [
        (team_badge(Team.RED, sides), Team.RED),
        (team_badge(Team.BLUE, sides), Team.BLUE),
        (_("In the middle") if lobby.codewords else _("Undecided"), None),
    ]:
        members = [m for m in lobby.view.players() if m.team is team]
        st.markdown(f"**{label}** ({len(members)})")
        if lobby.codewords and team is not None and team not in sides:
            st.caption(_("Takes its handler's colour at the deal."))
        if lobby.is_host:
            with st.container(horizontal=True, gap="small"):
                for member in members:
                    _host_menu(lobby, member)
        else:
            for member in members:
                st.text(_member_line(lobby, member))


def _own_choices(lobby: _Lobby) -> None:
    """L-4: the player's own team and captaincy."""
    ident, you, sides, settings = lobby.ident, lobby.you, lobby.sides, lobby.view.settings
    st.subheader(_("Your team"), anchor=False)
    # K-2: once the host locked the sides, only the host moves people.
    held = lobby.view.sides_locked and lobby.codewords and not lobby.is_host
    if held:
        st.caption(_("The host has locked the sides: ask the host to move you."))
    pick = st.container(horizontal=True)
    for team in Team:
        pick.button(
            _("Join {team}").format(team=_(sides[team].name if team in sides else team.label)),
            key=f"pick-{team}",
            disabled=you.team is team or held,
            **on_click("lobby", ident, _pick(team)),
        )
    pick.button(
        _("Wait in the middle") if lobby.codewords else _("Undecided"),
        key="pick-none",
        disabled=you.team is None or held,
        **on_click("lobby", ident, lambda: PickTeam(team=None)),
    )
    if settings.mode is Mode.VERSUS and settings.preset is not Preset.CODEWORDS:
        pick.button(
            _("Be Captain"),
            key="be-captain",
            icon=":material/star:",
            disabled=you.team is None or you.id in lobby.captains,
            **on_click("lobby", ident, lambda: BeCaptain()),
        )
    if lobby.codewords:
        handler_choices(ident, you)


def _teams_section(lobby: _Lobby) -> None:
    """L-4: the teams, captains and the player's own choices."""
    st.subheader(_("Players ({count} of 10)").format(count=len(lobby.view.players())), anchor=False)
    _team_lists(lobby)
    host_sits_out(lobby.ident, lobby.view)
    if not lobby.you.watching:
        _own_choices(lobby)
    show_error("lobby")
    if lobby.is_host:
        bot_controls(lobby.ident, lobby.view)


def _settings(lobby: _Lobby) -> None:
    view = lobby.view
    if lobby.is_host:
        host_settings(lobby.ident, view)
    else:
        st.text(summary(view))
        st.text(
            plain(
                _("Waiting for the host ({name}) to start the game."),
                name=view.host_name or _("nobody"),
            )
        )


def show(ident: Identity, view: RoomView) -> None:
    """The lobby as this seat sees it."""
    shown_value.begin()  # before any control that shows a room value
    assert view.you is not None
    lobby = _Lobby(
        ident,
        view,
        view.you,
        set(view.captains.values()),
        dict(view.game.sides if view.game else view.lobby_sides),
    )
    st.title(inert(_("Room {code}"), code=ident.code), anchor=False)
    st.caption(languages_line(view))
    warnings(view)
    if lobby.is_host:
        _start_controls(lobby)
    # People first: on a phone the columns stack, and joined players need the
    # teams more than the invitation.
    people, invite = st.columns([2, 1], gap="large")
    with invite:
        _invitation(lobby)
    with people:
        if lobby.just_one:
            warm_up(lobby.view.settings.language)  # the first card's check waits for nothing
            _just_one_players(lobby)
        else:
            _teams_section(lobby)
    st.divider()
    _settings(lobby)
    st.divider()
    if st.button(_("Leave room"), icon=":material/logout:", on_click=lambda: _leave(ident)):
        go("home")
    shown_value.finish()

"""Lobby: who is here, teams and captains, the host's settings, who may
still come in (L-4, L-8, P-2).

The host's Start comes first, under the room's title, with the settings
in one line; each player is listed once (for the host, as the button that
opens what can be done with them). So on a phone Start is on the first
screen however many have joined."""

from collections.abc import Callable

import streamlit as st

from oneword.engine import (
    BeCaptain,
    Kick,
    MakeCaptain,
    Mode,
    MovePlayer,
    PickTeam,
    Preset,
    Shuffle,
    Team,
)
from oneword.engine.codewords.colours import PALETTE
from oneword.engine.views import MemberView
from oneword.ui import shown_value
from oneword.ui.actions import attempt, on_click, show_error
from oneword.ui.bot_seats import bot_controls
from oneword.ui.game_info import warnings
from oneword.ui.handler_choices import handler_choices
from oneword.ui.links import join_link, qr_png
from oneword.ui.lobby_access import door, rejoin
from oneword.ui.lobby_settings import MODES, host_settings
from oneword.ui.routing import enter_room, go
from oneword.ui.session import forget, service
from oneword.ui.symbols import team_badge
from oneword.ui.text import inert, plain
from oneword.wording import preset_name, timer_text
from oneword.words import LANGUAGES

ident, view = enter_room("lobby")
shown_value.begin()  # before any control that shows a room value
you = view.you
assert you is not None
is_host = you.host
captains = set(view.captains.values())
just_one = view.settings.mode is Mode.JUST_ONE
"""J-1: everyone on one side, no teams to pick."""
# K-2: a side is called by its own name wherever the view gives one; in a
# Codewords lobby, once the deal can no longer change it.
sides = view.game.sides if view.game else view.lobby_sides
codewords = view.settings.preset is Preset.CODEWORDS


def leave() -> None:
    if attempt("lobby", lambda: service().leave(ident.code, ident.token)):
        forget()


def summary() -> str:
    s = view.settings
    words = LANGUAGES.get(s.language, s.language)
    if s.mode is Mode.JUST_ONE:
        timer = timer_text(s.just_one_timer, off="Off")
        return f"Game: Just One (3-7 players, no bots) · Clue timer: {timer} · Words: {words}"
    return (
        f"Game: {MODES[s.mode]} · Rules: {preset_name(s.preset)} · "
        f"Clue timer: {timer_text(s.clue_timer)} · Words: {words}"
    )


def start_controls() -> None:
    """The host's Start, first on the page: on a phone it is on the first
    screen, however many players have joined."""
    controls = st.container(horizontal=True, vertical_alignment="center")
    if controls.button("Start game", type="primary", icon=":material/play_arrow:"):
        attempt("start", lambda: service().start_game(ident.code, ident.token))
        st.rerun()
    if not just_one:
        controls.button(
            "Shuffle teams",
            icon=":material/shuffle:",
            **on_click("start", ident, lambda: Shuffle()),
        )
    st.text(summary())
    show_error("start")


st.title(f"Room {ident.code}", anchor=False)
warnings(view)
if is_host:
    start_controls()

# People first: on a phone the columns stack, and joined players need the
# teams more than the invitation.
people, invite = st.columns([2, 1], gap="large")
with invite:
    link = join_link(ident.code)
    st.image(qr_png(link), caption="Scan to join", width=220)
    st.text(f"Code: {ident.code}")
    st.code(link, language=None)
    door(ident, view)
    rejoin(ident)


def member_line(member: MemberView, show: Callable[..., str] = plain) -> str:
    """One player's line: the name as user text (`show`: `plain` for text,
    `inert` for a label), the badges as the app's own words."""
    parts = ["★" if member.id in captains else "·", show("{name}", name=member.name)]
    if member.host:
        parts.append("(host)")
    if member.bot:
        parts.append(f"(bot, {member.bot_level})" if member.bot_level else "(bot)")
    if view.settings.preset is Preset.CODEWORDS and member.colour in PALETTE:
        parts.append(f"· {PALETTE[member.colour].name}")
    if not member.connected:
        parts.append("(away)")
    if member.id == you.id:
        parts.append("← you")
    return " ".join(parts)


def host_menu(member: MemberView) -> None:
    """The player's line is the button that opens what the host may do."""
    with st.popover(member_line(member, inert)):
        for team in Team:
            if member.team is not team:
                st.button(
                    f"Move to {team.label}",
                    key=f"mv-{member.id}-{team}",
                    **on_click(
                        "lobby", ident, lambda m=member.id, t=team: MovePlayer(player=m, team=t)
                    ),
                )
        if member.team is not None:
            st.button(
                "Undecided",
                key=f"mv-{member.id}-none",
                **on_click("lobby", ident, lambda m=member.id: MovePlayer(player=m, team=None)),
            )
            st.button(
                "Make captain",
                key=f"cap-{member.id}",
                **on_click("lobby", ident, lambda m=member.id: MakeCaptain(player=m)),
            )
        if member.id != you.id:
            st.button(
                "Remove from room",
                key=f"kick-{member.id}",
                **on_click("lobby", ident, lambda m=member.id: Kick(player=m)),
            )


def just_one_players() -> None:
    """J-1: one side, so one list; the host's menu keeps only Remove."""
    st.subheader(f"Players ({len(view.members)} of 3-7)", anchor=False)
    for member in view.members:
        if is_host and member.id != you.id:
            with st.popover(member_line(member, inert)):
                st.button(
                    "Remove from room",
                    key=f"kick-{member.id}",
                    **on_click("lobby", ident, lambda m=member.id: Kick(player=m)),
                )
        else:
            st.text(member_line(member))
    st.caption("Everyone plays on one side: each card, the next player guesses.")
    show_error("lobby")
    if is_host:
        bot_controls(ident, view)


def teams_section() -> None:
    """L-4: the teams, captains and the player's own choices."""
    st.subheader(f"Players ({len(view.members)} of 10)", anchor=False)
    for label, team in [
        (team_badge(Team.RED, sides), Team.RED),
        (team_badge(Team.BLUE, sides), Team.BLUE),
        ("Undecided", None),
    ]:
        members = [m for m in view.members if m.team is team]
        st.markdown(f"**{label}** ({len(members)})")
        if codewords and team is not None and team not in sides:
            st.caption("Takes its handler's colour at the deal.")
        if is_host:
            with st.container(horizontal=True, gap="small"):
                for member in members:
                    host_menu(member)
        else:
            for member in members:
                st.text(member_line(member))

    st.subheader("Your team", anchor=False)
    pick = st.container(horizontal=True)
    for team in Team:
        pick.button(
            f"Join {sides[team].name if team in sides else team.label}",
            key=f"pick-{team}",
            disabled=you.team is team,
            **on_click("lobby", ident, lambda t=team: PickTeam(team=t)),
        )
    pick.button(
        "Undecided",
        key="pick-none",
        disabled=you.team is None,
        **on_click("lobby", ident, lambda: PickTeam(team=None)),
    )
    if view.settings.mode is Mode.VERSUS and view.settings.preset is not Preset.CODEWORDS:
        pick.button(
            "Be Captain",
            key="be-captain",
            icon=":material/star:",
            disabled=you.team is None or you.id in captains,
            **on_click("lobby", ident, lambda: BeCaptain()),
        )
    if view.settings.preset is Preset.CODEWORDS:
        handler_choices(ident, you)
    show_error("lobby")
    if is_host:
        bot_controls(ident, view)


with people:
    if just_one:
        just_one_players()
    else:
        teams_section()

st.divider()
if is_host:
    host_settings(ident, view)
else:
    st.text(summary())
    st.text(
        plain("Waiting for the host ({name}) to start the game.", name=view.host_name or "nobody")
    )

st.divider()
if st.button("Leave room", icon=":material/logout:", on_click=leave):
    go("home")
shown_value.finish()

"""Lobby: who is here, teams and captains, the host's settings (L-4, P-2)."""

import streamlit as st

from oneword.engine import (
    BeCaptain,
    Kick,
    MakeCaptain,
    Mode,
    MovePlayer,
    PickTeam,
    SetClueTimer,
    SetLanguage,
    SetMode,
    SetPackage,
    SetTogetherTurns,
    Shuffle,
    Team,
)
from oneword.engine.views import MemberView
from oneword.ui.actions import act, attempt, on_click, show_error
from oneword.ui.game_info import warnings
from oneword.ui.links import join_link, qr_png
from oneword.ui.routing import enter_room, go
from oneword.ui.session import forget, service
from oneword.ui.symbols import team_badge
from oneword.words import LANGUAGES, load_packages

ident, view = enter_room("lobby")
you = view.you
assert you is not None
is_host = you.host
captains = set(view.captains.values())


def leave() -> None:
    if attempt("lobby", lambda: service().leave(ident.code, ident.token)):
        forget()


st.title(f"Room {ident.code}")
warnings(view)

invite, people = st.columns([1, 2], gap="large")
with invite:
    link = join_link(ident.code)
    st.image(qr_png(link), caption="Scan to join", width=220)
    st.text(f"Code: {ident.code}")
    st.code(link, language=None)


def member_line(member: MemberView) -> str:
    parts = ["★" if member.id in captains else "·", member.name]
    if member.host:
        parts.append("(host)")
    if member.bot:
        parts.append("(bot)")
    if not member.connected:
        parts.append("(away)")
    if member.id == you.id:
        parts.append("← you")
    return " ".join(parts)


def host_menu(member: MemberView) -> None:
    with st.popover(member.name, icon=":material/more_vert:"):
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


with people:
    st.subheader(f"Players ({len(view.members)} of 10)")
    for label, team in [
        (team_badge(Team.RED), Team.RED),
        (team_badge(Team.BLUE), Team.BLUE),
        ("Undecided", None),
    ]:
        members = [m for m in view.members if m.team is team]
        st.markdown(f"**{label}** ({len(members)})")
        for member in members:
            if is_host:
                line, menu = st.columns([4, 1], vertical_alignment="center")
                line.text(member_line(member))
                with menu:
                    host_menu(member)
            else:
                st.text(member_line(member))

    st.subheader("Your team")
    pick = st.container(horizontal=True)
    for team in Team:
        pick.button(
            f"Join {team.label}",
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
    if view.settings.mode is Mode.VERSUS:
        pick.button(
            "Be Captain",
            key="be-captain",
            icon=":material/star:",
            disabled=you.team is None or you.id in captains,
            **on_click("lobby", ident, lambda: BeCaptain()),
        )
    show_error("lobby")

st.divider()
settings = view.settings
modes = {Mode.VERSUS: "Versus (Red against Blue)", Mode.TOGETHER: "Together (everyone on one side)"}
timers = {0: "No timer", 60: "1 minute", 120: "2 minutes"}
if is_host:
    st.subheader("Game settings")

    def change(key: str, make_action: object) -> None:
        value = st.session_state[key]
        if value is not None and callable(make_action):
            act("settings", ident, make_action(value))

    for key, current in [
        ("set_mode", settings.mode),
        ("set_timer", settings.clue_timer),
        ("set_turns", settings.together_turns),
        ("set_language", settings.language),
        ("set_package", settings.package),
    ]:
        st.session_state[key] = current
    left, right = st.columns(2)
    with left:
        st.segmented_control(
            "Game type",
            list(modes),
            format_func=modes.__getitem__,
            key="set_mode",
            on_change=change,
            args=("set_mode", lambda v: SetMode(mode=v)),
        )
        allowed = " or ".join(m.value.capitalize() for m in view.allowed_modes)
        st.caption(f"With {len(view.members)} players: {allowed or 'need more players'}.")
        st.segmented_control(
            "Clue timer",
            list(timers),
            format_func=timers.__getitem__,
            key="set_timer",
            on_change=change,
            args=("set_timer", lambda v: SetClueTimer(seconds=v)),
        )
        if settings.mode is Mode.TOGETHER:
            st.segmented_control(
                "Together turns",
                [9, 11],
                format_func=lambda n: f"{n} ({'Normal' if n == 9 else 'Easy'})",
                key="set_turns",
                on_change=change,
                args=("set_turns", lambda v: SetTogetherTurns(turns=v)),
            )
    with right:
        st.selectbox(
            "Language",
            list(LANGUAGES),
            format_func=LANGUAGES.__getitem__,
            key="set_language",
            on_change=change,
            args=("set_language", lambda v: SetLanguage(language=v)),
        )
        packages = load_packages().packages
        package_ids: list[str | None] = [None, *sorted(p.id for p in packages)]
        titles = {p.id: p.title(settings.language) for p in packages}
        st.selectbox(
            "Words",
            package_ids,
            format_func=lambda p: "Random board (all packages)" if p is None else titles.get(p, p),
            key="set_package",
            on_change=change,
            args=("set_package", lambda v: SetPackage(package=v)),
        )
    show_error("settings")
    controls = st.container(horizontal=True)
    controls.button(
        "Shuffle teams", icon=":material/shuffle:", **on_click("start", ident, lambda: Shuffle())
    )
    if controls.button("Start game", type="primary", icon=":material/play_arrow:"):
        attempt("start", lambda: service().start_game(ident.code, ident.token))
        st.rerun()
    show_error("start")
else:
    st.text(
        f"Game: {modes[settings.mode]} · Clue timer: {timers[settings.clue_timer]} · "
        f"Words: {LANGUAGES.get(settings.language, settings.language)}"
    )
    st.caption(f"Waiting for the host ({view.host_name or 'nobody'}) to start the game.")

st.divider()
if st.button("Leave room", icon=":material/logout:", on_click=leave):
    go("home")

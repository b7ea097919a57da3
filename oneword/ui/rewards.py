"""P-5, R-3: what the game gave each player with a profile, on the results
page: the XP line by line, a level reached and the titles earned.

The figures are read from what was counted when the game ended
(`ProfileService.rewards`), never worked out again by the page, so every
screen shows the same numbers as the profiles hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from oneword.engine import Refusal
from oneword.i18n import N_, _
from oneword.profiles.counting import Reward
from oneword.ui.app import sandbox
from oneword.ui.profile_badges import title_name
from oneword.ui.profile_identity import profile_service
from oneword.ui.text import plain, say

XP_REASONS = {
    "finished": N_("Finished the game"),
    "win": N_("Won"),
    "card_found": N_("Own cards opened"),
    "good_clue": N_("Clues that found 2 or more cards"),
    "card_scored": N_("Cards the team scored"),
}


def xp_reason(reason: str) -> str:
    return _(XP_REASONS.get(reason, reason))


def room_rewards(code: str) -> dict[str, Reward]:
    """This room's counted rewards; none when they cannot be read now, or
    in the gallery, which reads no store."""
    if sandbox.active():
        return {}
    try:
        return profile_service().rewards(code)
    except Refusal:
        return {}


def show_rewards(players: Sequence[tuple[str, str]], rewards: dict[str, Reward]) -> None:
    """One block per player who plays with a profile, in seat order;
    `players` are the game's (member id, name) pairs."""
    names = dict(players)
    shown = [(member, rewards[member]) for member in names if member in rewards]
    if not shown:
        return
    st.subheader(_("XP earned"), anchor=False)
    for member, reward in shown:
        with st.container(border=True, key=f"reward-{member}"):
            say("markdown", _("**{name}**: +{xp} XP"), name=names[member], xp=reward.xp)
            lines = [
                plain(_("{reason} +{points}"), reason=xp_reason(reason), points=points)
                for reason, points in reward.xp_lines
            ]
            say("caption", "{lines}", lines=" · ".join(lines))
            if reward.levelled_up:
                say(
                    "success",
                    _("Level up: LVL {level}!"),
                    level=reward.level_after,
                    icon=":material/trending_up:",
                )
            for title in reward.new_titles:
                say(
                    "info",
                    _("New title: {title}"),
                    title=title_name(title) or title,
                    icon=":material/military_tech:",
                )

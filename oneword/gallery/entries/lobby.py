"""The lobby as host, guest and watcher, for each game and preset (P-2, L-4)."""

from __future__ import annotations

from oneword.engine import (
    Disconnect,
    Join,
    LockSides,
    Mode,
    PickColour,
    PickTeam,
    Preset,
    RuleError,
    Team,
    Volunteer,
)
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import HOST, NAMES, lobby, member_id
from oneword.i18n import N_


@entry(
    "lobby-host",
    N_("Lobby: host"),
    N_("The host's lobby of six: Start first, teams as menus, the settings below."),
    ("P-2", "L-4", "V-4"),
)
def lobby_host(now: float) -> Scene:
    return Scene(lobby(6, now=now).state, HOST)


@entry(
    "lobby-guest",
    N_("Lobby: guest"),
    N_("A guest's lobby: their own team choice, Be Captain, waiting for the host."),
    ("P-2", "L-4", "V-4"),
)
def lobby_guest(now: float) -> Scene:
    return Scene(lobby(6, now=now).state, member_id(3))


@entry(
    "lobby-full",
    N_("Lobby: full room"),
    N_("Ten players, the most a room takes; a new name is refused."),
    ("V-1", "L-4"),
)
def lobby_full(now: float) -> Scene:
    room = lobby(10, now=now)
    try:
        room.act(Join(name="Kim"), by="late")
    except RuleError as refusal:
        return Scene(room.state, HOST, refusal=("lobby", refusal.message))
    raise AssertionError("an eleventh player was let in")


@entry(
    "lobby-together",
    N_("Lobby: Together"),
    N_("Four players set to Together: two sides, one shared goal."),
    ("T-1", "G-2", "L-4"),
)
def lobby_together(now: float) -> Scene:
    return Scene(lobby(4, now=now, mode=Mode.TOGETHER).state, HOST)


@entry(
    "lobby-switched",
    N_("Lobby: switched to Versus"),
    N_("A seventh player joined a Together lobby: it switched to Versus and says so."),
    ("G-5", "G-4"),
)
def lobby_switched(now: float) -> Scene:
    room = lobby(6, now=now, mode=Mode.TOGETHER)
    room.act(Join(name=NAMES[6]), by=member_id(6))
    return Scene(room.state, member_id(2))


@entry(
    "lobby-away",
    N_("Lobby: a player away"),
    N_("Dev's connection dropped: the seat is kept and marked away."),
    ("G-8", "P-2"),
)
def lobby_away(now: float) -> Scene:
    room = lobby(6, now=now)
    room.act(Disconnect(), by=member_id(3))
    return Scene(room.state, HOST)


@entry(
    "lobby-just-one",
    N_("Lobby: Just One"),
    N_("Five players set to Just One: one list, no teams."),
    ("J-1", "P-2"),
)
def lobby_just_one(now: float) -> Scene:
    return Scene(lobby(5, now=now, mode=Mode.JUST_ONE).state, HOST)


@entry(
    "lobby-codewords",
    N_("Lobby: Codewords"),
    N_("The Codewords rules: handlers volunteer and pick their colours."),
    ("K-2", "L-4"),
)
def lobby_codewords(now: float) -> Scene:
    room = lobby(6, now=now, preset=Preset.CODEWORDS)
    room.act(Volunteer(), by=member_id(2))
    room.act(PickColour(colour="teal"), by=member_id(2))
    room.act(Volunteer(), by=member_id(3))
    room.act(PickColour(colour="gold"), by=member_id(3))
    return Scene(room.state, member_id(2))


@entry(
    "lobby-codewords-locked",
    N_("Lobby: Codewords, sides locked"),
    N_("The host locked the sides; a bot volunteers to give the clues."),
    ("K-2", "L-4"),
)
def lobby_codewords_locked(now: float) -> Scene:
    room = lobby(5, now=now, preset=Preset.CODEWORDS, teams=False)
    room.act(Join(name="Robo", bot=True), by="bot-robo", wait=0.5)
    room.act(PickTeam(team=Team.RED), by=member_id(1))
    room.act(PickTeam(team=Team.BLUE), by=member_id(2))
    room.act(Volunteer(), by=member_id(2))
    room.act(Volunteer(player="bot-robo"))
    room.act(LockSides())
    return Scene(room.state, HOST)


@entry(
    "lobby-bots",
    N_("Lobby: with bots"),
    N_("Two bots sit at the table beside four people."),
    ("B-1", "P-2"),
)
def lobby_bots(now: float) -> Scene:
    room = lobby(4, now=now)
    room.act(Join(name="Bot Ada", bot=True, bot_level="easy"), by="bot1")
    room.act(Join(name="Bot Max", bot=True, bot_level="hard"), by="bot2")
    return Scene(room.state, HOST)

"""Versus: the captain's page and the guessers' board in each step of a turn (P-3, P-4)."""

from __future__ import annotations

from oneword.engine import (
    Disconnect,
    GiveClue,
    Join,
    MakeCaptain,
    Mark,
    Pause,
    PickTeam,
    RuleError,
    Team,
)
from oneword.engine.presence import HOST_WARNING_AFTER
from oneword.engine.timers import advance
from oneword.engine.versus.state import VersusGame
from oneword.gallery.registry import Scene, entry
from oneword.gallery.rooms import HOST, Room, lobby, member_id, started
from oneword.i18n import N_


def bot_due(room: Room, now: float) -> Room:
    """B-5: the time the bot's move is due, which the service's bot runner
    keeps in the room (the engine only counts it among the deadlines)."""
    room.state = room.state.model_copy(update={"bot_due": now + 3})
    return room


def versus_room(now: float, players: int = 6, clue_timer: int = 120) -> Room:
    return started(lobby(players, now=now, clue_timer=clue_timer), now)  # type: ignore[arg-type]


@entry(
    "captain-before-clue",
    N_("Captain: before the clue"),
    N_("The playing captain's map beside the clue form."),
    ("P-3", "V-3", "V-5", "X-1"),
)
def captain_before_clue(now: float) -> Scene:
    room = versus_room(now)
    return Scene(room.state, room.giver())


@entry(
    "captain-after-clue",
    N_("Captain: after the clue"),
    N_("The clue is given: no more hints until the turn ends."),
    ("P-3", "V-5"),
)
def captain_after_clue(now: float) -> Scene:
    room = versus_room(now)
    giver = room.giver()
    room.clue().open_colour(room.own())
    return Scene(room.state, giver)


@entry(
    "captain-refusal",
    N_("Captain: a refused clue"),
    N_("A clue that is a closed board word is refused with the rule it broke."),
    ("C-2", "C-6", "G-9"),
)
def captain_refusal(now: float) -> Scene:
    room = versus_room(now)
    game = room.game
    try:
        room.act(GiveClue(word=game.words[0], number=1), by=room.giver())
    except RuleError as refusal:
        return Scene(room.state, room.giver(), refusal=("clue", refusal.message))
    raise AssertionError("a board word was taken as a clue")


@entry(
    "captain-other-team",
    N_("Captain: the other team plays"),
    N_("The rival captain watches the other team guess."),
    ("P-3", "V-3"),
)
def captain_other_team(now: float) -> Scene:
    room = versus_room(now)
    room.clue()
    assert isinstance(room.game, VersusGame)
    return Scene(room.state, room.game.captains[room.team().other])


@entry(
    "guesser-waiting",
    N_("Guesser: waiting for the clue"),
    N_("The board while the captain thinks."),
    ("P-4", "V-3"),
)
def guesser_waiting(now: float) -> Scene:
    room = versus_room(now)
    return Scene(room.state, room.guesser())


@entry(
    "guesser-marks",
    N_("Guesser: with marks"),
    N_("Teammates marked the cards they lean to; one card is open."),
    ("P-4", "V-5", "V-7", "V-13"),
)
def guesser_marks(now: float) -> Scene:
    room = versus_room(now).clue(number=3)
    room.open_colour(room.own())
    team = room.players(room.team())
    for by, card in ((team[1], 3), (team[2], 3), (team[2], 11)):
        room.act(Mark(card=card), by=by)
    return Scene(room.state, team[1])


@entry(
    "guesser-bonus",
    N_("Guesser: the bonus guess"),
    N_("Both cards of a clue of 2 found: one more guess, or end the turn."),
    ("V-6", "V-7", "V-11"),
)
def guesser_bonus(now: float) -> Scene:
    room = versus_room(now).clue(number=2)
    room.open_colour(room.own()).open_colour(room.own())
    return Scene(room.state, room.guesser())


@entry(
    "guesser-no-guesses",
    N_("Guesser: no guesses left"),
    N_("Every guess of the clue used: the turn passed to the other team."),
    ("V-6", "V-5"),
)
def guesser_no_guesses(now: float) -> Scene:
    room = versus_room(now).clue(number=1)
    team = room.team()
    guesser = room.guesser()
    room.open_colour(room.own()).open_colour(room.own())
    assert room.team() is not team
    return Scene(room.state, guesser)


@entry(
    "guesser-paused",
    N_("Guesser: paused"),
    N_("A player paused the game: every clock stands still."),
    ("L-7", "X-8"),
)
def guesser_paused(now: float) -> Scene:
    room = versus_room(now).clue()
    room.act(Pause(), by=room.guesser())
    return Scene(room.state, room.guesser())


@entry(
    "host-lost",
    N_("Host lost connection"),
    N_("The host has been away a minute: hosting passes on if they do not come back."),
    ("G-7", "G-8"),
)
def host_lost(now: float) -> Scene:
    room = versus_room(now).clue()
    room.act(Disconnect(), by=HOST, wait=0)
    room.now += HOST_WARNING_AFTER + 1
    room.state = advance(room.state, room.now)
    return Scene(room.state, room.guesser())


@entry(
    "captain-away",
    N_("Captain away during the clue"),
    N_("The captain's connection dropped before the clue: the game waits for them."),
    ("X-4", "G-8"),
)
def captain_away(now: float) -> Scene:
    room = versus_room(now)
    room.act(Disconnect(), by=room.giver())
    return Scene(room.state, room.guesser())


@entry(
    "spectator",
    N_("Spectator"),
    N_("A player who joined during the game watches it (no map, no marks)."),
    ("L-5", "V-3", "P-4"),
)
def spectator(now: float) -> Scene:
    room = versus_room(now).clue()
    room.act(Join(name="Kim"), by="late")
    return Scene(room.state, "late")


@entry(
    "board-bot-thinking",
    N_("Board: a bot is thinking"),
    N_("A bot captain is about to give its clue."),
    ("B-1", "B-5"),
)
def board_bot_thinking(now: float) -> Scene:
    room = lobby(4, now=now)
    room.act(Join(name="Bot Ada", bot=True), by="bot1")
    room.act(Join(name="Bot Max", bot=True), by="bot2")
    room.act(PickTeam(team=Team.RED), by="bot1").act(PickTeam(team=Team.BLUE), by="bot2")
    room.act(MakeCaptain(player="bot1")).act(MakeCaptain(player="bot2"))
    started(room, now)
    seat = member_id(2) if room.team() is Team.RED else member_id(3)
    return Scene(bot_due(room, now).state, seat)

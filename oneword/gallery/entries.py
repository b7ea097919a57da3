"""Every gallery entry: one small function each, registered with `@entry`.

A builder takes the clock reading to build for (`now`) and returns the
sample room and the seat to look from (`registry.Scene`). Rooms are made
only by engine actions (`rooms`), so a state shown here is one the rules
can reach. Every entry is in the screenshot comparison
(tests/e2e/test_gallery_screens.py).
"""

from __future__ import annotations

from oneword.engine import (
    Colour,
    Disconnect,
    EndTurn,
    GiveClue,
    Join,
    LockSides,
    MakeCaptain,
    Mark,
    Mode,
    Open,
    Pause,
    PickColour,
    PickTeam,
    Preset,
    RuleError,
    SetUpOneDevice,
    StartGuessing,
    TableSeat,
    Team,
    Volunteer,
    new_room,
)
from oneword.engine.actions import Answer, NextCard, PickNumber, ShowClues, WriteClues
from oneword.engine.justone.rules import clues_each, current_card
from oneword.engine.models import JustOneGame, TogetherGame, VersusGame
from oneword.engine.presence import HOST_WARNING_AFTER
from oneword.engine.timers import advance
from oneword.i18n import N_

from .registry import ENTRIES, Scene, entry
from .rooms import HOST, LEAD, NAMES, SECRET, Room, lobby, member_id, started

__all__ = ["ENTRIES"]


# Lobby (P-2, L-4)


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


# Versus: captain and guessers (P-3, P-4)


def _bot_due(room: Room, now: float) -> Room:
    """B-5: the time the bot's move is due, which the service's bot runner
    keeps in the room (the engine only counts it among the deadlines)."""
    room.state = room.state.model_copy(update={"bot_due": now + 3})
    return room


def _versus(now: float, players: int = 6, clue_timer: int = 120) -> Room:
    return started(lobby(players, now=now, clue_timer=clue_timer), now)  # type: ignore[arg-type]


@entry(
    "captain-before-clue",
    N_("Captain: before the clue"),
    N_("The playing captain's map beside the clue form."),
    ("P-3", "V-3", "V-5", "X-1"),
)
def captain_before_clue(now: float) -> Scene:
    room = _versus(now)
    return Scene(room.state, room.giver())


@entry(
    "captain-after-clue",
    N_("Captain: after the clue"),
    N_("The clue is given: no more hints until the turn ends."),
    ("P-3", "V-5"),
)
def captain_after_clue(now: float) -> Scene:
    room = _versus(now)
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
    room = _versus(now)
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
    room = _versus(now)
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
    room = _versus(now)
    return Scene(room.state, room.guesser())


@entry(
    "guesser-marks",
    N_("Guesser: with marks"),
    N_("Teammates marked the cards they lean to; one card is open."),
    ("P-4", "V-5", "V-7", "V-13"),
)
def guesser_marks(now: float) -> Scene:
    room = _versus(now).clue(number=3)
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
    room = _versus(now).clue(number=2)
    room.open_colour(room.own()).open_colour(room.own())
    return Scene(room.state, room.guesser())


@entry(
    "guesser-no-guesses",
    N_("Guesser: no guesses left"),
    N_("Every guess of the clue used: the turn passed to the other team."),
    ("V-6", "V-5"),
)
def guesser_no_guesses(now: float) -> Scene:
    room = _versus(now).clue(number=1)
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
    room = _versus(now).clue()
    room.act(Pause(), by=room.guesser())
    return Scene(room.state, room.guesser())


@entry(
    "host-lost",
    N_("Host lost connection"),
    N_("The host has been away a minute: hosting passes on if they do not come back."),
    ("G-7", "G-8"),
)
def host_lost(now: float) -> Scene:
    room = _versus(now).clue()
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
    room = _versus(now)
    room.act(Disconnect(), by=room.giver())
    return Scene(room.state, room.guesser())


@entry(
    "spectator",
    N_("Spectator"),
    N_("A player who joined during the game watches it (no map, no marks)."),
    ("L-5", "V-3", "P-4"),
)
def spectator(now: float) -> Scene:
    room = _versus(now).clue()
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
    return Scene(_bot_due(room, now).state, seat)


# Together and the Final Round (T, F)


def _together(now: float, players: int = 4) -> Room:
    return started(lobby(players, now=now, mode=Mode.TOGETHER), now)


def _neutral_turn(room: Room) -> Room:
    """A clue, then a card neutral on the giver's map ends the turn (T-5)."""
    return room.clue(number=1).open_colour(Colour.NEUTRAL)


def _final_round(now: float) -> Room:
    """Every turn of the limit used with greens still hidden (F-1)."""
    room = _together(now)
    while True:
        game = room.game
        assert isinstance(game, TogetherGame)
        if game.final_round:
            return room
        _neutral_turn(room)


@entry(
    "together-giver",
    N_("Together: clue giver"),
    N_("The clue giver's own map (green, black, neutral) and the clue form."),
    ("T-2", "T-4", "P-3"),
)
def together_giver(now: float) -> Scene:
    room = _together(now)
    return Scene(room.state, room.giver())


@entry(
    "together-board",
    N_("Together: the other side guesses"),
    N_("The guessing side sees its own map on the cards; one green is found."),
    ("T-4", "T-5", "T-6", "P-4"),
)
def together_board(now: float) -> Scene:
    room = _together(now).clue(number=2)
    room.open_colour(Colour.GREEN)
    return Scene(room.state, room.guesser())


@entry(
    "together-late",
    N_("Together: late joiner"),
    N_("Someone who joined during the game watches it and plays the next one."),
    ("L-5", "T-2"),
)
def together_late(now: float) -> Scene:
    room = _together(now).clue()
    room.act(Join(name="Kim"), by="late")
    return Scene(room.state, "late")


@entry(
    "final-round",
    N_("Final Round"),
    N_("The turn limit is reached: anyone opens any card, each open confirmed first."),
    ("F-1", "F-2", "F-3"),
)
def final_round(now: float) -> Scene:
    room = _final_round(now)
    return Scene(room.state, HOST)


# Results (R-1, R-2, P-5)


def _all_found(room: Room) -> Room:
    """The playing team clues 0 (unlimited) and opens all its cards (V-12)."""
    room.clue(number=0)
    while room.game.outcome is None:
        room.open_colour(room.own())
    return room


@entry(
    "results-all-found",
    N_("Results: all cards found"),
    N_("A team opened all its cards."),
    ("V-12", "R-1", "R-2", "P-5"),
)
def results_all_found(now: float) -> Scene:
    return Scene(_all_found(_versus(now)).state, HOST)


@entry(
    "results-black-card",
    N_("Results: the black card"),
    N_("A team opened the black card and lost at once."),
    ("V-10", "R-1", "P-5"),
)
def results_black_card(now: float) -> Scene:
    room = _versus(now).clue()
    room.open_colour(Colour.BLACK)
    return Scene(room.state, member_id(3))


@entry(
    "results-rival-last",
    N_("Results: the rival's last card"),
    N_("A team opened its rival's last card: the rival wins."),
    ("V-9", "R-1"),
)
def results_rival_last(now: float) -> Scene:
    room = _versus(now).clue(number=0)
    while len(room.closed(room.own())) > 1:
        room.open_colour(room.own())
    first = room.own()
    room.act(EndTurn(), by=room.guesser())
    room.clue()
    room.act(Open(card=room.closed(first)[0]), by=room.guesser())
    return Scene(room.state, member_id(2))


@entry(
    "results-guest",
    N_("Results: a guest waits"),
    N_("A player who is not the host waits for Play again."),
    ("L-6", "R-1"),
)
def results_guest(now: float) -> Scene:
    return Scene(_all_found(_versus(now)).state, member_id(5))


@entry(
    "results-together-won",
    N_("Results: Together won"),
    N_("All 15 greens found: everyone wins."),
    ("T-9", "R-1"),
)
def results_together_won(now: float) -> Scene:
    room = _together(now)
    while room.game.outcome is None:
        room.clue(number=0)
        while room.game.outcome is None and room.closed(Colour.GREEN):
            room.open_colour(Colour.GREEN)
        if room.game.outcome is None:
            room.act(EndTurn(), by=room.guesser())
    return Scene(room.state, HOST)


@entry(
    "results-together-lost",
    N_("Results: Together lost"),
    N_("A black card was opened: everyone loses."),
    ("T-10", "R-1"),
)
def results_together_lost(now: float) -> Scene:
    room = _together(now).clue()
    room.open_colour(Colour.BLACK)
    return Scene(room.state, HOST)


@entry(
    "results-final-round",
    N_("Results: Final Round"),
    N_("The Final Round's open was not green on the other side's map: everyone loses."),
    ("F-3", "R-1"),
)
def results_final_round(now: float) -> Scene:
    room = _final_round(now)
    game = room.game
    assert isinstance(game, TogetherGame)
    other = Team.BLUE  # the host plays Red: the Final Round checks Blue's map
    neutral = [i for i, c in enumerate(game.keys[other]) if c is Colour.NEUTRAL]
    card = next(i for i in neutral if not game.found[i])
    room.act(Open(card=card), by=HOST)
    return Scene(room.state, HOST)


# The watch page (P-6)


@entry(
    "watch-lobby",
    N_("Watch: lobby"),
    N_("The projector while players join: code, QR code, who is here."),
    ("P-6", "L-1"),
)
def watch_lobby(now: float) -> Scene:
    return Scene(lobby(6, now=now).state, None, "watch")


@entry(
    "watch-clue",
    N_("Watch: waiting for the clue"),
    N_("The board and the clue timer while the captain thinks."),
    ("P-6", "X-1"),
)
def watch_clue(now: float) -> Scene:
    return Scene(_versus(now).state, None, "watch")


@entry(
    "watch-guessing",
    N_("Watch: guessing"),
    N_("The clue, the open cards and cards left per team."),
    ("P-6", "V-3"),
)
def watch_guessing(now: float) -> Scene:
    room = _versus(now).clue()
    room.open_colour(room.own())
    return Scene(room.state, None, "watch")


@entry("watch-paused", N_("Watch: paused"), N_("The game is paused for everyone."), ("P-6", "L-7"))
def watch_paused(now: float) -> Scene:
    room = _versus(now).clue()
    room.act(Pause(), by=room.guesser())
    return Scene(room.state, None, "watch")


@entry(
    "watch-results",
    N_("Watch: results"),
    N_("Who won and why, over the revealed map."),
    ("P-6", "R-1"),
)
def watch_results(now: float) -> Scene:
    return Scene(_all_found(_versus(now)).state, None, "watch")


# One device (O)


TABLE = [(NAMES[i], Team.RED if i % 2 == 0 else Team.BLUE, i < 2) for i in range(6)]


def _one_device(now: float, *, bot: bool = False) -> Room:
    """A table of six on one device (O-1), Blue's captain a bot if asked."""
    seats = [
        TableSeat(id=member_id(i), name=name, team=team, captain=captain, bot=bot and i == 1)
        for i, (name, team, captain) in enumerate(TABLE)
    ]
    room = Room(new_room(SECRET), now - LEAD - 10)
    room.act(SetUpOneDevice(seats=seats))
    return started(room, now)


@entry(
    "od-setup",
    N_("One device: set-up"),
    N_("The table's names, teams and captains before the game."),
    ("O-1",),
)
def od_setup(now: float) -> Scene:
    return Scene(None, None, "one_device_setup", table=TABLE)


@entry(
    "od-show-map",
    N_("One device: Show the Map"),
    N_("The captain takes the device; everyone else looks away."),
    ("O-2",),
)
def od_show_map(now: float) -> Scene:
    return Scene(_one_device(now).state, HOST)


@entry(
    "od-map-shown",
    N_("One device: the map shown"),
    N_("The captain's map and the clue form, for the captain's eyes only."),
    ("O-2", "V-3"),
)
def od_map_shown(now: float) -> Scene:
    return Scene(_one_device(now).state, HOST, map_shown=True)


@entry(
    "od-pass",
    N_("One device: pass the device"),
    N_("The clue is given: the device goes to the middle of the table."),
    ("O-3",),
)
def od_pass(now: float) -> Scene:
    return Scene(_one_device(now).clue().state, HOST)


@entry(
    "od-guessing",
    N_("One device: guessing"),
    N_("The team selects a card and opens it; End Turn after one open card."),
    ("O-3", "V-11"),
)
def od_guessing(now: float) -> Scene:
    room = _one_device(now).clue()
    room.act(StartGuessing(), by=HOST)
    room.open_colour(room.own())
    return Scene(room.state, HOST)


@entry(
    "od-results",
    N_("One device: results"),
    N_("The end of a table's game, with New Game (Same Teams)."),
    ("O-5", "R-1"),
)
def od_results(now: float) -> Scene:
    room = _one_device(now).clue(number=0)
    room.act(StartGuessing(), by=HOST)
    while room.game.outcome is None:
        room.open_colour(room.own())
    return Scene(room.state, HOST)


@entry(
    "od-bot-captain",
    N_("One device: a bot captain"),
    N_("The table watches while a bot captain thinks of its clue."),
    ("B-1", "B-5", "O-2"),
)
def od_bot_captain(now: float) -> Scene:
    room = _one_device(now, bot=True)
    if room.team() is Team.RED:
        room.clue().act(StartGuessing(), by=HOST)
        room.open_colour(Colour.NEUTRAL, by=member_id(2))
    return Scene(_bot_due(room, now).state, HOST)


# Codewords (K-2)


def _codewords(now: float) -> Room:
    room = lobby(6, now=now, preset=Preset.CODEWORDS)
    for index, colour in ((2, "teal"), (3, "gold")):
        room.act(Volunteer(), by=member_id(index))
        room.act(PickColour(colour=colour), by=member_id(index))
    return started(room, now)


@entry(
    "codewords-handler",
    N_("Codewords: handler"),
    N_("The handler's map in the sides' own colours."),
    ("K-2", "P-3"),
)
def codewords_handler(now: float) -> Scene:
    room = _codewords(now)
    return Scene(room.state, room.giver())


@entry(
    "codewords-board",
    N_("Codewords: tap to open"),
    N_("A tap opens a card at once; the sides keep their handlers' colours."),
    ("K-2", "P-4"),
)
def codewords_board(now: float) -> Scene:
    room = _codewords(now).clue(number=2)
    room.open_colour(room.own())
    return Scene(room.state, room.guesser())


@entry(
    "codewords-bonus",
    N_("Codewords: the bonus question"),
    N_("The team found as many cards as the number: one more, or end the turn."),
    ("K-2", "P-4"),
)
def codewords_bonus(now: float) -> Scene:
    room = _codewords(now).clue(number=1)
    room.open_colour(room.own())
    return Scene(room.state, room.guesser())


# Just One (J)


CLUES = ("orbit", "velvet", "harbour", "lantern", "glacier", "meadow", "thunder", "quartz")
"""Clue words for the sample cards, none of them in the English packages."""


def _just_one(now: float, players: int = 5) -> Room:
    return started(lobby(players, now=now, mode=Mode.JUST_ONE), now)


def _card(room: Room) -> tuple[str, list[str]]:
    """The current card's guesser and clue givers."""
    game = room.game
    assert isinstance(game, JustOneGame)
    card = current_card(game)
    assert card.guesser_id is not None
    return card.guesser_id, list(card.givers)


def _picked(room: Room) -> Room:
    guesser, _ = _card(room)
    return room.act(PickNumber(number=3), by=guesser)


def _written(room: Room, *, same: bool = False) -> Room:
    """Every giver writes; with `same`, the first two write the same clue (J-4)."""
    game = room.game
    assert isinstance(game, JustOneGame)
    each = clues_each(game)
    _, givers = _card(room)
    for n, giver in enumerate(givers):
        start = 0 if same and n == 1 else n * each
        room.act(WriteClues(words=list(CLUES[start : start + each])), by=giver)
    return room


def _shown(room: Room) -> Room:
    for giver in _card(room)[1]:
        room.act(ShowClues(), by=giver)
    return room


@entry(
    "jo-pick",
    N_("Just One: the guesser picks"),
    N_("The guesser picks a number without seeing the card."),
    ("J-2",),
)
def jo_pick(now: float) -> Scene:
    room = _just_one(now)
    return Scene(room.state, _card(room)[0])


@entry(
    "jo-write",
    N_("Just One: writing a clue"),
    N_("A clue giver sees the mystery word and writes one clue."),
    ("J-2", "J-3"),
)
def jo_write(now: float) -> Scene:
    room = _picked(_just_one(now))
    return Scene(room.state, _card(room)[1][0])


@entry(
    "jo-compare",
    N_("Just One: comparing clues"),
    N_("Two clues were the same: both are removed before the guesser sees them."),
    ("J-4",),
)
def jo_compare(now: float) -> Scene:
    room = _written(_picked(_just_one(now)), same=True)
    return Scene(room.state, _card(room)[1][0])


@entry(
    "jo-guess",
    N_("Just One: the guess"),
    N_("The guesser reads the surviving clues and answers or passes."),
    ("J-4", "J-5"),
)
def jo_guess(now: float) -> Scene:
    room = _shown(_written(_picked(_just_one(now)), same=True))
    return Scene(room.state, _card(room)[0])


@entry(
    "jo-reveal",
    N_("Just One: the card's end"),
    N_("A wrong answer: everyone sees the card, and the clue givers may count a near miss."),
    ("J-5",),
)
def jo_reveal(now: float) -> Scene:
    room = _shown(_written(_picked(_just_one(now))))
    guesser, givers = _card(room)
    room.act(Answer(word="nothing"), by=guesser)
    return Scene(room.state, givers[0])


@entry(
    "jo-results",
    N_("Just One: results"),
    N_("Thirteen cards played: the score and its rating."),
    ("J-6",),
)
def jo_results(now: float) -> Scene:
    room = _just_one(now)
    played = 0
    while room.game.outcome is None:
        _shown(_written(_picked(room)))
        guesser, givers = _card(room)
        game = room.game
        assert isinstance(game, JustOneGame)
        mystery = current_card(game).mystery
        right = played % 3 != 2  # every third card missed
        room.act(Answer(word=mystery if right and mystery else "nothing"), by=guesser)
        room.act(NextCard(), by=givers[0])
        played += 1
    return Scene(room.state, HOST)


@entry(
    "jo-watch", N_("Just One: watch"), N_("The projector during a Just One card."), ("J-3", "P-6")
)
def jo_watch(now: float) -> Scene:
    return Scene(_written(_picked(_just_one(now))).state, None, "watch")

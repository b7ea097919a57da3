"""Bots' moves as deadlines: how the service lets bots play (B-1, B-5).

The engine keeps one time in the room, `bot_due`, and counts it among the
room's deadlines, so the store's `next_deadline` and a page's cheap poll
see it like a clue timer. When it has passed, whichever call ticks the
room (a poll, a view, any action) asks the bot whose move it is, through
that bot's own view, and applies its action in the same transaction, at
the due time. Nothing lives in memory: a restart, or another app process
on the same file, picks up where the last one stopped.

The bot's choice needs the vector table, which is no part of the engine,
so it is made here, above the engine; the engine stays pure.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from oneword.engine import (
    Action,
    Join,
    MovePlayer,
    RoomState,
    SetMode,
    Team,
    advance,
    apply,
    together,
    versus,
    view_for,
)
from oneword.engine.codewords.lobby import is_codewords_lobby
from oneword.engine.errors import LobbyError, Reason, Refusal
from oneword.engine.lobby import require_host, require_lobby
from oneword.engine.models import BotLevel, Mode, Preset
from oneword.engine.names import skeleton
from oneword.i18n import N_

Applied = list[tuple[Action, float]]
BOT_PACE = (2.0, 4.0)
"""B-5: a bot waits this long (seconds, low and high) before it moves."""
MAX_BOT_MOVES = 500
"""A guard: at most this many bot moves per tick."""
RETRY_AFTER = 30.0
"""A bot whose move was refused tries again this much later."""
BOT_NAMES = ("Pixel", "Gizmo", "Sprocket", "Widget", "Bolt", "Cog", "Dynamo", "Servo", "Chip")


class BotError(Refusal):
    """Bots cannot be seated here (they have no table for the room's language)."""


def pace_from_env() -> tuple[float, float]:
    """`ONEWORD_BOT_PACE`: "2-4" (a range) or "0" (no wait, for tests)."""
    text = os.environ.get("ONEWORD_BOT_PACE", "").strip()
    if not text:
        return BOT_PACE
    low, _, high = text.partition("-")
    return float(low), float(high or low)


class BotRunner:
    """Schedules and plays bots' moves for the service."""

    def __init__(self, pace: tuple[float, float] | None = None) -> None:
        self.pace = pace if pace is not None else pace_from_env()

    def after_change(self, state: RoomState, now: float) -> RoomState:
        """A person changed the room: a bot's move comes a full pace later,
        so people see it coming."""
        if state.bot_due is not None:
            state = state.model_copy(update={"bot_due": None})
        return self._schedule(state, now)

    def play(self, state: RoomState, now: float, applied: Applied) -> RoomState:
        """Every bot move due by `now`, each at its own time, then the
        room's other deadlines up to `now`, and the next bot move scheduled."""
        for _ in range(MAX_BOT_MOVES):
            due = state.bot_due
            if due is None or due > now:
                break
            state = self._move(advance(state, due), due, applied)
        return self._schedule(advance(state, now), now)

    def _move(self, state: RoomState, at: float, applied: Applied) -> RoomState:
        from oneword.bots.play import next_action

        mover = _mover(state)
        state = state.model_copy(update={"bot_due": None})
        if mover is None:
            return self._schedule(state, at)
        action = next_action(view_for(state, mover.id), mover.bot_level)
        if action is None:
            return self._schedule(state, at)
        action = action.model_copy(update={"by": mover.id})
        try:
            state = apply(state, action, at)
        except Refusal:
            return state.model_copy(update={"bot_due": at + RETRY_AFTER})
        applied.append((action, at))
        return self._schedule(state, at)

    def _schedule(self, state: RoomState, base: float) -> RoomState:
        if _mover(state) is None:
            due = None
        else:
            due = state.bot_due if state.bot_due is not None else base + self._wait(state)
        if due == state.bot_due:
            return state
        return state.model_copy(update={"bot_due": due})

    def _wait(self, state: RoomState) -> float:
        """Between the low and the high pace, varied by the room's step."""
        low, high = self.pace
        game = state.game
        moves = sum(len(e.openings) + 1 for e in game.log) if game else 0
        return low + (high - low) * ((moves * 0.618034) % 1.0)


def _mover(state: RoomState) -> BotMember | None:
    """The bot with a move to make now, if any. Bots never play on in a
    room that no person is in any more: they are not people (G-8)."""
    game = state.game
    if game is None or game.over or state.paused_at is not None:
        return None
    bots = sum(1 for m in state.members if m.bot)
    if bots == 0 or bots == len(state.members):
        return None
    from oneword.bots.play import wants_to_move

    for member in state.members:
        if member.bot and wants_to_move(view_for(state, member.id)):
            return BotMember(member.id, member.bot_level)
    return None


class BotMember:
    def __init__(self, member_id: str, level: BotLevel) -> None:
        self.id = member_id
        self.bot_level = level


# Seating bots (the lobby)


def seat_bot(state: RoomState, host: str, team: Team, level: BotLevel, new_id: str) -> list[Action]:
    """Join a bot and put it on `team` (B-1); only the host, in the lobby,
    in a room whose words are English."""
    require_host(state, host)
    require_lobby(state)
    _require_no_just_one(state)
    _require_english(state)
    name = _bot_name(state)
    return [
        Join(by=new_id, name=name, bot=True, bot_level=level),
        MovePlayer(by=host, player=new_id, team=team),
    ]


def fill(
    state: RoomState, host: str, level: BotLevel, new_id: Callable[[RoomState], str]
) -> list[Action]:
    """Bots until the room is the smallest legal game of its mode: two a
    team in Versus, one a side in Together; people without a team are
    placed first, on the smaller team."""
    require_host(state, host)
    require_lobby(state)
    _require_no_just_one(state)
    _require_english(state)
    actions: list[Action] = []
    work = state.model_copy(deep=True)
    for member in work.players():  # a host who only watches takes no team (L-4)
        if member.team is None:
            move = MovePlayer(by=host, player=member.id, team=_smaller(work))
            work = apply(work, move, 0.0)
            actions.append(move)
    mode = state.settings.mode if state.settings.mode_chosen else None
    need = _need(work, mode)
    for team in Team:
        while sum(1 for m in work.members if m.team is team) < need:
            for action in seat_bot(work, host, team, level, new_id(work)):
                work = apply(work, action, 0.0)
                actions.append(action)
    if mode is not None and work.settings.mode is not mode:
        # G-5 switched the mode while the room passed through smaller counts.
        actions.append(SetMode(by=host, mode=mode))
    return actions


CODEWORDS_TABLE = 2 * versus.state.MIN_TEAM
"""K-2: the smallest Codewords game, which bots make up when people are fewer."""


def fill_codewords(
    state: RoomState, host: str, new_id: Callable[[RoomState], str], level: BotLevel = "medium"
) -> list[Action]:
    """K-2: bots in the empty seats of a four-player Codewords game, each on
    the side with fewer players; people stay where they are (the middle
    too). Nothing where bots do not play the room's language (B-6) or the
    room is not a Codewords lobby."""
    if not _wants_codewords(state) or len(state.players()) >= CODEWORDS_TABLE:
        return []
    if not speaks_language(state.settings.language):
        return []
    actions: list[Action] = []
    work = state.model_copy(deep=True)
    while len(work.players()) < CODEWORDS_TABLE:
        for action in seat_bot(work, host, _smaller(work), level, new_id(work)):
            work = apply(work, action, 0.0)
            actions.append(action)
    if work.settings.mode is not Mode.VERSUS:
        actions.append(SetMode(by=host, mode=Mode.VERSUS))
    return actions


def _wants_codewords(state: RoomState) -> bool:
    """The host picked the Codewords rules: the lobby is Versus, or
    Together only because too few have joined for Versus (G-5)."""
    settings = state.settings
    if settings.one_device or settings.preset is not Preset.CODEWORDS:
        return False
    if is_codewords_lobby(state):
        return True
    return settings.mode is Mode.TOGETHER and not settings.mode_chosen


def _need(state: RoomState, mode: Mode | None) -> int:
    """Players a team needs: Together's minimum only if the host chose it."""
    if mode is Mode.TOGETHER:
        return together.state.MIN_PLAYERS // 2
    return versus.state.MIN_TEAM


def _smaller(state: RoomState) -> Team:
    counts = {t: sum(1 for m in state.members if m.team is t) for t in Team}
    return Team.BLUE if counts[Team.BLUE] < counts[Team.RED] else Team.RED


def _bot_name(state: RoomState) -> str:
    """A name not in use and not barred: a removed bot's name stays out (L-8)."""
    return next_bot_name([m.name for m in state.members], state.barred_names)


def next_bot_name(names: list[str], barred: list[str] | None = None) -> str:
    """The first bot name that looks like none of `names` (nor `barred`)."""
    taken = {skeleton(n) for n in names} | set(barred or [])
    free = [n for n in BOT_NAMES if skeleton(n) not in taken]
    if free:
        return free[0]
    return next(f"Bot {n}" for n in range(2, 100) if skeleton(f"Bot {n}") not in taken)


def require_bots_can_play(state: RoomState) -> None:
    """A game with bots starts only in a language they play (B-6)."""
    if any(m.bot for m in state.members):
        _require_english(state)


def _require_no_just_one(state: RoomState) -> None:
    """J: bots do not play Just One."""
    if state.settings.mode is Mode.JUST_ONE:
        raise LobbyError(
            Reason.BOTS_NOT_IN_JUST_ONE,
            N_("Bots do not play Just One: pick In One Word to add bots."),
        )


def _require_english(state: RoomState) -> None:
    require_language(state.settings.language)


def speaks_language(language: str) -> bool:
    """Do the bots play in `language` (B-6)? Read lazily: the bots load their tables."""
    from oneword.bots import speaks

    return speaks(language)


def require_language(language: str) -> None:
    """Bots play only where they play well (B-6)."""
    if not speaks_language(language):
        raise BotError(
            Reason.BOTS_ENGLISH_ONLY,
            N_(
                "Bots do not play in this language: switch the room's words to another language, "
                "or remove the bots."
            ),
        )

"""Codewords (K-2) tables for the engine tests: a Versus lobby with the
preset on, dealt through `apply` like any game."""

from __future__ import annotations

from collections.abc import Sequence

from versus_helpers import HOST, START, WORDS, Table, lobby

from oneword.engine import Preset, SetPreset, StartGame, Team, apply
from oneword.engine.codewords.state import CodewordsGame
from oneword.engine.models import RoomState


def codewords_lobby(red: int = 3, blue: int = 3, seed: int = 0) -> RoomState:
    room = lobby(red, blue, seed)
    return apply(room, SetPreset(by=HOST, preset=Preset.CODEWORDS), START)


def codewords_started(
    seed: int = 0, red: int = 3, blue: int = 3, words: Sequence[str] = WORDS
) -> RoomState:
    room = codewords_lobby(red, blue, seed)
    return apply(room, StartGame(by=HOST, words=list(words)), START)


def codewords_table(starting: Team = Team.RED, red: int = 3, blue: int = 3) -> Table:
    for seed in range(100):
        room = codewords_started(seed, red, blue)
        assert isinstance(room.game, CodewordsGame)
        if room.game.starting_team is starting:
            return Table(room)
    raise AssertionError(f"no seed in 0-99 lets {starting} start")

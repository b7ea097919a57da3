"""Every game mode the engine knows, by its `Mode`: the one place a new
mode is added."""

from __future__ import annotations

from typing import Any

from .game_mode import GameMode
from .models import GameBase, Mode
from .together import TOGETHER
from .versus import VERSUS

MODES: dict[Mode, GameMode[Any]] = {VERSUS.mode: VERSUS, TOGETHER.mode: TOGETHER}


def mode_of(game: GameBase) -> GameMode[Any]:
    """The mode whose state this game is."""
    for mode in MODES.values():
        if isinstance(game, mode.state):
            return mode
    raise TypeError(f"No game mode plays a {type(game).__name__}.")

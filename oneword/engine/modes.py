"""Every game mode the engine knows, by its `Mode` and rules preset (K):
the one place a new mode or variant is added."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .codewords.mode import CODEWORDS
from .game_mode import GameMode
from .justone.mode import JUST_ONE
from .models import GameBase, Mode, Preset, Settings
from .together.mode import TOGETHER
from .versus.mode import VERSUS

MODES: dict[Mode, GameMode[Any]] = {
    VERSUS.mode: VERSUS,
    TOGETHER.mode: TOGETHER,
    JUST_ONE.mode: JUST_ONE,
}
"""Each mode as In One Word's rules (K-1) play it."""

VARIANTS: dict[tuple[Mode, Preset], GameMode[Any]] = {(CODEWORDS.mode, CODEWORDS.preset): CODEWORDS}
"""K: a mode played by another preset. A preset with no variant of a mode
(Together under Codewords) plays that mode as In One Word does."""


def mode_for(settings: Settings) -> GameMode[Any]:
    """The mode a game started with these lobby settings plays."""
    return VARIANTS.get((settings.mode, settings.preset), MODES[settings.mode])


def is_move(action: Action) -> bool:
    """Whether some game has this action among its moves (the running
    game's own table then says whether it may be played now)."""
    return any(type(action) in mode.moves for mode in (*MODES.values(), *VARIANTS.values()))


def mode_of(game: GameBase) -> GameMode[Any]:
    """The mode whose state this game is (a variant's state is its own type)."""
    for mode in (*VARIANTS.values(), *MODES.values()):
        if type(game) is mode.state:
            return mode
    raise TypeError(f"No game mode plays a {type(game).__name__}.")

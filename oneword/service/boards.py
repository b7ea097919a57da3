"""The board's words (or a Just One deck), drawn from the room's own
random stream: replaying a room's log deals the same words (`randomness`).
They are drawn before the write lock is taken, and again only if the room
changed what they depend on in between."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oneword import words
from oneword.engine import (
    RoomState,
)
from oneword.engine.errors import Reason
from oneword.engine.models import Settings
from oneword.engine.modes import mode_for
from oneword.engine.randomness import words_rng
from oneword.i18n import N_
from oneword.service.errors import (
    WordsError,
)


@dataclass(frozen=True)
class BoardDraft:
    """Words drawn before the write lock, with what they were drawn from;
    a refusal (a bad custom list) waits until the host check has run."""

    seed: int
    step: int
    settings: Settings
    custom_words: Sequence[str] | None
    drawn: list[str] | WordsError

    @classmethod
    def of(cls, state: RoomState, custom_words: Sequence[str] | None) -> BoardDraft:
        try:
            drawn: list[str] | WordsError = deal_words(state, custom_words)
        except WordsError as refusal:
            drawn = refusal
        return cls(state.seed, state.step, state.settings, custom_words, drawn)

    def words(self, state: RoomState) -> list[str]:
        """The drafted words if `state` draws the same ones, else drawn now."""
        same = (state.seed, state.step, state.settings) == (self.seed, self.step, self.settings)
        if not same:
            return deal_words(state, self.custom_words)
        if isinstance(self.drawn, WordsError):
            raise self.drawn
        return self.drawn


def deal_words(state: RoomState, custom_words: Sequence[str] | None) -> list[str]:
    """25 words from the room's own stream, or a Just One deck's 65 (J-1):
    replaying a room's log deals the same board, and the board tells
    nothing of the map (`randomness`)."""
    rng = words_rng(state.seed, state.step)
    try:
        if custom_words is None and state.settings.custom_words:
            custom_words = state.settings.custom_words
        settings = state.settings
        size = mode_for(settings).words_needed
        if custom_words is None:
            packages = words.load_packages()
            if size != words.BOARD_SIZE:
                return words.deck_words(packages, settings.language, settings.package, rng, size)
            return words.board_words(packages, settings.language, settings.package, rng)
        check = words.parse_custom_words("\n".join(custom_words))
        if not check.ok:
            raise WordsError(Reason.CUSTOM_WORDS, N_("{problems}"), problems=check.error_remarks)
        if size != words.BOARD_SIZE:
            return words.draw_deck(check.words, rng, size)
        return words.draw_board(check.words, rng)
    except WordsError:
        raise
    except ValueError as problem:
        raise WordsError(Reason.WORDS, N_("{problem}"), problem=str(problem)) from problem

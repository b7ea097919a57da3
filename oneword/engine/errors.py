"""Refusals: every broken rule is an exception with a stable code.

Pages show `message` to the player; tests and bots match on `code`, which
never changes when the wording does. A refusal holds no sentence: its
`template` is a text of the message catalogs (marked with `N_`, so the
catalogs find it) and its `values` are apart, and `message` puts them
together when it is read, in the reader's language (`oneword.i18n`).
`RuleError` is a `ValueError`, like python-chess's `IllegalMoveError`,
because the caller asked for something the rules do not allow, not
because the program broke.
"""

from __future__ import annotations

from enum import StrEnum

from oneword.i18n import Template, fill


class Reason(StrEnum):
    """Every refusal's stable code, in one list. Tests, bots and message
    catalogs match on these; the wording may change, a code never does.
    Each code is raised as one class (tests/engine/test_reasons.py)."""

    # The room and seats (G-7, L-2, L-3)
    ALREADY_JOINED = "already_joined"
    NOT_IN_ROOM = "not_in_room"
    HOST_ONLY = "host_only"
    DEVICE_SEAT = "device_seat"
    BOT_HOLDS_DEVICE = "bot_holds_device"
    ROOM_FULL = "room_full"
    ONE_DEVICE_ROOM = "one_device_room"
    ONE_DEVICE_TABLE = "one_device_table"
    NAME_EMPTY = "name_empty"
    NAME_TOO_LONG = "name_too_long"
    NAME_TAKEN = "name_taken"
    KICK_SELF = "kick_self"
    NAME_NOT_TEXT = "name_not_text"
    NAME_BADGE = "name_badge"
    NAME_NUMBERED = "name_numbered"
    NAME_LOOKS_TAKEN = "name_looks_taken"
    ROOM_LOCKED = "room_locked"
    BARRED = "barred"
    # The lobby (G-4, L-4, V-1, V-4, T-1, O-1, O-5)
    GAME_RUNNING = "game_running"
    MODE_NOT_ALLOWED = "mode_not_allowed"
    PICK_TEAM_FIRST = "pick_team_first"
    PLAYER_COUNT = "player_count"
    TEAM_TOO_SMALL = "team_too_small"
    SIDES_UNEVEN = "sides_uneven"
    CAPTAIN_COUNT = "captain_count"
    SEAT_IDS = "seat_ids"
    ROOM_IN_USE = "room_in_use"
    NOT_ONE_DEVICE = "not_one_device"
    UNKNOWN_COLOUR = "unknown_colour"
    NOT_CODEWORDS = "not_codewords"
    SIDES_LOCKED = "sides_locked"
    NOT_A_BOT = "not_a_bot"
    HOST_WATCHING = "host_watching"
    # Turns (V, T, F, L-7)
    NO_GAME = "no_game"
    NO_TURN = "no_turn"
    GAME_OVER = "game_over"
    NOT_IN_GAME = "not_in_game"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_CAPTAIN = "not_captain"
    NOT_CLUE_GIVER = "not_clue_giver"
    CLUE_GIVEN = "clue_given"
    NO_CLUE_YET = "no_clue_yet"
    CAPTAIN_CANNOT_GUESS = "captain_cannot_guess"
    FORMER_CAPTAIN = "former_captain"
    OWN_CLUE = "own_clue"
    CARD_OPEN = "card_open"
    KNOWN_NEUTRAL = "known_neutral"
    OPEN_ONE_FIRST = "open_one_first"
    NO_MARKS = "no_marks"
    START_GUESSING_FIRST = "start_guessing_first"
    GUESSING_STARTED = "guessing_started"
    FINAL_ROUND = "final_round"
    BOARD_CHANGED = "board_changed"
    MAP_HIDDEN = "map_hidden"
    PAUSED = "paused"
    ALREADY_PAUSED = "already_paused"
    NOT_PAUSED = "not_paused"
    BONUS_ONLY = "bonus_only"
    # Just One (J)
    OTHER_GAME = "other_game"
    NOT_GUESSER = "not_guesser"
    WRONG_PHASE = "wrong_phase"
    CLUE_COUNT = "clue_count"
    NO_SUCH_CLUE = "no_such_clue"
    NOTHING_TO_OVERRULE = "nothing_to_overrule"
    DECK_SIZE = "deck_size"
    BOTS_NOT_IN_JUST_ONE = "bots_not_in_just_one"
    # Clues (C-1 to C-6)
    CLUE_EMPTY = "clue_empty"
    CLUE_NOT_ONE_WORD = "clue_not_one_word"
    CLUE_BAD_CHARACTER = "clue_bad_character"
    CLUE_BAD_JOINER = "clue_bad_joiner"
    CLUE_TOO_LONG = "clue_too_long"
    CLUE_ONLY_DIGITS = "clue_only_digits"
    CLUE_ON_BOARD = "clue_on_board"
    CLUE_TOO_CLOSE = "clue_too_close"
    CLUE_BAD_NUMBER = "clue_bad_number"
    CLUE_BOARD_FORM = "clue_board_form"
    # The service: rooms, tokens and words
    NO_SUCH_ROOM = "no_such_room"
    ROOM_UNREADABLE = "room_unreadable"
    NO_TOKEN = "no_token"
    BAD_TOKEN = "bad_token"
    SEAT_GONE = "seat_gone"
    TABLE_ACTION = "table_action"
    NOT_AT_TABLE = "not_at_table"
    CUSTOM_WORDS = "custom_words"
    LIST_NAME = "list_name"
    WORDS = "words"
    NO_FREE_CODE = "no_free_code"
    TOO_MANY_TRIES = "too_many_tries"
    NOT_TEXT = "not_text"
    TOO_LONG = "too_long"
    UNKNOWN_VALUE = "unknown_value"
    NOT_A_MOVE = "not_a_move"
    BAD_WORDS = "bad_words"
    # The service: profiles (PR)
    NO_PROFILE = "no_profile"
    BAD_TRANSFER_CODE = "bad_transfer_code"
    TITLE_NOT_EARNED = "title_not_earned"
    NOT_ON_DEVICE = "not_on_device"
    # The service: class sessions (a teacher's several rooms)
    NO_SUCH_CLASS = "no_such_class"
    CLASS_LIST = "class_list"
    CLASS_ROOMS = "class_rooms"
    NOT_ON_CLASS_LIST = "not_on_class_list"
    NAME_SEATED = "name_seated"
    NO_OPEN_ROOM = "no_open_room"
    NOT_TEACHER = "not_teacher"
    NOT_IN_CLASS = "not_in_class"
    # Bots (B-6)
    BOTS_ENGLISH_ONLY = "bots_english_only"
    # The service: its database (retryable: nothing was changed)
    STORAGE_UNAVAILABLE = "storage_unavailable"
    STORAGE_BUSY = "storage_busy"
    # Any action
    UNKNOWN_ACTION = "unknown_action"


class Refusal(ValueError):
    """Something a player asked for that cannot be done, with a stable `code`
    and a `message` the player can read. The rules' refusals (`RuleError`)
    and the service's (a room that does not exist, a bad token) both are
    one, so a page catches `Refusal` and shows its message."""

    def __init__(self, code: Reason, template: Template, /, **values: object) -> None:
        super().__init__(code, template, values)
        self.code = code
        self.template = template
        self.values = values

    @property
    def message(self) -> str:
        """The refusal in the current language, its values put in."""
        return fill(self.template, self.values)

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its code, text and values (a copy or another process
        reads it in its own language)."""
        return (_rebuild, (type(self), self.code, self.template, self.values))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.code)!r}, {self.message!r})"


def _rebuild(
    kind: type[Refusal], code: Reason, template: Template, values: dict[str, object]
) -> Refusal:
    return kind(code, template, **values)


class RuleError(Refusal):
    """An action the rules refuse. The state it was applied to is unchanged."""


class ClueError(RuleError):
    """A clue that breaks a C-rule (C-6: the message names the rule broken)."""


class TurnError(RuleError):
    """An action out of turn or by a seat that may not take it."""


class LobbyError(RuleError):
    """A lobby action that the room's players or settings do not allow."""


class SeatError(RuleError):
    """The actor is not in the room, or lacks the host's powers."""

"""Class sessions over the room service: a teacher makes a class (a class
list and a room for every few students, each run by the teacher without
playing), students take a seat by tapping their name, and the teacher's
one key acts as host in every room at once.

The class row and the rooms are separate writes: the rooms are made
first, then the class's row; a seat is reserved in the class before the
room is joined, and given back if the room refuses. Rooms left behind by
a failed creation expire as unused rooms do."""

from __future__ import annotations

import contextlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass, field

from oneword.classes.class_list import ClassError, read_class_list
from oneword.classes.keys import new_teacher_key, room_key
from oneword.classes.models import ClassRoom, ClassSettings, ClassState, StudentLine
from oneword.classes.results import finished_lines
from oneword.classes.seating import fits, pick_room
from oneword.engine import EndGame, Mode, Pause, Refusal, Resume, RoomView, SetMode
from oneword.engine.errors import Reason
from oneword.engine.modes import MODES
from oneword.engine.names import clean_name
from oneword.i18n import N_
from oneword.service import RoomService, Seat, inputs
from oneword.service.codes import normalize
from oneword.service.errors import RoomNotFound, WordsError
from oneword.service.rate_limits import Client, Knock
from oneword.service.room_io import free_code, guarded, hash_token
from oneword.storage.records import ClassRow, StoreBusy


@dataclass(frozen=True)
class ClassSeat:
    """The teacher's hold on a class: keep `key` secret (it hosts every room)."""

    code: str
    key: str


@dataclass(frozen=True)
class ClassRoomView:
    """One room as the class page shows it: the watch view, never a key."""

    code: str
    students: list[str]
    view: RoomView


@dataclass(frozen=True)
class ClassView:
    """The whole class: its list, who has no seat yet, and every room."""

    code: str
    teacher: str
    names: list[str]
    waiting: list[str]
    rooms: list[ClassRoomView]
    settings: ClassSettings
    planned: dict[str, str] = field(default_factory=dict)
    """The rooms the teacher chose for students without a seat yet."""
    played: list[StudentLine] = field(default_factory=list)
    """The lines of the rounds over, kept by Start every room."""


@dataclass(frozen=True)
class ClassList:
    """What a student sees before tapping a name: the list and who has a seat."""

    code: str
    names: list[str]
    seated: frozenset[str]


class ClassService:
    """Class sessions over a `RoomService` and its store."""

    def __init__(self, rooms: RoomService) -> None:
        self.rooms = rooms

    def create(
        self,
        teacher: str,
        class_list: str,
        rooms: int,
        settings: ClassSettings,
        client: Client | None = None,
        own_words: str = "",
    ) -> ClassSeat:
        """A class of `rooms` rooms for the names of `class_list`, every
        room set to `settings`' game and words (or the teacher's
        `own_words`, W-5, checked before any room is made) and run by
        `teacher` without playing."""
        name = clean_name(teacher)
        names = read_class_list(class_list)
        if own_words.strip():
            check = inputs.word_list(own_words)
            if not check.ok:
                raise WordsError(
                    Reason.CUSTOM_WORDS, N_("{problems}"), problems=check.error_remarks
                )
        if not fits(settings.mode, len(names), rooms):
            least, most = MODES[settings.mode].players
            raise ClassError(
                Reason.CLASS_ROOMS,
                N_(
                    "{count} students in {rooms} rooms do not fit: "
                    "this game takes {least}-{most} players a room."
                ),
                count=len(names),
                rooms=rooms,
                least=least,
                most=most,
            )
        now = self.rooms.clock()
        self.rooms.limits.knock(client, Knock.CREATE, now)
        key = new_teacher_key()
        made = [
            ClassRoom(code=self._room(name, key, index, settings, own_words).code, index=index)
            for index in range(rooms)
        ]
        state = ClassState(teacher=name, names=names, rooms=made, settings=settings)
        with guarded(self.rooms.store.write()) as tx:
            code = free_code(tx)
            tx.insert_class(ClassRow(code, hash_token(key), state.model_dump_json(), 1, now, now))
        return ClassSeat(code, key)

    def _room(
        self, teacher: str, key: str, index: int, settings: ClassSettings, own_words: str
    ) -> Seat:
        host = room_key(key, index)
        seat = self.rooms.create_watched_room(
            teacher, host, settings.language, settings.mode, settings.package
        )
        if own_words.strip():
            self.rooms.set_custom_words(seat.code, host, own_words)
        return seat

    def class_list(self, code: str, client: Client | None = None) -> ClassList:
        """The names a student picks from (no key needed: the class code is
        the invitation, as a room's code is)."""
        state = self._state(code, client)
        return ClassList(normalize(code), state.names, frozenset(state.seats))

    def is_class(self, code: str) -> bool:
        """Whether `code` is a class's (a link's code, before it is read as
        a room's); a miss is not counted against the client."""
        return self._row(normalize(code)) is not None

    def join(
        self, code: str, name: str, device: str | None = None, client: Client | None = None
    ) -> Seat:
        """Seat the student `name` of class `code` in the open room with
        the fewest students, and join it as a player would (L-2)."""
        code = normalize(code)
        state = self._state(code, client)
        if name not in state.names:
            raise not_listed()
        room = self._reserve(code, name, self._open_rooms(state))
        try:
            return self.rooms.join(room, name, device=device, client=client)
        except Exception:
            self._change(code, lambda state: state.seats.pop(name, None))
            raise

    def _reserve(self, code: str, name: str, open_rooms: list[str]) -> str:
        """The room of `open_rooms` `name` gets, written into the class
        before the room is joined (the rooms are read before the class's
        write: a room's read may write its deadlines)."""
        chosen: list[str] = []

        def seat(state: ClassState) -> None:
            if name in state.seats:
                raise already_seated(name)
            counts = {room: len(state.seated_in(room)) for room in state.room_codes()}
            planned = state.planned.get(name)
            room = planned if planned in open_rooms else pick_room(counts, open_rooms)
            if room is None:
                raise ClassError(
                    Reason.NO_OPEN_ROOM,
                    N_("Every room of this class is full: ask your teacher."),
                )
            state.seats[name] = room
            chosen[:] = [room]

        self._change(code, seat)
        return chosen[0]

    def _open_rooms(self, state: ClassState) -> list[str]:
        """The rooms a student may sit in: those still in their lobby with a
        place left for the class's game; when every room has started, those
        with a place, where a late student watches the game and plays the
        next one (L-5)."""
        most = MODES[state.settings.mode].players[1]
        lobbies: list[str] = []
        running: list[str] = []
        for room in state.room_codes():
            try:
                view = self.rooms.view(room, None)
            except RoomNotFound:
                continue
            if len(view.players()) < most:
                (lobbies if view.game is None or view.game.outcome else running).append(room)
        return lobbies or running

    def view(self, code: str, key: str) -> ClassView:
        """Every room of the class as its watch page shows it, for the teacher."""
        code = normalize(code)
        state = self._teacher_state(code, key)
        rooms = []
        for room in state.rooms:
            try:
                view = self.rooms.view(room.code, None)
            except RoomNotFound:
                continue  # expired with its day: the class's list stays for new rooms
            rooms.append(ClassRoomView(room.code, state.seated_in(room.code), view))
        waiting = [name for name in state.names if name not in state.seats]
        return ClassView(
            code=code,
            teacher=state.teacher,
            names=state.names,
            waiting=waiting,
            rooms=rooms,
            settings=state.settings,
            planned=dict(state.planned),
            played=list(state.played),
        )

    def start_all(self, code: str, key: str) -> dict[str, Refusal | None]:
        """Start every room's game; each room's refusal, if any (too few
        players). A room plays the class's game where its players' count
        allows it: the lobby's mode follows the count while students come
        in (G-4: two students make a Together room of a Versus one)."""
        whole = self.view(code, key)
        self._keep_round(whole)
        modes = {room.code: room.view.settings.mode for room in whole.rooms}

        def start(room: str, token: str) -> None:
            if room in modes:
                self._class_game(room, token, whole.settings.mode, modes[room])
            self.rooms.start_game(room, token)

        return self._every_room(code, key, start)

    def _keep_round(self, whole: ClassView) -> None:
        """The games over, as the class's next round, before new ones start."""
        round_ = max((line.round for line in whole.played), default=0) + 1
        lines = finished_lines(whole.rooms, round_)
        if lines:
            self._change(whole.code, lambda state: state.played.extend(lines))

    def plan(self, code: str, key: str, name: str, room: str | None) -> None:
        """The teacher chooses `name`'s room before the student taps their
        name (None: whichever room has the fewest students then)."""
        code = normalize(code)
        self._teacher_state(code, key)

        def choose(state: ClassState) -> None:
            if name not in state.names:
                raise not_listed()
            if room is None:
                state.planned.pop(name, None)
                return
            if normalize(room) not in state.room_codes():
                raise not_ours(room)
            if name in state.seats:
                raise already_seated(name)
            state.planned[name] = normalize(room)

        self._change(code, choose)

    def end_all(self, code: str, key: str) -> dict[str, Refusal | None]:
        """End every room's running game (L-4: no result), for the bell."""
        return self._every_room(
            code, key, lambda room, token: self.rooms.act(room, token, EndGame(by=""))
        )

    def fill_with_bots(self, code: str, key: str, room: str) -> None:
        """Fill one room of the class with bots, on the teacher's say-so
        (B: up to the smallest game of the class's game)."""
        state = self._teacher_state(normalize(code), key)
        found = next((r for r in state.rooms if r.code == normalize(room)), None)
        if found is None:
            raise not_ours(room)
        token = room_key(key, found.index)
        now = self.rooms.view(found.code, token).settings.mode
        self._class_game(found.code, token, state.settings.mode, now)
        self.rooms.fill_with_bots(found.code, token)

    def _class_game(self, room: str, token: str, mode: Mode, now: Mode) -> None:
        """Set the room's game `now` back to the class's `mode` where its
        count allows it."""
        if now is not mode:
            with contextlib.suppress(Refusal):  # the count does not allow it: keep the room's
                self.rooms.act(room, token, SetMode(by="", mode=mode))

    def pause_all(self, code: str, key: str) -> dict[str, Refusal | None]:
        return self._every_room(
            code, key, lambda room, token: self.rooms.act(room, token, Pause(by=""))
        )

    def resume_all(self, code: str, key: str) -> dict[str, Refusal | None]:
        return self._every_room(
            code, key, lambda room, token: self.rooms.act(room, token, Resume(by=""))
        )

    def _every_room(
        self, code: str, key: str, act: Callable[[str, str], object]
    ) -> dict[str, Refusal | None]:
        """`act` in each room as its host; a room's refusal does not stop the others."""
        state = self._teacher_state(normalize(code), key)
        outcome: dict[str, Refusal | None] = {}
        for room in state.rooms:
            try:
                act(room.code, room_key(key, room.index))
                outcome[room.code] = None
            except Refusal as refusal:
                outcome[room.code] = refusal
        return outcome

    def _row(self, code: str) -> ClassRow | None:
        with guarded(self.rooms.store.read(), reading=True) as tx:
            return tx.class_row(code)

    def _state(self, code: str, client: Client | None = None) -> ClassState:
        """The class a code names, for anyone holding the code; a code that
        names none counts against the client, as a room's does (L-8)."""
        code = normalize(code)
        row = self._row(code)
        if row is None:
            self.rooms.limits.knock(client, Knock.MISSED_CODE, self.rooms.clock())
            raise no_class(code)
        return ClassState.model_validate_json(row.state_json)

    def _teacher_state(self, code: str, key: str) -> ClassState:
        """The class, for the holder of its teacher's key only."""
        row = self._row(code)
        if row is None:
            raise no_class(code)
        if not key or not hmac.compare_digest(row.teacher_hash, hash_token(key)):
            raise ClassError(
                Reason.NOT_TEACHER,
                N_("Only the teacher who made class {code} can do this."),
                code=code,
            )
        return ClassState.model_validate_json(row.state_json)

    def _change(self, code: str, change: Callable[[ClassState], object]) -> None:
        """Read and change the class in one write; its row is locked from
        the read on, so two students tapping at once are seated one after
        the other."""
        with guarded(self.rooms.store.write()) as tx:
            row = tx.class_row(code, lock=True)
            if row is None:
                raise no_class(code)
            state = ClassState.model_validate_json(row.state_json)
            change(state)
            if not tx.save_class(row, state.model_dump_json(), self.rooms.clock()):
                raise StoreBusy(f"class {code} changed under its lock")


def no_class(code: str) -> ClassError:
    return ClassError(Reason.NO_SUCH_CLASS, N_("No class has the code {code}."), code=code)


def not_listed() -> ClassError:
    return ClassError(Reason.NOT_ON_CLASS_LIST, N_("That name is not on this class's list."))


def not_ours(room: str) -> ClassError:
    return ClassError(Reason.NOT_IN_CLASS, N_("Room {room} is not one of this class's."), room=room)


def already_seated(name: str) -> ClassError:
    return ClassError(
        Reason.NAME_SEATED,
        N_("{name} has already taken a seat, maybe on another device: ask your teacher."),
        name=name,
    )

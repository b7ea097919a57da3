"""What a class session is: the teacher's class list, the rooms made for
it, who sits where, and the game every room plays. Saved as JSON in the
`classes` table (`oneword.storage.class_rows`)."""

from __future__ import annotations

from pydantic import Field

from oneword.engine.models import Mode, Model


class ClassRoom(Model):
    """One room of the class: its code, and its place in the class, from
    which the teacher's host key for it is made (`keys.room_key`)."""

    code: str
    index: int


class ClassSettings(Model):
    """The game every room of the class plays, in one word language."""

    mode: Mode = Mode.VERSUS
    language: str = "en"
    package: str | None = None


class StudentLine(Model):
    """One student's line of the class's results (`results`): a game of a
    room, how it went for them, the clues they gave, the cards they found."""

    name: str
    room: str
    game: str
    result: str
    """A key of `results.RESULTS`."""
    clues: int = 0
    found: int = 0
    score: int = 0
    """Just One's score, for the result "score"."""
    round: int = 0
    """The class's round the game was; 0 for the rooms' games now."""


class ClassState(Model):
    """A class session as saved."""

    teacher: str
    """The teacher's name, shown as each room's host (watching, L-4)."""
    names: list[str]
    """The class list, in the teacher's order: students tap their own."""
    rooms: list[ClassRoom]
    seats: dict[str, str] = Field(default_factory=dict)
    """Each seated student's name and the code of their room."""
    planned: dict[str, str] = Field(default_factory=dict)
    """Rooms the teacher chose for students who have no seat yet: they
    sit there when they tap their name, if it still has a place."""
    settings: ClassSettings = Field(default_factory=ClassSettings)
    played: list[StudentLine] = Field(default_factory=list)
    """The lines of the games over before each Start every room, by round."""

    def room_codes(self) -> list[str]:
        return [room.code for room in self.rooms]

    def seated_in(self, code: str) -> list[str]:
        """The students seated in room `code`, in the class list's order."""
        return [name for name in self.names if self.seats.get(name) == code]

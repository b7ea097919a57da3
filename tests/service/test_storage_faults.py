"""When the database fails, a player reads a refusal, never a traceback.

Each fault of the file is made for real (a full disk, a deleted file, a
read-only file or connection, garbage bytes, a writer holding the lock)
against a service that was already in use ("warm": its store prepared, an
idle connection open) and against one built over the broken file ("cold":
the server restarted onto it). Every call either works or raises a
`StorageError` with a stable code, and the service recovers without a
restart once the file is usable again.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

import pytest
from service_helpers import FakeClock, pass_time, start_versus, state_of, versus_game

from oneword.config import BUSY_TIMEOUT, SERVER_AWAY_AFTER
from oneword.engine import GiveClue, PickTeam, Refusal, Team
from oneword.engine.errors import Reason
from oneword.service import RoomNotFound, RoomService, Seat, StorageError
from oneword.storage.sqlite_store import Store

ROOT = Path(__file__).resolve().parents[2]
TEMPERATURES = ["warm", "cold"]


def unavailable(call: Callable[[], object]) -> StorageError:
    """The call is refused as `storage_unavailable`, a readable refusal."""
    with pytest.raises(StorageError) as info:
        call()
    assert isinstance(info.value, Refusal)
    assert info.value.code == Reason.STORAGE_UNAVAILABLE
    message = info.value.message
    assert "try again" in message or "keeps trying" in message, message
    return info.value


def open_room(
    db_path: Path, temperature: str, fault: Callable[[], None]
) -> tuple[RoomService, Seat]:
    """A room made on a good file, then `fault`; a warm service was in use
    before it, a cold one is built over the broken file (and must be)."""
    service = RoomService(Store(db_path))
    seat = service.create_room("Ana")
    service.act(seat.code, seat.token, PickTeam(team=Team.RED))
    if temperature == "cold":
        service.store.close()
    fault()
    if temperature == "cold":
        service = RoomService(Store(db_path))
    return service, seat


def works_again(service: RoomService, seat: Seat) -> None:
    """The room is there and takes actions (no restart)."""
    service.act(seat.code, seat.token, PickTeam(team=Team.BLUE))
    assert service.poll(seat.code, seat.token) > 0
    assert service.view(seat.code, seat.token).you is not None


def side_files(db_path: Path) -> list[Path]:
    return [db_path.with_name(db_path.name + suffix) for suffix in ("-wal", "-shm")]


def backup(db_path: Path) -> Path:
    """A consistent copy, as an operator keeps one."""
    copy = db_path.with_name("backup.sqlite3")
    with sqlite3.connect(db_path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    source.close()
    target.close()
    return copy


def put_back(copy: Path, db_path: Path) -> None:
    """Restore a backup the way an operator would: the file and no stale WAL."""
    for path in side_files(db_path):
        path.unlink(missing_ok=True)
    staged = db_path.with_name("staged.sqlite3")
    shutil.copy(copy, staged)
    os.replace(staged, db_path)


# A corrupt file


@pytest.mark.parametrize("temperature", TEMPERATURES)
def test_garbage_bytes_are_refused_and_a_restored_file_works_again(
    db_path: Path, temperature: str
) -> None:
    saved: list[Path] = []

    def garbage() -> None:
        saved.append(backup(db_path))
        with db_path.open("r+b") as file:
            file.write(os.urandom(8192))

    service, seat = open_room(db_path, temperature, garbage)
    for call in (
        lambda: service.poll(seat.code, seat.token),
        lambda: service.enter(seat.code, seat.token),
        lambda: service.act(seat.code, seat.token, PickTeam(team=Team.BLUE)),
        lambda: service.create_room("Bo"),
    ):
        unavailable(call)
    put_back(saved[0], db_path)
    works_again(service, seat)


def test_a_read_that_fails_does_not_speak_of_a_lost_move(db_path: Path) -> None:
    """A page's read (its poll, its view) meets a database it cannot use:
    the message says the server cannot reach it and keeps trying; it does
    not tell a player who did nothing that their move may not have
    counted."""
    saved: list[Path] = []

    def garbage() -> None:
        saved.append(backup(db_path))
        with db_path.open("r+b") as file:
            file.write(os.urandom(8192))

    service, seat = open_room(db_path, "warm", garbage)
    for read in (
        lambda: service.poll(seat.code, seat.token),
        lambda: service.view(seat.code, seat.token),
    ):
        message = unavailable(read).message
        assert "keeps trying" in message and "may not have counted" not in message
    put_back(saved[0], db_path)
    works_again(service, seat)


def test_a_room_whose_saved_state_no_longer_parses_says_so(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """No reload helps such a room: the player is told to start a new one,
    the log names the room, and other rooms play on."""
    service = RoomService(Store(db_path))
    broken, other = service.create_room("Ana"), service.create_room("Bo")
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE rooms SET state = ? WHERE code = ?", ('{"members": 7}', broken.code))
    with caplog.at_level("ERROR", logger="oneword"), pytest.raises(Refusal) as info:
        service.enter(broken.code, broken.token)
    assert info.value.code == Reason.ROOM_UNREADABLE
    assert "Start a new room" in info.value.message and broken.code in info.value.message
    assert "reload" not in info.value.message.casefold()
    assert broken.code in caplog.text
    works_again(service, other)


# A deleted file


@pytest.mark.parametrize("temperature", TEMPERATURES)
@pytest.mark.parametrize("with_wal", [False, True])
def test_a_deleted_file_is_made_again_and_its_rooms_are_gone(
    db_path: Path, temperature: str, with_wal: bool, caplog: pytest.LogCaptureFixture
) -> None:
    def delete() -> None:
        for path in [db_path, *(side_files(db_path) if with_wal else [])]:
            path.unlink(missing_ok=True)

    service, seat = open_room(db_path, temperature, delete)
    with caplog.at_level("ERROR", logger="oneword"):
        with pytest.raises(RoomNotFound) as first:
            service.poll(seat.code, seat.token)
        with pytest.raises(RoomNotFound) as then:
            service.act(seat.code, seat.token, PickTeam(team=Team.BLUE))
    if temperature == "warm":
        # The server had the file open: it tells the player what happened,
        # and the log names the file.
        for refused in (first, then):
            assert "lost its rooms" in refused.value.message, refused.value.message
        assert str(db_path) in caplog.text and "deleted" in caplog.text
    works_again(service, service.create_room("Bo"))


@pytest.mark.parametrize("temperature", TEMPERATURES)
def test_a_lost_table_is_made_again(db_path: Path, temperature: str) -> None:
    def drop() -> None:
        with sqlite3.connect(db_path) as conn:
            conn.execute("DROP TABLE rooms")
        conn.close()

    service, seat = open_room(db_path, temperature, drop)
    if temperature == "warm":  # the first call finds it, the next prepares the file
        unavailable(lambda: service.poll(seat.code, seat.token))
    with pytest.raises(RoomNotFound):
        service.poll(seat.code, seat.token)
    works_again(service, service.create_room("Bo"))


# A read-only file, and a read-only connection


@contextmanager
def read_only_file(db_path: Path) -> Iterator[None]:
    """chmod 444; root ignores file modes, so for root the file is also
    made immutable (chattr +i), which refuses writes to everyone."""
    db_path.chmod(0o444)
    immutable = os.geteuid() == 0
    if immutable:
        done = subprocess.run(["chattr", "+i", str(db_path)], capture_output=True, check=False)
        if done.returncode != 0:
            db_path.chmod(0o644)
        assert done.returncode == 0, f"root ignores chmod, and chattr failed: {done.stderr!r}"
    try:
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(db_path)], check=True)
        db_path.chmod(0o644)


def test_a_server_started_on_a_read_only_file_serves_views_and_refuses_changes(
    db_path: Path,
) -> None:
    with ExitStack() as stack:
        service, seat = open_room(
            db_path, "cold", lambda: stack.enter_context(read_only_file(db_path))
        )
        assert service.view(seat.code, seat.token).you is not None
        unavailable(lambda: service.act(seat.code, seat.token, PickTeam(team=Team.BLUE)))
        unavailable(lambda: service.create_room("Bo"))
    works_again(service, seat)


def test_a_file_made_read_only_under_a_running_server_fails_nothing(db_path: Path) -> None:
    """The server already has the file open for writing, and the system
    lets an open file be written: the game goes on (and nothing crashes)."""
    with ExitStack() as stack:
        service, seat = open_room(
            db_path, "warm", lambda: stack.enter_context(read_only_file(db_path))
        )
        assert service.view(seat.code, seat.token).you is not None
        for call in (
            lambda: service.act(seat.code, seat.token, PickTeam(team=Team.BLUE)),
            lambda: service.create_room("Bo"),
        ):
            with suppress(StorageError):
                call()
    works_again(service, seat)


class ReadOnlyStore(Store):
    """A store whose connections are opened read-only (`mode=ro`)."""

    def _connect(self, busy_timeout: float | None = None) -> sqlite3.Connection:
        timeout = self.busy_timeout if busy_timeout is None else busy_timeout
        uri = f"file:{self.path}?mode=ro"
        return sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)


@pytest.mark.parametrize("temperature", TEMPERATURES)
def test_a_read_only_connection_serves_views_and_refuses_changes(
    db_path: Path, temperature: str
) -> None:
    writer = RoomService(Store(db_path))
    seat = writer.create_room("Ana")
    reader = RoomService(ReadOnlyStore(db_path))
    if temperature == "warm":
        assert reader.view(seat.code, seat.token).you is not None
    unavailable(lambda: reader.act(seat.code, seat.token, PickTeam(team=Team.BLUE)))
    unavailable(lambda: reader.create_room("Bo"))
    assert reader.view(seat.code, seat.token).you is not None
    works_again(writer, seat)


def test_a_read_only_connection_to_a_missing_file_is_refused(tmp_path: Path) -> None:
    service = RoomService(ReadOnlyStore(tmp_path / "missing.sqlite3"))
    unavailable(lambda: service.create_room("Ana"))
    unavailable(lambda: service.poll("ABCDE", None))


# A full disk


FILL_UP = """
import json, os, resource, signal, sys
from pathlib import Path
from oneword.engine import GiveClue, PickTeam, Refusal, Team
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

db_path, temperature = Path(sys.argv[1]), sys.argv[2]
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
service = RoomService(Store(db_path))
seat = service.create_room("Ana")
if temperature == "cold":
    service.store.close()
biggest = max(p.stat().st_size for p in db_path.parent.iterdir())
resource.setrlimit(resource.RLIMIT_FSIZE, (biggest, resource.RLIM_INFINITY))
if temperature == "cold":
    service = RoomService(Store(db_path))

def outcome(call):
    try:
        call()
        return "ok"
    except Refusal as refusal:
        return refusal.code
    except Exception as problem:
        return f"crash: {problem!r}"

seen = {"view": outcome(lambda: service.view(seat.code, seat.token))}
seen["writes"] = sorted({outcome(lambda: service.create_room("Bo")) for _ in range(50)})
seen["act"] = outcome(lambda: service.act(seat.code, seat.token, PickTeam(team=Team.BLUE)))
seen["view after"] = outcome(lambda: service.view(seat.code, seat.token))
resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
seen["after"] = outcome(lambda: service.act(seat.code, seat.token, PickTeam(team=Team.RED)))
print(json.dumps(seen))
"""


@pytest.mark.parametrize("temperature", TEMPERATURES)
def test_a_full_file_system_is_refused_and_recovers_when_space_is_back(
    db_path: Path, temperature: str
) -> None:
    """The file may not grow (RLIMIT_FSIZE, in a child process): SQLite
    meets the same write error as on a full disk."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(FILL_UP), str(db_path), temperature],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    # A write that fits in space the file already has may still succeed.
    assert "storage_unavailable" in seen["writes"]
    assert set(seen["writes"]) <= {"ok", "storage_unavailable"}
    assert seen["act"] in {"ok", "storage_unavailable"}
    assert (seen["view"], seen["view after"], seen["after"]) == ("ok", "ok", "ok")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs: a disk that really fills up. The tests run as root
    (as CI does), which may mount one."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, f"cannot mount a tmpfs here: {done.stderr!r}"
    try:
        yield mount
    finally:
        subprocess.run(["umount", "--lazy", str(mount)], check=True)


@pytest.mark.parametrize("temperature", TEMPERATURES)
def test_a_full_disk_is_refused_and_recovers_when_space_is_freed(
    small_disk: Path, temperature: str
) -> None:
    db_path = small_disk / "rooms.sqlite3"
    filler = small_disk / "filler"

    def fill() -> None:
        with filler.open("wb", buffering=0) as file, suppress(OSError):
            while True:
                file.write(b"\0" * 4096)
                file.flush()

    service, seat = open_room(db_path, temperature, fill)
    outcomes = set()
    for _ in range(30):
        try:
            service.create_room("Bo")
            outcomes.add("ok")
        except StorageError as problem:
            outcomes.add(problem.code)
    assert Reason.STORAGE_UNAVAILABLE in outcomes and outcomes <= {"ok", "storage_unavailable"}
    # A reader of a WAL file needs room for its -shm file: a cold one may not get it.
    with suppress(StorageError):
        assert service.view(seat.code, seat.token).you is not None
    filler.unlink()
    works_again(service, seat)
    service.store.close()


# A writer holding the lock


@contextmanager
def stuck_writer(db_path: Path, seconds: float) -> Iterator[threading.Event]:
    """Another connection holds the write lock for `seconds`; the event is
    set when it lets go."""
    conn = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN IMMEDIATE")
    released = threading.Event()

    def release() -> None:
        conn.execute("ROLLBACK")
        released.set()

    timer = threading.Timer(seconds, release)
    timer.start()
    try:
        yield released
    finally:
        timer.join()
        conn.close()


@pytest.mark.parametrize("temperature", TEMPERATURES)
def test_an_action_that_meets_a_stuck_writer_is_refused_as_busy(
    db_path: Path, temperature: str
) -> None:
    clock = FakeClock()
    service = RoomService(Store(db_path, busy_timeout=0.2), clock=clock)
    seat = service.create_room("Ana")
    before = state_of(service.store, seat.code)
    with stuck_writer(db_path, 1.0):
        if temperature == "cold":
            service = RoomService(Store(db_path, busy_timeout=0.2), clock=clock)
        with pytest.raises(StorageError) as info:
            service.act(seat.code, seat.token, PickTeam(team=Team.BLUE))
        assert info.value.code == Reason.STORAGE_BUSY and "try again" in info.value.message
    assert state_of(service.store, seat.code) == before
    works_again(service, seat)


def test_a_move_that_meets_a_frozen_writer_is_told_busy_within_two_seconds(
    db_path: Path,
) -> None:
    """The store as the app opens it (its own busy timeout): a writer that
    holds the lock for good costs a move at most BUSY_TIMEOUT, then the
    player reads that the server is busy; nothing was applied."""
    assert BUSY_TIMEOUT <= 2.0
    service = RoomService(Store(db_path))
    seat = service.create_room("Ana")
    before = state_of(service.store, seat.code)
    with stuck_writer(db_path, BUSY_TIMEOUT + 3.0):
        started = time.monotonic()
        with pytest.raises(StorageError) as info:
            service.act(seat.code, seat.token, PickTeam(team=Team.BLUE))
        waited = time.monotonic() - started
        assert info.value.code == Reason.STORAGE_BUSY
        # The wait is the timeout itself, not a multiple of it (a retry
        # loop around it would make a frozen writer cost several).
        assert waited < 2 * BUSY_TIMEOUT, waited
    assert state_of(service.store, seat.code) == before
    works_again(service, seat)


def test_a_refused_action_never_waits_for_the_lock(db_path: Path) -> None:
    """The rules run before the write lock is taken: an action they refuse
    is refused as such, not as busy, while another writer holds the lock."""
    service = RoomService(Store(db_path, busy_timeout=0.2))
    seat = service.create_room("Ana")
    with stuck_writer(db_path, 2.0), pytest.raises(Refusal) as info:
        service.act(seat.code, seat.token, GiveClue(word="zebra", number=1))
    assert info.value.code == Reason.NO_GAME


@pytest.mark.parametrize("temperature", TEMPERATURES)
def test_a_poll_skips_its_heartbeat_rather_than_wait_for_a_stuck_writer(
    db_path: Path, temperature: str
) -> None:
    """The writer lets go after 2 s: a poll that waited for it (the store's
    busy timeout is 10 s) would have written its heartbeat after that."""
    clock = FakeClock()
    service = RoomService(Store(db_path), clock=clock)
    seat = service.create_room("Ana")
    clock.tick(5)  # a heartbeat is due
    with stuck_writer(db_path, 2.0):
        if temperature == "cold":
            service = RoomService(Store(db_path), clock=clock)
        assert service.poll(seat.code, seat.token) == 1
        service.heartbeat(seat.code, seat.token)
        assert service.skipped_writes == 2
        with service.store.read() as tx:
            (player,) = tx.players(seat.code)
        assert player.last_seen == clock.now - 5, "skipped, not waited for"
    service.poll(seat.code, seat.token)
    with service.store.read() as tx:
        (player,) = tx.players(seat.code)
    assert player.last_seen == clock.now


def test_a_poll_after_a_long_stuck_writer_does_not_wait_for_it(db_path: Path) -> None:
    """Nothing could be written for longer than SERVER_AWAY_AFTER, so the
    next call records a gap, which needs the lock: a poll does not wait for
    it (busy, which a page ignores) and the next poll records it."""
    clock = FakeClock()
    service = RoomService(Store(db_path), clock=clock)
    seat = service.create_room("Ana")
    with stuck_writer(db_path, 2.0) as released:
        clock.tick(SERVER_AWAY_AFTER + 5)
        with pytest.raises(StorageError) as info:
            service.poll(seat.code, seat.token)
        assert info.value.code == Reason.STORAGE_BUSY
        assert not released.is_set(), "the poll did not wait for the writer"
    service.poll(seat.code, seat.token)
    with service.store.read() as tx:
        assert tx.outages()


def test_a_poll_does_not_wait_for_another_thread_recording_a_gap(db_path: Path) -> None:
    """An action records the gap and waits its full busy timeout for the
    stuck writer; a page's poll in another thread does not wait with it."""
    clock = FakeClock()
    service = RoomService(Store(db_path), clock=clock)
    seat = service.create_room("Ana")
    with stuck_writer(db_path, 2.0) as released:
        clock.tick(SERVER_AWAY_AFTER + 5)
        acting = threading.Thread(
            target=lambda: service.act(seat.code, seat.token, PickTeam(team=Team.RED))
        )
        acting.start()
        while not service._checking.locked():  # the action is recording the gap
            time.sleep(0.01)
        with pytest.raises(StorageError) as info:
            service.poll(seat.code, seat.token)
        assert info.value.code == Reason.STORAGE_BUSY
        assert not released.is_set(), "the poll did not wait"
        acting.join()
    assert state_of(service.store, seat.code).members[0].team is Team.RED


def test_a_view_with_a_deadline_due_is_worked_out_without_the_lock(db_path: Path) -> None:
    clock = FakeClock()
    service = RoomService(Store(db_path), clock=clock)
    seats = start_versus(service)
    code = seats[0].code
    pass_time(service, clock, 118, code, [s.token for s in seats])
    with stuck_writer(db_path, 1.0):
        clock.tick(3)
        view = service.view(code, seats[0].token)
        assert view.game is not None and view.game.turn is not None
        assert view.game.turn.number == 2, "the clue timer ran out"
        assert versus_game(service.store, code).turn.number == 1  # type: ignore[union-attr]
    service.view(code, seats[0].token)
    assert versus_game(service.store, code).turn.number == 2  # type: ignore[union-attr]

"""Bots play through the service, driven by the room's deadlines (B-1, B-2, B-3, B-4, B-5).

Every game here is seeded and runs with no wait between bot moves, so a
whole game is a handful of service calls; the clock only moves forward.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from service_helpers import FakeClock

from oneword.bots.play import next_action
from oneword.engine import Kick, SetMode, StartGame, Team
from oneword.engine.models import Mode
from oneword.engine.versus.views import VersusGuesserView
from oneword.engine.views import RoomView
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store

WORDS = [
    "bat", "mouse", "crane", "mole", "fly", "snake", "bee", "rabbit", "turkey", "penguin",
    "camel", "giraffe", "zebra", "kangaroo", "crocodile", "parrot", "tortoise", "cat",
    "dog", "butterfly", "eagle", "swan", "cricket", "swallow", "donkey",
]  # fmt: skip


def _service(path: Path, clock: FakeClock, pace: float = 0.0) -> RoomService:
    return RoomService(Store(path), clock=clock, bot_pace=(pace, pace))


def _room(service: RoomService, mode: Mode, seed: int) -> tuple[Seat, str]:
    host = service.create_room("Ada")
    service.act(host.code, host.token, SetMode(mode=mode))
    if mode is Mode.VERSUS:
        service.act(host.code, host.token, _pick(Team.RED))
    service.fill_with_bots(host.code, host.token, "hard")
    with service.store.write() as tx:  # a seed of our own, for a repeatable deal
        stored = tx.load(host.code)
        assert stored is not None
        from oneword.service.codec import parse_state, room_record

        state = parse_state(stored.state_json).model_copy(update={"seed": seed})
        tx.save_room(stored.row, room_record(state), service.clock())
    service.act(host.code, host.token, StartGame(words=WORDS))
    return host, host.code


def _pick(team: Team):  # type: ignore[no-untyped-def]
    from oneword.engine import PickTeam

    return PickTeam(team=team)


def _play_out(service: RoomService, host: Seat, clock: FakeClock, steps: int = 400) -> RoomView:
    """The person's seat plays as a bot would; the bots move on the ticks."""
    for _ in range(steps):
        clock.tick(1.0)
        view = service.view(host.code, host.token)
        assert view.game is not None
        if view.game.outcome is not None:
            return view
        action = next_action(view, "hard")
        if action is not None:
            service.act(host.code, host.token, action)
    raise AssertionError("the game did not end")


def _transcript(service: RoomService, code: str) -> list[str]:
    """The game's moves: clues and cards, without the random member ids."""
    moves = []
    for logged in service.history(code):
        fields = logged.action.model_dump(exclude={"by", "player"})
        if logged.action.kind in ("give_clue", "open", "mark", "end_turn"):
            moves.append(f"{logged.action.kind} {fields}")
    return moves


@pytest.mark.parametrize("mode", [Mode.VERSUS, Mode.TOGETHER])
def test_a_whole_bot_game_ends_and_replays_the_same(tmp_path: Path, mode: Mode) -> None:
    runs = []
    for run in range(2):
        clock = FakeClock()
        service = _service(tmp_path / f"{mode}{run}.sqlite3", clock)
        host, code = _room(service, mode, seed=7)
        view = _play_out(service, host, clock)
        assert view.game is not None and view.game.outcome is not None
        runs.append(_transcript(service, code))
    assert runs[0] == runs[1]
    assert any(m.startswith("give_clue") for m in runs[0])
    assert any(m.startswith("open") for m in runs[0])


def test_bots_go_on_after_the_service_is_rebuilt(tmp_path: Path) -> None:
    clock = FakeClock()
    path = tmp_path / "rooms.sqlite3"
    service = _service(path, clock, pace=3.0)
    host, code = _room(service, Mode.VERSUS, seed=3)
    clock.tick(4.0)
    first = service.view(code, host.token)
    # A new process over the same file: nothing was kept in memory.
    service = _service(path, clock, pace=3.0)
    view = _play_out(service, host, clock, steps=2000)
    assert first.game is not None and view.game is not None
    assert view.game.outcome is not None


def test_the_board_says_a_bot_is_thinking(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path / "r.sqlite3", clock, pace=3.0)
    host, code = _room(service, Mode.VERSUS, seed=11)
    views = [service.view(code, host.token)]
    for _ in range(30):
        clock.tick(1.0)
        views.append(service.view(code, host.token))
    assert any(v.bot_thinking for v in views)
    assert len({len(v.game.log) for v in views if v.game}) > 1


def test_a_bot_guessers_view_never_holds_the_map(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path / "r.sqlite3", clock)
    _, code = _room(service, Mode.VERSUS, seed=5)
    with service.store.read() as tx:
        stored = tx.load(code)
    assert stored is not None
    from oneword.engine import view_for
    from oneword.service.codec import parse_state

    state = parse_state(stored.state_json)
    game = state.game
    assert game is not None
    guessers = [m for m in state.members if m.bot and m.id not in game.captains.values()]  # type: ignore[union-attr]
    assert guessers
    for bot in guessers:
        view = view_for(state, bot.id)
        assert isinstance(view.game, VersusGuesserView)
        assert "key" not in view.game.model_dump()
        assert all(card.colour is None for card in view.game.board if card.index >= 0)


def test_removing_a_bot_mid_game_is_like_a_player_leaving(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path / "r.sqlite3", clock, pace=3.0)
    host, code = _room(service, Mode.VERSUS, seed=9)
    view = service.view(code, host.token)
    bot = next(m for m in view.members if m.bot and m.team is Team.BLUE)
    service.act(code, host.token, Kick(player=bot.id))
    view = _play_out(service, host, clock, steps=2000)
    assert view.game is not None and view.game.outcome is not None
    assert all(m.id != bot.id for m in view.members)


def test_bots_are_refused_in_a_language_they_have_no_table_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from oneword.engine.errors import Reason, Refusal

    monkeypatch.setattr("oneword.bots.LANGUAGES", ("en",))
    service = _service(tmp_path / "r.sqlite3", FakeClock())
    host = service.create_room("Ada", language="de")
    with pytest.raises(Refusal) as refused:
        service.add_bot(host.code, host.token, Team.RED)
    assert refused.value.code is Reason.BOTS_ENGLISH_ONLY


def test_bots_never_host_and_fill_makes_the_smallest_game(tmp_path: Path) -> None:
    service = _service(tmp_path / "r.sqlite3", FakeClock())
    host = service.create_room("Ada")
    view = service.fill_with_bots(host.code, host.token)
    assert len(view.members) == 4
    assert [m.name for m in view.members if m.host] == ["Ada"]
    assert sum(1 for m in view.members if m.bot) == 3


def test_L4_a_host_who_only_watches_fills_the_room_without_a_team(tmp_path: Path) -> None:
    """The watching host (a teacher) takes no team: the bots make the game
    around the players (it failed asking the host to pick a side)."""
    from oneword.engine import SetWatching

    service = _service(tmp_path / "r.sqlite3", FakeClock())
    host = service.create_room("Ms Reed")
    service.act(host.code, host.token, SetWatching(watching=True))
    service.join(host.code, "Ben")
    view = service.fill_with_bots(host.code, host.token)
    assert len(view.players()) == 4 and sum(m.bot for m in view.players()) == 3
    assert [m.team for m in view.members if m.watching] == [None]


def test_a_game_with_bots_does_not_start_in_a_language_without_a_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from oneword.engine import SetLanguage
    from oneword.engine.errors import Reason, Refusal

    service = _service(tmp_path / "r.sqlite3", FakeClock())
    host = service.create_room("Ada")
    service.fill_with_bots(host.code, host.token)
    service.act(host.code, host.token, SetLanguage(language="de"))
    monkeypatch.setattr("oneword.bots.LANGUAGES", ("en",))
    with pytest.raises(Refusal) as refused:
        service.start_game(host.code, host.token)
    assert refused.value.code is Reason.BOTS_ENGLISH_ONLY


def test_bots_do_not_play_on_alone_when_the_last_person_leaves(tmp_path: Path) -> None:
    clock = FakeClock()
    service = _service(tmp_path / "r.sqlite3", clock, pace=3.0)
    host = service.create_room("Ada")
    service.act(host.code, host.token, _pick(Team.BLUE))
    service.fill_with_bots(host.code, host.token)
    service.add_bot(host.code, host.token, Team.BLUE)  # Blue keeps 2 when Ada leaves
    service.start_game(host.code, host.token)
    service.leave(host.code, host.token)
    state_view = service.view(host.code, None)
    assert state_view.game is not None and state_view.game.outcome is None
    before = len(service.history(host.code))
    for _ in range(20):
        clock.tick(5.0)
        service.view(host.code, None)  # the watch page ticks the room
    assert len(service.history(host.code)) == before


def test_a_removed_bot_can_be_replaced_by_another(tmp_path: Path) -> None:
    service = _service(tmp_path / "r.sqlite3", FakeClock())
    host = service.create_room("Ada")
    view = service.add_bot(host.code, host.token, Team.RED)
    bot = next(m for m in view.members if m.bot)
    service.act(host.code, host.token, Kick(player=bot.id))
    view = service.add_bot(host.code, host.token, Team.RED)
    assert [m.name for m in view.members if m.bot] != [bot.name]
    assert sum(1 for m in view.members if m.bot) == 1

"""A page's seat, version and view in one call (`enter`), and the view an
action built kept for the next draw (`act_entry`): while the room stays at
that version nothing is read again; any other change, and a seat that is no
longer valid, are still seen."""

from __future__ import annotations

import pytest
from service_helpers import make_room, version_of

from oneword.engine import Kick, PickTeam, Team
from oneword.service import NotAuthorized, RoomService, reading
from oneword.service.room_io import LoadedRoom
from oneword.storage.protocol import RoomTx as Tx
from oneword.storage.sqlite_store import Store

pytestmark = pytest.mark.both_backends


def test_act_entry_gives_the_saved_version_and_the_seats_view(
    service: RoomService, store: Store
) -> None:
    _host, bo = make_room(service, 2)
    entry = service.act_entry(bo.code, bo.token, PickTeam(team=Team.RED))
    assert entry.member_id == bo.member_id
    assert entry.version == version_of(store, bo.code)
    assert entry.view == service.view(bo.code, bo.token)


def test_enter_returns_a_known_entry_while_the_room_is_unchanged(service: RoomService) -> None:
    _host, bo = make_room(service, 2)
    known = service.act_entry(bo.code, bo.token, PickTeam(team=Team.BLUE))
    assert service.enter(bo.code, bo.token, known=known) is known
    assert service.enter(bo.code, bo.token) == known


def test_enter_reads_the_room_again_after_someone_else_changed_it(
    service: RoomService,
) -> None:
    host, bo = make_room(service, 2)
    known = service.act_entry(bo.code, bo.token, PickTeam(team=Team.BLUE))
    service.act(host.code, host.token, PickTeam(team=Team.RED))
    fresh = service.enter(bo.code, bo.token, known=known)
    assert fresh.version == known.version + 1
    assert {m.name: m.team for m in fresh.view.members}["Ana"] is Team.RED


def test_a_known_entry_never_outlives_the_seat(service: RoomService) -> None:
    host, bo = make_room(service, 2)
    known = service.enter(bo.code, bo.token)
    service.act(host.code, host.token, Kick(player=bo.member_id))
    with pytest.raises(NotAuthorized):
        service.enter(bo.code, bo.token, known=known)


def test_the_pages_of_a_room_share_one_read_of_its_state(
    service: RoomService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a change every page of the room enters it again: one read and
    parse of the state serves them all, each with its own seat's view."""
    seats = make_room(service, 4)
    loads: list[str] = []
    real = reading.load_room

    def counted(tx: Tx, code: str) -> LoadedRoom:
        loads.append(code)
        return real(tx, code)

    monkeypatch.setattr(reading, "load_room", counted)
    for round_, team in enumerate((Team.RED, Team.BLUE), start=1):
        service.act(seats[0].code, seats[0].token, PickTeam(team=team))
        entries = [service.enter(s.code, s.token) for s in seats]
        assert len(loads) == round_
        assert [e.member_id for e in entries] == [s.member_id for s in seats]
        assert [e.view.you.id for e in entries if e.view.you] == [s.member_id for s in seats]
        assert {m.name: m.team for m in entries[-1].view.members}["Ana"] is team

"""A page's seat, version and view in one call (`enter`), and the view an
action built kept for the next draw (`act_entry`): while the room stays at
that version nothing is read again; any other change, and a seat that is no
longer valid, are still seen."""

from __future__ import annotations

import pytest
from service_helpers import make_room, version_of

from oneword.engine import Kick, PickTeam, Team
from oneword.service import NotAuthorized, RoomService
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

"""Identity (L-3): tokens, room codes, and who may act as whom."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from service_helpers import make_room, refused

from oneword.engine import Kick, Leave, PickTeam, Refusal, Team
from oneword.service import NotAuthorized, RoomNotFound, RoomService, hash_token
from oneword.storage.sqlite_store import Store


def test_L3_tokens_are_long_random_and_stored_only_as_a_hash(
    service: RoomService, store: Store, db_path: Path
) -> None:
    seats = make_room(service, 3)
    tokens = {seat.token for seat in seats}
    assert len(tokens) == 3
    assert all(len(token) >= 22 for token in tokens)  # >= 128 bits of urlsafe base64
    with store.read() as tx:
        stored = {p.token_hash for p in tx.players(seats[0].code)}
    assert stored == {hash_token(t) for t in tokens}
    raw = b"".join(p.read_bytes() for p in db_path.parent.iterdir() if p.is_file())
    assert not any(token.encode() in raw for token in tokens)


def test_L3_rejoin_brings_a_player_back_to_the_same_seat(service: RoomService) -> None:
    _host, bo = make_room(service, 2)
    again = service.rejoin(f"  {bo.code.lower()} ", bo.token)
    assert again == bo
    view = service.view(bo.code, again.token)
    assert view.you is not None and view.you.id == bo.member_id


@pytest.mark.parametrize(
    "typed", ["{code}", "{lower}", "  {code}  ", "{head} {tail}", "{head}-{tail}"]
)
def test_codes_are_matched_ignoring_case_and_spaces(service: RoomService, typed: str) -> None:
    host = service.create_room("Ana")
    code = host.code
    text = typed.format(code=code, lower=code.lower(), head=code[:2], tail=code[2:])
    seat = service.join(text, "Bo")
    assert seat.code == code


@pytest.mark.parametrize("typed", ["QQQQQ", "abc", "", "   ", "ROOM-CODE-THAT-IS-FAR-TOO-LONG"])
def test_unknown_codes_get_a_clear_message(service: RoomService, typed: str) -> None:
    service.create_room("Ana")
    for call in (
        lambda: service.join(typed, "Bo"),
        lambda: service.view(typed, None),
        lambda: service.poll(typed, None),
        lambda: service.rejoin(typed, "x" * 30),
        lambda: service.act(typed, "x" * 30, PickTeam(team=Team.RED)),
    ):
        with pytest.raises(RoomNotFound) as info:
            call()
        assert info.value.code == "no_such_room"
    with pytest.raises(RoomNotFound) as info:
        service.view("QQQQQ", None)
    assert info.value.message == "No room with code QQQQQ. Check the code and try again."


def test_a_wrong_or_missing_token_is_refused(service: RoomService, store: Store) -> None:
    host, _bo = make_room(service, 2)
    act = PickTeam(team=Team.RED)
    for token, code in [(None, "no_token"), ("", "no_token"), ("not-a-token", "bad_token")]:
        calls: list[Callable[[], object]] = [
            partial(service.act, host.code, token, act),
            partial(service.rejoin, host.code, token),
            partial(service.heartbeat, host.code, token),
        ]
        for call in calls:
            assert isinstance(refused(store, host.code, call, code), NotAuthorized)
    refused(store, host.code, lambda: service.view(host.code, "not-a-token"), "bad_token")
    refused(store, host.code, lambda: service.poll(host.code, "not-a-token"), "bad_token")
    refused(store, host.code, lambda: service.start_game(host.code, None), "no_token")


def test_a_token_of_another_room_is_refused(service: RoomService, store: Store) -> None:
    first = service.create_room("Ana")
    second = service.create_room("Bo")
    refused(
        store,
        first.code,
        lambda: service.act(first.code, second.token, PickTeam(team=Team.RED)),
        "bad_token",
    )
    refused(store, first.code, lambda: service.rejoin(first.code, second.token), "bad_token")


def test_a_kicked_players_token_is_refused_everywhere(service: RoomService, store: Store) -> None:
    host, _bo, cy = make_room(service, 3)
    service.act(host.code, host.token, Kick(player=cy.member_id))
    for call in (
        lambda: service.rejoin(cy.code, cy.token),
        lambda: service.view(cy.code, cy.token),
        lambda: service.poll(cy.code, cy.token),
        lambda: service.heartbeat(cy.code, cy.token),
        lambda: service.act(cy.code, cy.token, PickTeam(team=Team.RED)),
    ):
        error = refused(store, host.code, call, "seat_gone")
        assert "no longer in room" in error.message
    error = refused(store, host.code, lambda: service.join(host.code, "Cy"), "barred")
    assert "removed" in error.message
    seat = service.join(host.code, "Dee")
    assert seat.member_id != cy.member_id and seat.token != cy.token


def test_a_player_who_left_cannot_come_back_with_the_old_token(service: RoomService) -> None:
    _host, bo = make_room(service, 2)
    view = service.act(bo.code, bo.token, Leave())
    assert view.you is None
    assert [m.name for m in view.members] == ["Ana"]
    with pytest.raises(NotAuthorized) as info:
        service.rejoin(bo.code, bo.token)
    assert info.value.code == "seat_gone"


def test_service_errors_are_rule_errors_pages_can_show(service: RoomService) -> None:
    with pytest.raises(Refusal) as info:
        service.join("CCCCC", "Ana")
    assert info.value.message.startswith("No room with code CCCCC")

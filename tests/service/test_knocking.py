"""How often one client may knock (L-8): joins, rooms created, and codes
that name no room are counted per browser session and per address."""

from __future__ import annotations

import pytest
from service_helpers import FakeClock, make_room

from oneword.engine import Refusal
from oneword.service import RoomService
from oneword.service.rate_limits import LIMITS, Client, Knock, RateLimiter, TooManyTries

pytestmark = pytest.mark.both_backends


def refused_code(call: object) -> str:
    with pytest.raises(Refusal) as refused:
        call()  # type: ignore[operator]
    return str(refused.value.code)


def test_L8_codes_cannot_be_tried_in_bulk(service: RoomService, clock: FakeClock) -> None:
    """A script that tries made-up codes is stopped after a few."""
    client = Client(session="s1", address="10.0.0.1")
    burst = int(LIMITS[(Knock.MISSED_CODE, "session")].burst)
    for _ in range(burst):
        assert refused_code(lambda: service.view("CDFGH", None, client=client)) == "no_such_room"
    assert refused_code(lambda: service.view("CDFGH", None, client=client)) == "too_many_tries"
    host = make_room(service, 1)[0]
    assert refused_code(lambda: service.view(host.code, None, client=client)) == "too_many_tries"
    clock.now += 60
    assert service.view(host.code, None, client=client).members, "the bucket refills"


def test_L8_a_client_cannot_flood_a_room_with_joins(service: RoomService, clock: FakeClock) -> None:
    host = make_room(service, 1)[0]
    client = Client(session="junk", address="10.0.0.2")
    burst = int(LIMITS[(Knock.JOIN, "session")].burst)
    for n in range(burst):
        service.join(host.code, f"Junk{chr(65 + n)}", client=client)
    assert refused_code(lambda: service.join(host.code, "JunkZ", client=client)) == "too_many_tries"
    other = Client(session="student", address="10.0.0.2")
    assert service.join(host.code, "Student", client=other).member_id, "one address, many seats"


def test_L8_rooms_created_per_client_are_limited(service: RoomService) -> None:
    client = Client(session="maker", address=None)
    burst = int(LIMITS[(Knock.CREATE, "session")].burst)
    for n in range(burst):
        service.create_room(f"Host{n}", client=client)
    assert refused_code(lambda: service.create_room("One more", client=client)) == "too_many_tries"
    assert service.create_room("Another device").code


def test_L8_calls_without_a_client_are_not_counted() -> None:
    limiter = RateLimiter()
    for _ in range(1000):
        limiter.knock(None, Knock.MISSED_CODE, 0.0)


def test_L8_a_whole_class_behind_one_address_can_join() -> None:
    limiter = RateLimiter()
    for n in range(30):
        limiter.knock(Client(session=f"pupil{n}", address="school"), Knock.JOIN, 0.0)


def test_L8_clients_with_no_known_address_share_one_limit() -> None:
    """Behind a proxy nobody declared, every player looks alike: a script
    that opens a fresh session for each try still meets a limit."""
    limiter = RateLimiter()
    burst = int(LIMITS[(Knock.MISSED_CODE, "address")].burst)
    for n in range(burst):
        limiter.knock(Client(session=f"fresh{n}"), Knock.MISSED_CODE, 0.0)
    with pytest.raises(TooManyTries):
        limiter.knock(Client(session="one more"), Knock.MISSED_CODE, 0.0)
    limiter.knock(Client(session="elsewhere", address="10.0.0.3"), Knock.MISSED_CODE, 0.0)

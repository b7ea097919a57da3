"""Room codes (L-1): short, read aloud easily, no look-alikes, unique."""

from __future__ import annotations

import pytest

from oneword.service import RoomService, codes

pytestmark = pytest.mark.both_backends


def test_the_alphabet_has_no_look_alikes_and_no_vowels() -> None:
    assert not set(codes.ALPHABET) & set("0O1IL5S2Z8B" + "AEIOU")
    assert len(set(codes.ALPHABET)) == len(codes.ALPHABET)


def test_codes_are_five_letters_from_the_alphabet() -> None:
    for _ in range(200):
        code = codes.random_code()
        assert len(code) == 5 and codes.is_well_formed(code)


@pytest.mark.parametrize(("typed", "clean"), [(" cdf gh ", "CDFGH"), ("cd-fgh", "CDFGH")])
def test_normalize(typed: str, clean: str) -> None:
    assert codes.normalize(typed) == clean


def test_unique_code_skips_taken_codes() -> None:
    taken = {codes.random_code() for _ in range(5)}
    seen: list[str] = []

    def is_taken(code: str) -> bool:
        seen.append(code)
        return len(seen) < 4

    assert codes.unique_code(is_taken) == seen[-1]
    assert len(seen) == 4
    with pytest.raises(codes.CodesExhausted):
        codes.unique_code(lambda code: True)
    assert taken


def test_rooms_get_distinct_codes(service: RoomService) -> None:
    made = {service.create_room(f"Host {i}").code for i in range(50)}
    assert len(made) == 50

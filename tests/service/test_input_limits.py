"""What the service takes from outside: sizes capped, values it knows, and
text that can be stored, refused with a clear message and nothing changed."""

from __future__ import annotations

import pytest
from service_helpers import alternating, make_room, pick_teams, refused

from oneword.engine import (
    Refusal,
    SetCustomWords,
    SetLanguage,
    SetPackage,
    StartGame,
)
from oneword.service import RoomService
from oneword.service.inputs import MAX_LIST_WORDS
from oneword.storage.sqlite_store import Store
from oneword.word_lists import MAX_LISTS_PER_DEVICE, WordListService

pytestmark = pytest.mark.both_backends

WORDS = [f"word{chr(97 + i // 5)}{chr(97 + i % 5)}" for i in range(25)]


def test_unknown_language_and_package_are_refused(service: RoomService, store: Store) -> None:
    host = make_room(service, 2)[0]
    error = refused(
        store, host.code, lambda: service.act(host.code, host.token, SetLanguage(language="xx"))
    )
    assert error.code == "unknown_value"
    error = refused(
        store, host.code, lambda: service.act(host.code, host.token, SetPackage(package="../etc"))
    )
    assert error.code == "unknown_value"
    with pytest.raises(Refusal) as created:
        service.create_room("Ana", language="klingon")
    assert created.value.code == "unknown_value"


def test_W5_a_list_over_a_thousand_words_is_refused(service: RoomService, store: Store) -> None:
    host = make_room(service, 2)[0]
    huge = "\n".join(_letters(n) for n in range(MAX_LIST_WORDS + 1))
    error = refused(store, host.code, lambda: service.set_custom_words(host.code, host.token, huge))
    assert error.code == "too_long"
    megabyte = "a" * 1_000_000
    error = refused(
        store, host.code, lambda: service.set_custom_words(host.code, host.token, megabyte)
    )
    assert error.code == "too_long"


def test_lone_surrogates_are_refused_as_input(service: RoomService, store: Store) -> None:
    host = make_room(service, 2)[0]
    text = "\n".join([*WORDS[:24], "bad\ud800"])
    error = refused(store, host.code, lambda: service.set_custom_words(host.code, host.token, text))
    assert error.code == "not_text"
    with pytest.raises(Refusal) as joined:
        service.join(host.code, "Zo\udfffe")
    assert joined.value.code == "name_not_text"
    with pytest.raises(Refusal) as code:
        service.view("AB\ud800", None)
    assert code.value.code == "not_text"


def test_the_api_board_is_checked_like_a_teachers_list(service: RoomService, store: Store) -> None:
    seats = make_room(service, 4)
    pick_teams(service, seats, alternating(4))
    host = seats[0]
    twice = [*WORDS[:24], WORDS[0]]
    error = refused(
        store, host.code, lambda: service.act(host.code, host.token, StartGame(words=twice))
    )
    assert error.code == "bad_words"
    hostile = [*WORDS[:24], "<img src=x>"]
    error = refused(
        store, host.code, lambda: service.act(host.code, host.token, StartGame(words=hostile))
    )
    assert error.code == "bad_words"
    view = service.act(host.code, host.token, StartGame(words=WORDS))
    assert view.game is not None


def test_set_custom_words_through_the_api_is_checked(service: RoomService, store: Store) -> None:
    host = make_room(service, 2)[0]
    action = SetCustomWords(words=["x" * 5000] * 30)
    error = refused(store, host.code, lambda: service.act(host.code, host.token, action))
    assert error.code == "too_long"


def test_W5_a_device_keeps_its_newest_lists(store: Store, service: RoomService) -> None:
    lists = WordListService(store, clock=service.clock)
    text = "\n".join(WORDS)
    for n in range(MAX_LISTS_PER_DEVICE + 5):
        service.clock.now += 1  # type: ignore[attr-defined]
        lists.save("device-key", f"List {n:02d}", text)
    kept = lists.lists("device-key")
    assert len(kept) == MAX_LISTS_PER_DEVICE
    assert "List 00" not in kept and f"List {MAX_LISTS_PER_DEVICE + 4:02d}" in kept


def _letters(n: int) -> str:
    """A made-up word of letters only: n written in base 26."""
    word = ""
    for _ in range(4):
        n, digit = divmod(n, 26)
        word += chr(97 + digit)
    return "q" + word

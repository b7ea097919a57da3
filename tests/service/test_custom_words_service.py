"""W-5 through the service: a host's own list, checked before it is used,
and lists saved per device; W-2/G-6: a board in the room's language."""

from __future__ import annotations

import pytest
from service_helpers import make_room

from oneword.engine import Refusal, SetLanguage
from oneword.service import RoomService, hash_token
from oneword.storage.sqlite_store import Store
from oneword.word_lists import WordListService
from oneword.words import LANGUAGES, load_packages, word_key

pytestmark = pytest.mark.both_backends

OWN_WORDS = [f"wort{chr(ord('a') + i)}" for i in range(26)] + ["Äpfel", "Straße", "crème"]


def _version(store: Store, code: str) -> int:
    with store.read() as tx:
        row = tx.room_row(code)
    assert row is not None
    return row.version


def test_W5_a_host_plays_their_own_words(service: RoomService) -> None:
    seats = make_room(service, 4)
    host = seats[0]
    view = service.set_custom_words(host.code, host.token, ", ".join(OWN_WORDS))
    assert view.settings.custom_words == OWN_WORDS
    game = service.start_game(host.code, host.token).game
    assert game is not None
    board = {word_key(card.word) for card in game.board}
    assert len(board) == 25
    assert board <= {word_key(w) for w in OWN_WORDS}


def test_W5_a_list_with_problems_is_refused_whole_and_changes_nothing(
    service: RoomService, store: Store
) -> None:
    host = make_room(service, 4)[0]
    before = _version(store, host.code)
    with pytest.raises(Refusal) as refused:
        service.set_custom_words(host.code, host.token, "apple\nApple\npear")
    assert refused.value.code == "custom_words"
    assert "25" in refused.value.message
    assert "appears twice" in refused.value.message
    assert _version(store, host.code) == before
    assert service.view(host.code, host.token).settings.custom_words is None


def test_W5_only_the_host_sets_the_words(service: RoomService) -> None:
    guest = make_room(service, 4)[1]
    with pytest.raises(Refusal) as refused:
        service.set_custom_words(guest.code, guest.token, "\n".join(OWN_WORDS))
    assert refused.value.code == "host_only"


@pytest.fixture
def lists(service: RoomService) -> WordListService:
    return WordListService(service.store, service.clock)


def test_W5_saved_lists_belong_to_one_device(lists: WordListService) -> None:
    kept = lists.save("device-one", "  Year 5   animals ", "\n".join(OWN_WORDS))
    assert kept == OWN_WORDS
    assert lists.lists("device-one") == {"Year 5 animals": OWN_WORDS}
    assert lists.lists("device-two") == {}
    lists.save("device-one", "Year 5 animals", "\n".join(reversed(OWN_WORDS)))
    assert lists.lists("device-one")["Year 5 animals"][0] == OWN_WORDS[-1]
    lists.delete("device-one", "Year 5 animals")
    assert lists.lists("device-one") == {}


def test_W5_a_device_key_is_stored_only_hashed(lists: WordListService, store: Store) -> None:
    lists.save("device-secret-key", "animals", "\n".join(OWN_WORDS))
    with store.read() as tx:
        owners = [owner for (owner,) in tx.conn.execute("SELECT owner FROM word_lists")]
    assert owners == [hash_token("device-secret-key")]


@pytest.mark.parametrize("name", ["", "   ", "x" * 41])
def test_W5_a_saved_list_needs_a_name(lists: WordListService, name: str) -> None:
    with pytest.raises(Refusal) as refused:
        lists.save("device", name, "\n".join(OWN_WORDS))
    assert refused.value.code == "list_name"
    assert lists.lists("device") == {}


def test_W5_a_saved_list_with_problems_is_not_saved(lists: WordListService) -> None:
    with pytest.raises(Refusal):
        lists.save("device", "short", "one, two, three")
    assert lists.lists("device") == {}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_G6_the_board_is_in_the_rooms_language(service: RoomService, language: str) -> None:
    host = make_room(service, 4)[0]
    service.act(host.code, host.token, SetLanguage(language=language))
    game = service.start_game(host.code, host.token).game
    assert game is not None
    in_language = {
        word_key(w) for package in load_packages().packages for w in package.words_in(language)
    }
    board = [card.word for card in game.board]
    assert all(word_key(w) in in_language for w in board), board
    if language != "en":
        english = {
            word_key(w) for package in load_packages().packages for w in package.words_in("en")
        }
        assert sum(word_key(w) not in english for w in board) > 12, board

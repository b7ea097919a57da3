"""Just One (J-1 to J-6) played through the service on a real SQLite
file: the lobby's game choice, the deck drawn from the room's words, and
a whole game of 13 cards driven by what each seat's view says."""

from __future__ import annotations

import re

from service_helpers import FakeClock, make_room, refused, replay, state_of

from oneword import words
from oneword.engine import Mode, SetJustOneTimer, SetMode, SetPackage
from oneword.engine.justone.actions import (
    Answer,
    NextCard,
    PassCard,
    PickNumber,
    ShowClues,
    VoteClue,
    WriteClues,
)
from oneword.engine.justone.state import CardPhase, CardResult, JustOneGame
from oneword.engine.justone.views import (
    JustOneFinishedView,
    JustOneGiverView,
    JustOneGuesserView,
    JustOneView,
    Rating,
)
from oneword.service import RoomService, Seat
from oneword.storage.sqlite_store import Store
from oneword.words import load_packages

CLUE_BANK = ["quartz", "canyon", "riddle", "lagoon", "harvest", "whisper"]
"""Everyday words far apart: no way of comparing clues takes two for one."""
TEST_CLUES = {"walrus", "velvet", "pyramid", "glacier", "harbor", "tornado", "twin", "lantern",
              "saddle", "kayak", "meadow", *CLUE_BANK}  # fmt: skip
"""Every clue the whole-game test writes: none is a deck word, so the check
that the guesser never holds the mystery word cannot meet it in an earlier
card's clues."""


def _package_words() -> set[str]:
    return {w.lower() for p in load_packages().packages for w in p.words.get("en", ())}


def _values(data: object) -> list[str]:
    """Every string value a view holds (its field names are not secrets)."""
    if isinstance(data, dict):
        return [v for value in data.values() for v in _values(value)]
    if isinstance(data, list):
        return [v for value in data for v in _values(value)]
    return [data] if isinstance(data, str) else []


def _holds(service: RoomService, code: str, seat: Seat | None, word: str) -> bool:
    """Whether any value of the seat's view holds `word` as a whole word."""
    view = service.view(code, seat.token if seat else None)
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    return any(pattern.search(value) for value in _values(view.model_dump()))


def _view(service: RoomService, seat: Seat | None, code: str) -> JustOneView:
    game = service.view(code, seat.token if seat else None).game
    assert isinstance(game, JustOneView)
    return game


def _start(service: RoomService, count: int) -> list[Seat]:
    seats = make_room(service, count)
    host = seats[0]
    service.act(host.code, host.token, SetMode(mode=Mode.JUST_ONE))
    service.start_game(host.code, host.token)
    return seats


def _roles(service: RoomService, seats: list[Seat]) -> tuple[Seat, list[Seat]]:
    code = seats[0].code
    guesser = [s for s in seats if isinstance(_view(service, s, code), JustOneGuesserView)]
    givers = [s for s in seats if isinstance(_view(service, s, code), JustOneGiverView)]
    assert len(guesser) == 1 and len(givers) == len(seats) - 1
    return guesser[0], givers


def test_J_1_the_lobby_picks_just_one_and_the_deck_comes_from_the_room_words(
    service: RoomService, store: Store
) -> None:
    seats = make_room(service, 3, language="de")
    host = seats[0]
    service.act(host.code, host.token, SetMode(mode=Mode.JUST_ONE))
    service.act(host.code, host.token, SetPackage(package="animals"))
    service.act(host.code, host.token, SetJustOneTimer(seconds=60))
    assert service.view(host.code, host.token).settings.just_one_timer == 60
    service.start_game(host.code, host.token)
    game = state_of(store, host.code).game
    assert isinstance(game, JustOneGame) and game.clue_timer == 60
    deck = [w for card in game.cards for w in card.words]
    german = {w for p in words.load_packages().packages for w in p.words_in("de")}
    animals = set(words.load_packages().get("animals").words_in("de"))  # type: ignore[union-attr]
    assert len(set(deck)) == 65 and set(deck) <= german and animals <= set(deck)


def test_J_1_bots_cannot_be_added_to_a_just_one_room(service: RoomService, store: Store) -> None:
    seats = make_room(service, 3)
    host = seats[0]
    service.act(host.code, host.token, SetMode(mode=Mode.JUST_ONE))
    refused(
        store,
        host.code,
        lambda: service.fill_with_bots(host.code, host.token),
        "bots_not_in_just_one",
    )


def _card(
    service: RoomService,
    seats: list[Seat],
    clues: list[list[str]] | None = None,
    votes: list[int] | None = None,
) -> tuple[Seat, list[Seat], str]:
    """Pick and write: the card waits in its compare; returns the guesser,
    the givers and the mystery word (from a clue giver's view)."""
    code = seats[0].code
    guesser, givers = _roles(service, seats)
    service.act(code, guesser.token, PickNumber(number=2))
    mystery = _view(service, givers[0], code).card.mystery  # type: ignore[union-attr]
    assert mystery is not None
    for k, giver in enumerate(givers):
        words_ = (clues or [])[k] if clues and k < len(clues) else CLUE_BANK[2 * k : 2 * k + 2]
        assert not _holds(service, code, guesser, mystery)
        service.act(code, giver.token, WriteClues(words=words_))
    for giver in givers[:2]:  # 2 of the 3 clue givers: a majority
        for index in votes or []:
            service.act(code, giver.token, VoteClue(clue=index))
    for giver in givers:
        service.act(code, giver.token, ShowClues())
    for seat in (guesser, None):
        assert not _holds(service, code, seat, mystery)
    return guesser, givers, mystery


def test_J_a_whole_game_of_13_cards_through_the_service(
    service: RoomService, store: Store, clock: FakeClock
) -> None:
    seats = _start(service, 4)
    code = seats[0].code

    # Card 1: the clue givers vote a clue out that the app kept.
    guesser, givers, mystery = _card(
        service,
        seats,
        clues=[["Walrus", "Velvet"], ["Pyramid", "Glacier"], ["Harbor", "Tornado"]],
        votes=[0],
    )
    seen = [line.word for line in _view(service, guesser, code).card.clues]  # type: ignore[union-attr]
    assert seen == ["Velvet", "Pyramid", "Glacier", "Harbor", "Tornado"]
    assert not TEST_CLUES & _package_words(), "a clue could be a later card's mystery word"
    service.act(code, guesser.token, Answer(word=mystery))
    service.act(code, guesser.token, NextCard())

    # Card 2: the app removes two identical clues; the vote restores one.
    guesser, givers, mystery = _card(
        service,
        seats,
        clues=[["Twin", "Lantern"], ["twin", "Saddle"], ["Kayak", "Meadow"]],
        votes=[0],
    )
    seen = [line.word for line in _view(service, guesser, code).card.clues]  # type: ignore[union-attr]
    assert seen == ["Twin", "Lantern", "Saddle", "Kayak", "Meadow"]
    service.act(code, guesser.token, Answer(word=mystery.upper()))
    service.act(code, givers[0].token, NextCard())

    # Card 3: a pass.
    guesser, _, _ = _card(service, seats)
    service.act(code, guesser.token, PassCard())
    service.act(code, guesser.token, NextCard())

    # Card 4: a wrong answer loses card 5 too.
    guesser, givers, mystery = _card(service, seats)
    service.act(code, guesser.token, Answer(word="certainly-not-it"))
    assert _holds(service, code, None, mystery)
    service.act(code, givers[0].token, NextCard())
    assert _view(service, None, code).card.position == 6  # type: ignore[union-attr]

    played = 4
    while _view(service, None, code).phase is CardPhase.PICK:
        guesser, _, mystery = _card(service, seats)
        service.act(code, guesser.token, Answer(word=mystery))
        service.act(code, guesser.token, NextCard())
        played += 1
    assert played == 12

    final = _view(service, None, code)
    assert isinstance(final, JustOneFinishedView)
    results = [card.result for card in final.played]
    assert results.count(CardResult.RIGHT) == 10 and final.score == 10
    assert results[2:5] == [CardResult.PASSED, CardResult.WRONG, CardResult.LOST]
    assert final.rating is Rating.VERY_GOOD
    first, second = final.played[:2]
    assert [(c.word, c.by_vote, c.kept) for c in first.clues if c.by_vote] == [
        ("Walrus", True, False)
    ]
    assert [(c.word, c.removal, c.kept) for c in second.clues if c.removal] == [
        ("Twin", "duplicate", True),
        ("twin", "duplicate", False),
    ]
    assert replay(store, code) == state_of(store, code)

    # L-6: Play again deals a new deck in the same room.
    old = [w for card in _deck(store, code).cards for w in card.words]
    service.start_game(code, seats[0].token)
    new = _deck(store, code)
    assert not new.over and [w for card in new.cards for w in card.words] != old


def _deck(store: Store, code: str) -> JustOneGame:
    game = state_of(store, code).game
    assert isinstance(game, JustOneGame)
    return game


def test_J_a_refused_move_changes_nothing_in_the_store(service: RoomService, store: Store) -> None:
    seats = _start(service, 3)
    code = seats[0].code
    guesser, givers = _roles(service, seats)
    refused(
        store, code, lambda: service.act(code, givers[0].token, PickNumber(number=1)), "not_guesser"
    )
    service.act(code, guesser.token, PickNumber(number=1))
    refused(
        store,
        code,
        lambda: service.act(code, givers[0].token, WriteClues(words=["one"])),
        "clue_count",
    )
    refused(
        store, code, lambda: service.act(code, givers[0].token, WriteClues(words=["x" * 101, "y"]))
    )


def test_J_2_the_rooms_own_list_is_the_deck_and_no_view_holds_it_during_the_game(
    service: RoomService,
) -> None:
    seats = make_room(service, 4)
    host = seats[0]
    service.act(host.code, host.token, SetMode(mode=Mode.JUST_ONE))
    deck = sorted(_package_words())[:70]
    service.set_custom_words(host.code, host.token, "\n".join(deck))
    assert service.view(host.code, host.token).settings.custom_words
    service.start_game(host.code, host.token)
    for token in [*(s.token for s in seats), None]:
        view = service.view(host.code, token)
        assert view.settings.custom_words is None
        # The first card waits for its number: no seat sees any deck word yet.
        assert not set(deck) & {v.lower() for v in _values(view.model_dump())}

"""Bots play in all seven word languages (B-1, B-2, B-3): their clues obey
the room's clue rules in that language, they read clues in it, and a room
with those words plays a whole game with bots."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from service_helpers import FakeClock

from oneword import words
from oneword.bots import LANGUAGES, rank_cards, speaks, suggest_clue
from oneword.bots.play import next_action
from oneword.bots.vectors import UNKNOWN, association
from oneword.engine import PickTeam, Team
from oneword.engine.clues import check_against_board, check_clue_word
from oneword.engine.codewords.clues import make_clue
from oneword.engine.codewords.forms import same_family
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

ALL = ("en", "de", "fr", "es", "it", "pt", "nl")

READINGS = {
    "en": ("ocean", ["fish", "ship"], ["apple", "pencil"]),
    "de": ("Meer", ["Fisch", "Schiff"], ["Apfel", "Bleistift"]),
    "fr": ("mer", ["poisson", "bateau"], ["pomme", "crayon"]),
    "es": ("mar", ["pez", "barco"], ["manzana", "lápiz"]),
    "it": ("mare", ["pesce", "nave"], ["mela", "matita"]),
    "pt": ("mar", ["peixe", "navio"], ["maçã", "lápis"]),
    "nl": ("zee", ["vis", "schip"], ["appel", "potlood"]),
}
"""A clue, two words it points to and two it does not, in each language."""


def _deal(language: str, seed: int) -> tuple[list[str], dict[str, list[int]], list[int]]:
    rng = random.Random(seed)
    board = words.board_words(words.load_packages(), language, None, rng)
    order = list(range(25))
    rng.shuffle(order)
    parts = {"own": order[:9], "rival": order[9:17], "neutral": order[17:24], "black": order[24:]}
    return board, parts, rng.sample(order[:24], rng.randint(0, 10))


def test_B6_bots_speak_every_word_language() -> None:
    assert LANGUAGES == ALL
    assert all(speaks(language) for language in ALL)


@pytest.mark.parametrize("language", ALL)
def test_B2_bot_clues_obey_the_in_one_word_rules_in_every_language(language: str) -> None:
    for seed in range(25):
        board, parts, opened = _deal(language, seed)
        closed = [w for i, w in enumerate(board) if i not in opened]
        word, number = suggest_clue(board, **parts, opened=opened, language=language)
        check_against_board(check_clue_word(word), closed)  # raises if illegal (C-1..C-4)
        assert 1 <= number <= len([i for i in parts["own"] if i not in opened])


@pytest.mark.parametrize("language", ALL)
def test_K_2_bot_clues_obey_the_codewords_rules_in_every_language(language: str) -> None:
    for seed in range(25):
        board, parts, opened = _deal(language, seed)
        closed = [w for i, w in enumerate(board) if i not in opened]
        left = len([i for i in parts["own"] if i not in opened])
        word, number = suggest_clue(
            board, **parts, opened=opened, language=language, rules="codewords"
        )
        make_clue(word, number, closed, left, language)  # raises if illegal
        assert not any(same_family(word, card, language) for card in closed), (word, seed)


@pytest.mark.parametrize("language", ALL)
def test_B3_a_guesser_reads_a_clue_in_every_language(language: str) -> None:
    clue, meant, other = READINGS[language]
    scores = rank_cards(clue, meant + other, language)
    assert min(scores[:2]) > max(scores[2:]), scores


@pytest.mark.parametrize("language", ["de", "pt"])
def test_B1_a_room_with_these_words_plays_a_whole_game_with_bots(
    tmp_path: Path, language: str
) -> None:
    clock = FakeClock()
    service = RoomService(Store(tmp_path / "r.sqlite3"), clock=clock, bot_pace=(0.0, 0.0))
    host = service.create_room("Ada", language=language)
    service.act(host.code, host.token, PickTeam(team=Team.RED))
    service.fill_with_bots(host.code, host.token, "hard")
    service.start_game(host.code, host.token)
    for _ in range(400):
        clock.tick(1.0)
        view = service.view(host.code, host.token)
        assert view.game is not None
        if view.game.outcome is not None:
            clues = [e.clue.word for e in view.game.log if e.clue is not None]
            assert clues and all(c.isalpha() for c in clues)
            return
        action = next_action(view, "hard")
        if action is not None:
            service.act(host.code, host.token, action)
    raise AssertionError("the game did not end")


COMPOUNDS = {
    "en": ("toothbrush", ["tooth", "brush"], ["tiger", "castle"]),
    "de": ("Apfelbaum", ["Apfel", "Baum"], ["Auto", "Schiff"]),
    "nl": ("zeevruchten", ["zee", "vis"], ["auto", "potlood"]),
}
"""A compound clue no table holds as one word, a card each part points to,
and two cards neither does."""


@pytest.mark.parametrize("language", sorted(COMPOUNDS))
def test_B3_a_compound_clue_is_read_through_its_parts(language: str) -> None:
    clue, meant, other = COMPOUNDS[language]
    found = association(language)
    assert found.find(clue) is None or language != "nl"  # read by its parts, not looked up
    assert found.compound_parts(clue) is not None
    scores = rank_cards(clue, meant + other, language)
    assert min(scores[:2]) > max(scores[2:]), scores


def test_B3_the_most_even_split_of_a_compound_with_a_word_for_its_last_part() -> None:
    dutch, german = association("nl"), association("de")
    parts = dutch.compound_parts("slagroom")
    assert parts is not None and [dutch.words[i] for i in parts] == ["slag", "room"]
    parts = german.compound_parts("Hochzeitstorte")
    assert parts is not None and [german.words[i] for i in parts] == ["Hochzeit", "Torte"]


@pytest.mark.parametrize("language", ["fr", "es", "it", "pt"])
def test_B3_romance_words_are_never_cut_into_made_up_compounds(language: str) -> None:
    for word in ("carnaval", "procesion", "chantier", "pinocho"):
        assert association(language).compound_parts(word) is None


@pytest.mark.parametrize(
    ("language", "clue", "meant", "other"),
    [
        ("it", "Michelin", ["pneumatico", "ruota"], ["lupo", "matita"]),
        ("pt", "Spielberg", ["cinema", "tubarão"], ["sal", "ponte"]),
        ("de", "Picasso", ["Maler", "Kunst"], ["Käse", "Hemd"]),
    ],
)
def test_B3_a_name_spelled_as_in_english_is_read_in_every_language(
    language: str, clue: str, meant: list[str], other: list[str]
) -> None:
    assert association(language).find(clue) is None  # not in the language's own table
    scores = rank_cards(clue, meant + other, language)
    assert min(scores[:2]) > max(scores[2:]), scores
    assert rank_cards("Qzxvwq", meant, language) == [UNKNOWN, UNKNOWN]

"""The words for the engine's facts (R-1, X-2, X-4, X-6, X-7, G-4, G-5):
every ending, skip and notice reads as a sentence, and counts agree with
their nouns."""

from __future__ import annotations

import pytest

from oneword.engine import Ending, Mode, Team
from oneword.engine.models import Notice, NoticeKind, SkipReason
from oneword.engine.views import LogEntryView, OutcomeView
from oneword.i18n import use_language
from oneword.wording import log_note, notice_text, outcome_text, plural
from oneword.wording.just_one import removal_text


def outcome(ending: Ending, **facts: object) -> OutcomeView:
    values: dict[str, object] = {
        "result": "win",
        "winner": None,
        "decided_by": None,
        "card_word": None,
    }
    values.update(facts)
    return OutcomeView.model_validate({"ending": ending, **values})


@pytest.mark.parametrize(
    ("facts", "mode", "text"),
    [
        (
            outcome(Ending.ALL_FOUND, winner=Team.RED, decided_by=Team.RED),
            Mode.VERSUS,
            "Red found all its cards.",
        ),
        (
            outcome(Ending.BLACK_CARD, winner=Team.RED, decided_by=Team.BLUE),
            Mode.VERSUS,
            "Blue opened the black card: Red wins.",
        ),
        (
            outcome(Ending.RIVAL_OPENED_LAST, winner=Team.RED, decided_by=Team.BLUE),
            Mode.VERSUS,
            "Blue opened Red's last card: Red wins.",
        ),
        (
            outcome(Ending.TEAM_LEFT, result="no_result", decided_by=Team.BLUE),
            Mode.VERSUS,
            "Blue has fewer than 2 players left: no result.",
        ),
        (
            outcome(Ending.TEAM_LEFT, result="no_result", decided_by=Team.RED),
            Mode.TOGETHER,
            "Nobody is left on Red's side: no result.",
        ),
        (
            outcome(Ending.BLACK_CARD, result="loss", decided_by=Team.BLUE),
            Mode.TOGETHER,
            "Blue opened a black card: everyone loses.",
        ),
        (
            outcome(Ending.ALL_GREENS_FOUND),
            Mode.TOGETHER,
            "Everyone wins: all 15 green cards found.",
        ),
        (
            outcome(Ending.FINAL_ROUND_WRONG_CARD, result="loss", card_word="Straße"),
            Mode.TOGETHER,
            "Turns ran out and STRASSE was a wrong card in the Final Round: everyone loses.",
        ),
    ],
)
def test_R1_each_ending_reads_as_a_sentence(facts: OutcomeView, mode: Mode, text: str) -> None:
    assert outcome_text(facts, mode) == text


def test_R1_every_ending_has_words() -> None:
    for ending in Ending:
        facts = outcome(ending, winner=Team.RED, decided_by=Team.BLUE, card_word="cat")
        assert outcome_text(facts, Mode.VERSUS)
        assert outcome_text(facts, Mode.TOGETHER)


def _entry(**facts: object) -> LogEntryView:
    values: dict[str, object] = {
        "turn": 3,
        "team": Team.RED,
        "giver_id": None,
        "giver_name": None,
        "clue": None,
        "openings": [],
        "skip": None,
        "final_round": False,
    }
    values.update(facts)
    return LogEntryView.model_validate(values)


def test_X2_X4_X6_X7_each_skip_says_why() -> None:
    texts = {log_note(_entry(skip=reason)) for reason in SkipReason}
    assert len(texts) == len(SkipReason) and all(texts)
    assert log_note(_entry(skip=SkipReason.TIME_RAN_OUT)) == "Red's time ran out: turn skipped."
    assert log_note(_entry(team=None, final_round=True)) == "Final Round"
    assert log_note(_entry()) == ""


def test_G4_G5_notices_count_players_properly() -> None:
    assert notice_text(Notice(kind=NoticeKind.SWITCHED_TO_VERSUS, players=7)).endswith(
        "the room has 7 players now."
    )
    assert "Together" in notice_text(Notice(kind=NoticeKind.SWITCHED_TO_TOGETHER, players=3))


def test_plural_forms() -> None:
    assert plural(1, "player", "players") == "1 player"
    assert plural(0, "player", "players") == "0 players"
    assert plural(3, "card", "cards") == "3 cards"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "removed: of the same family as teach"),
        ("de", "entfernt: aus derselben Wortfamilie wie teach"),
        ("fr", "retiré : de la même famille que teach"),
    ],
)
def test_J_4_a_removal_names_its_kind_and_the_word_in_the_players_language(
    language: str, expected: str
) -> None:
    with use_language(language):
        assert removal_text("mystery_word", False, False, "family", "teach") == expected


def test_J_4_a_removal_without_a_kind_or_its_word_says_the_reason_alone() -> None:
    assert removal_text("duplicate", False, False) == "removed: same as another clue"
    assert removal_text("duplicate", False, False, "form", None) == "removed: same as another clue"
    assert removal_text("not_a_word", False, False, "made_up") == (
        "removed: not a word in any of the app's word lists"
    )
    assert removal_text("duplicate", True, True, "form", "x") == "restored by vote"

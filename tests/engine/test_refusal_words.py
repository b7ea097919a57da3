"""Refusals carry a code, a catalog text and values, never a sentence
(issue #20): the sentence is made where it is read, in the reader's
language, and stays English for scripts, tests and notebooks."""

from __future__ import annotations

import ast
import copy
import pickle
from pathlib import Path

import pytest

from oneword.engine import LobbyError, Team
from oneword.engine.errors import Reason
from oneword.engine.names import clean_name
from oneword.i18n import N_, OneOf, use_language

ROOT = Path(__file__).resolve().parents[2]


def test_G_refusal_reads_in_the_language_of_the_moment() -> None:
    with pytest.raises(LobbyError) as refused:
        clean_name("   ")
    assert refused.value.code is Reason.NAME_EMPTY
    assert refused.value.message == "Type a name to join."
    with use_language("de"):
        assert refused.value.message == "Gib einen Namen ein, um beizutreten."
    with use_language("fr"):
        assert str(refused.value) == "Tapez un nom pour rejoindre."


def test_values_of_our_own_are_translated_and_lists_joined_per_language() -> None:
    refusal = LobbyError(
        Reason.PLAYER_COUNT,
        N_("{game} needs {limits} players. With {count}, play {others}."),
        game=N_("Together"),
        limits="2-6",
        count=7,
        others=OneOf([N_("Versus"), N_("Just One")]),
    )
    assert refusal.message == "Together needs 2-6 players. With 7, play Versus or Just One."
    with use_language("fr"):
        assert refusal.message == ("Ensemble demande 2-6 joueurs. À 7, jouez à Versus ou Just One.")
    with use_language("de"):
        assert refusal.values["game"] == "Together"
        assert refusal.message.startswith("Gemeinsam braucht 2-6 Personen.")


def test_a_team_named_in_a_refusal_follows_the_language() -> None:
    refusal = LobbyError(Reason.NOT_YOUR_TURN, N_("It is {team}'s turn."), team=Team.BLUE.label)
    with use_language("nl"):
        assert refusal.message == "Blauw is aan de beurt."


def _refusal_templates(source: str) -> list[tuple[int, str]]:
    """Each refusal (a call whose first argument is a `Reason`) whose text
    is not a marked catalog text (`N_`/`NP_`) or a name bound to one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and len(node.args) >= 2):
            continue
        first, text = node.args[0], node.args[1]
        if not (isinstance(first, ast.Attribute) and getattr(first.value, "id", "") == "Reason"):
            continue
        options = [text.body, text.orelse] if isinstance(text, ast.IfExp) else [text]
        for option in options:
            marked = isinstance(option, ast.Call) and getattr(option.func, "id", "") in {
                "N_",
                "NP_",
            }
            if not (marked or isinstance(option, ast.Name)):
                found.append((node.lineno, ast.unparse(option)[:60]))
    return found


def test_every_refusal_in_the_code_is_a_marked_catalog_text() -> None:
    """An f-string refusal would be English in every language and missing
    from the catalogs."""
    sources = [
        *sorted((ROOT / "oneword").rglob("*.py")),
        *sorted((ROOT / "app_pages").glob("*.py")),
    ]
    unmarked = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in sources
        for line, text in _refusal_templates(path.read_text(encoding="utf-8"))
    ]
    assert unmarked == []


def test_the_refusal_check_sees_an_unmarked_text() -> None:
    source = (
        'raise LobbyError(Reason.X, f"{a} left")\n'
        'raise LobbyError(Reason.X, N_("ok"))\n'
        'raise LobbyError(Reason.X, "plain")\n'
    )
    assert [line for line, _text in _refusal_templates(source)] == [1, 3]


def test_a_refusal_survives_a_copy_with_its_code_text_and_values() -> None:
    refusal = LobbyError(
        Reason.NAME_TOO_LONG, N_("A name has at most {count} characters."), count=9
    )
    for copied in (pickle.loads(pickle.dumps(refusal)), copy.deepcopy(refusal)):
        assert type(copied) is LobbyError
        assert (copied.code, copied.values) == (Reason.NAME_TOO_LONG, {"count": 9})
        with use_language("es"):
            assert copied.message == "Un nombre tiene como máximo 9 caracteres."

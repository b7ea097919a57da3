"""The table being typed in on the one-device setup (O-1): each team with
players always has exactly one captain, whatever is tapped, and the
engine's checks say what still stops the game from starting."""

from __future__ import annotations

import pytest

from oneword.engine import Refusal, Team
from oneword.ui.screens.one_device.setup import (
    Entry,
    add_name,
    make_captain,
    problem,
    remove,
    switch_team,
)

RED, BLUE = Team.RED, Team.BLUE


def captains(entries: list[Entry]) -> dict[Team, str]:
    found: dict[Team, str] = {}
    for entry in entries:
        if entry.captain:
            assert entry.team not in found, f"two captains on {entry.team}"
            found[entry.team] = entry.name
    return found


def table(*names: str) -> list[Entry]:
    entries: list[Entry] = []
    for name in names:
        add_name(entries, name)
    return entries


def test_O1_names_alternate_teams_and_the_first_of_each_is_captain() -> None:
    entries = table("Ana", "Bo", "Cy", "Di")
    assert [(e.name, e.team) for e in entries] == [
        ("Ana", RED),
        ("Bo", BLUE),
        ("Cy", RED),
        ("Di", BLUE),
    ]
    assert captains(entries) == {RED: "Ana", BLUE: "Bo"}
    assert problem(entries) is None


def test_O1_a_captain_who_switches_team_hands_the_star_on() -> None:
    entries = table("Ana", "Bo", "Cy", "Di")
    switch_team(entries, 0)
    assert captains(entries) == {RED: "Cy", BLUE: "Bo"}
    assert problem(entries) == (
        "Red needs at least 2 players (now 1): tap a name to move it to the other team."
    )
    make_captain(entries, 0)
    assert captains(entries) == {RED: "Cy", BLUE: "Ana"}
    remove(entries, 0)
    assert captains(entries) == {RED: "Cy", BLUE: "Bo"}


def test_O1_a_player_moved_to_an_empty_team_becomes_its_captain() -> None:
    entries = [Entry("Ana", RED, True), Entry("Bo", RED)]
    switch_team(entries, 1)
    assert captains(entries) == {RED: "Ana", BLUE: "Bo"}


def test_O1_names_are_refused_clearly_and_the_table_stops_at_ten() -> None:
    entries = table(*[f"P{i}" for i in range(10)])
    with pytest.raises(Refusal, match="At most 10 players"):
        add_name(entries, "Eleven")
    with pytest.raises(Refusal, match="already a player called p1"):
        add_name(table("P1"), "p1")
    with pytest.raises(Refusal, match="at most 24 characters"):
        add_name([], "x" * 25)
    with pytest.raises(Refusal, match="Type the player's name"):
        add_name([], "   ")
    assert problem(table("Ana", "Bo", "Cy")) == "One-device play needs 4-10 players (now 3)."


def test_B1_O1_bots_take_seats_after_a_person_in_any_word_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from oneword.ui.screens.one_device.setup import add_bot, bots_of, seats

    entries: list[Entry] = []
    with pytest.raises(Refusal, match="person's name first"):
        add_bot(entries, "easy")
    entries = table("Ana", "Bo")
    add_bot(entries, "hard")
    add_bot(entries, "easy")
    assert [(e.name, e.team, e.bot) for e in entries[2:]] == [
        ("Pixel", RED, "hard"),
        ("Gizmo", BLUE, "easy"),
    ]
    assert bots_of(entries) == {2: "hard", 3: "easy"}
    assert [(s.bot, s.bot_level) for s in seats(entries)][2:] == [(True, "hard"), (True, "easy")]
    assert problem(entries) is None
    assert problem(entries, "de") is None
    monkeypatch.setattr("oneword.bots.LANGUAGES", ("en",))
    assert problem(entries, "de") == (
        "Bots do not play in this language: switch the room's words to another language, "
        "or remove the bots."
    )

"""Players' names (L-2) and who the host lets in (L-8): names are cleaned,
cannot pass for another player or for a badge, and a room the host closed
or a player the host removed stays out."""

from __future__ import annotations

import pytest
from test_lobby import T0, room_of
from versus_helpers import assert_refused

from oneword.engine import Join, Kick, RuleError, SetLocked, apply
from oneword.engine.names import clean_name, distinct_name, skeleton


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Zoë  ", "Zoë"),
        ("Ana\u200b", "Ana"),  # zero-width space
        ("A\u202ena", "Ana"),  # right-to-left override
        ("Ｂｅｎ", "Ben"),  # fullwidth
        ("Jean   Luc", "Jean Luc"),
        ("Zoe\u0308", "Zoë"),  # a combining diaeresis joins its letter
        ("Αλέξης", "Αλέξης"),
        ("علي", "علي"),
    ],
)
def test_L2_a_name_is_cleaned(typed: str, kept: str) -> None:
    assert clean_name(typed) == kept


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("", "name_empty"),
        ("\u200b\u200d", "name_empty"),
        ("x" * 25, "name_too_long"),
        ("x" * 100_000, "name_too_long"),
        ("Ana (host)", "name_badge"),
        ("Ana ( HOST )", "name_badge"),
        ("Bo (bot)", "name_badge"),
        ("Cy ← you", "name_badge"),
        ("★ Dee", "name_badge"),
        ("Ana\ud800", "name_not_text"),
        ("Ana (2)", "name_numbered"),
        ("Ana(3)", "name_numbered"),
        ("Ana （２）", "name_numbered"),  # fullwidth brackets and digit
        ("Ana ( 12 )", "name_numbered"),
    ],
)
def test_L2_a_name_that_cannot_be_used_is_refused(typed: str, code: str) -> None:
    with pytest.raises(RuleError) as refused:
        clean_name(typed)
    assert refused.value.code == code


def test_L2_look_alike_letters_share_a_skeleton() -> None:
    assert skeleton("Ana") == skeleton("Αna") == skeleton("Аna") == skeleton("ANA")
    assert skeleton("Ana") != skeleton("Anna")
    assert skeleton("José") != skeleton("Jose"), "an accent makes another name"


def test_L2_the_same_name_again_is_numbered() -> None:
    assert distinct_name(["Ana"], "ana") == "ana (2)"
    assert distinct_name(["Ana", "Ana (2)"], "Ana") == "Ana (3)"
    assert distinct_name(["Ana"], "Ben") == "Ben"


def test_L2_a_number_inside_a_name_is_fine() -> None:
    assert clean_name("Ana 2") == "Ana 2"
    assert clean_name("R2 (D2) Bot") == "R2 (D2) Bot"
    assert clean_name("Team (2) Ana") == "Team (2) Ana"


def test_L2_spacing_does_not_tell_two_names_apart() -> None:
    with pytest.raises(RuleError) as refused:
        distinct_name(["Ana Lee"], "AnaLee")
    assert refused.value.code == "name_looks_taken"
    assert distinct_name(["Ana Lee"], "ana lee") == "ana lee (2)"
    assert distinct_name(["Ana", "Ana (2)"], "ANA") == "ANA (3)"


def test_L2_a_name_that_only_looks_like_another_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        distinct_name(["Ana"], "Αna")  # Greek capital alpha
    assert refused.value.code == "name_looks_taken"


def test_L2_joining_with_a_look_alike_name_changes_nothing() -> None:
    room = room_of(1)  # P0 is in the room; "Р0" starts with a Cyrillic Er
    assert_refused(room, Join(by="x", name="Р0"), T0 + 5, "name_looks_taken")
    room = apply(room, Join(by="a", name="Ana"), T0 + 6)
    room = apply(room, Join(by="b", name="Ana"), T0 + 7)
    assert room.member("b").name == "Ana (2)"
    assert_refused(room, Join(by="c", name="Ana (2)"), T0 + 8, "name_numbered")
    assert_refused(room, Join(by="d", name="Ana(3)"), T0 + 8, "name_numbered")


def test_L8_a_locked_room_takes_nobody_new() -> None:
    room = apply(room_of(3), SetLocked(by="p0", locked=True), T0 + 5)
    assert room.settings.locked
    assert_refused(room, Join(by="x", name="Xena"), T0 + 6, "room_locked")
    room = apply(room, SetLocked(by="p0", locked=False), T0 + 7)
    assert apply(room, Join(by="x", name="Xena"), T0 + 8).member("x") is not None


def test_L8_only_the_host_locks_the_room() -> None:
    assert_refused(room_of(3), SetLocked(by="p1", locked=True), T0 + 5, "host_only")


def test_L8_a_removed_player_cannot_come_back_by_name_or_device() -> None:
    room = apply(room_of(2), Join(by="z", name="Zed", device="hash-z"), T0 + 5)
    room = apply(room, Kick(by="p0", player="z"), T0 + 6)
    assert_refused(room, Join(by="z2", name="Zed"), T0 + 7, "barred")
    assert_refused(room, Join(by="z3", name="ZΕD"), T0 + 7, "barred")  # Greek epsilon
    assert_refused(room, Join(by="z4", name="Zara", device="hash-z"), T0 + 7, "barred")
    assert apply(room, Join(by="y", name="Yan", device="hash-y"), T0 + 8).member("y")
    room = apply(room, Join(by="w", name="Wu Li"), T0 + 9)
    room = apply(room, Kick(by="p0", player="w"), T0 + 10)
    assert_refused(room, Join(by="w2", name="WuLi"), T0 + 11, "barred")


def test_L8_the_device_key_never_reaches_a_view() -> None:
    from oneword.engine import view_for

    room = apply(room_of(2), Join(by="z", name="Zed", device="hash-of-zeds-device"), T0 + 5)
    for member in ("p0", "z", None):
        assert "hash-of-zeds-device" not in view_for(room, member).model_dump_json()

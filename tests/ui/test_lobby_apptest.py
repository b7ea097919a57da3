"""The lobby's controls through the pages (L-4, W-5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_helpers import (
    APP,
    button,
    control,
    create_room,
    join_room,
    open_page,
    room_state,
    shown,
    titles,
)
from streamlit.testing.v1 import AppTest

from oneword.engine import Preset
from oneword.service.inputs import MAX_LIST_TEXT
from oneword.ui.screens.lobby import custom_words
from oneword.words import CustomWordsCheck

OWN = [f"wort{chr(ord('a') + i)}" for i in range(25)] + ["Straße"]


def test_W5_the_host_pastes_a_list_sees_its_problems_and_plays_it(db_path: Path) -> None:
    host, code = create_room("Ana")
    for name in ("Ben", "Cy", "Dee"):
        join_room(code, name)
    host.run()
    host.text_area(key="custom_text").input("apple, apple, pear").run()
    errors = [shown(e.value) for e in host.error]
    assert any("appears twice" in e for e in errors)
    assert any("25" in e for e in errors)
    assert button(host, "Play these words").disabled

    host.text_area(key="custom_text").input(", ".join(OWN)).run()
    assert not host.error
    button(host, "Play these words").click().run()
    assert room_state(db_path, code).settings.custom_words == OWN
    button(host, "Start game").click().run()
    game = room_state(db_path, code).game
    assert game is not None
    assert set(game.words) <= set(OWN)


def test_L4_the_host_changes_the_game_type_and_a_refusal_keeps_the_setting(
    db_path: Path,
) -> None:
    host, code = create_room("Ana")
    control(host.segmented_control, "set_mode").set_value("together").run()
    assert room_state(db_path, code).settings.mode.value == "together"
    control(host.segmented_control, "set_timer").set_value(60).run()
    assert room_state(db_path, code).settings.clue_timer == 60
    control(host.selectbox, "set_package").set_value("kitchen").run()
    assert room_state(db_path, code).settings.package == "kitchen"
    control(host.selectbox, "set_package").set_value("").run()
    assert room_state(db_path, code).settings.package is None
    # A choice clicked off keeps the setting, and the control shows it again.
    control(host.segmented_control, "set_timer").set_value(None).run()
    assert room_state(db_path, code).settings.clue_timer == 60
    assert control(host.segmented_control, "set_timer").value == 60


def test_L8_the_host_closes_the_room_and_a_join_is_refused_with_the_reason(
    db_path: Path,
) -> None:
    host, code = create_room("Ana")
    guest = join_room(code, "Ben")
    host.toggle(key="set_locked").set_value(True).run()
    assert room_state(db_path, code).settings.locked
    guest.run()
    assert any("nobody new can join" in shown(i.value) for i in guest.info)
    assert [t.key for t in guest.toggle] == ["show_rejoin"], "only the host has the switch"

    late = join_room(code, "Cy")
    assert [shown(e.value) for e in late.error] == ["The host has closed this room to new players."]
    assert [m.name for m in room_state(db_path, code).members] == ["Ana", "Ben"]

    host.run()
    host.toggle(key="set_locked").set_value(False).run()
    assert not room_state(db_path, code).settings.locked
    join_room(code, "Cy")
    assert [m.name for m in room_state(db_path, code).members] == ["Ana", "Ben", "Cy"]


def _join_form(app: AppTest, code: str, name: str) -> None:
    """Fill Home's join form (not the watch form's code) and press Join."""
    field = next(t for t in app.text_input if t.label == "Room code" and t.key != "watch_code")
    field.input(code)
    app.text_input(key="join_name").input(name)
    next(b for b in app.get("form_submit_button") if b.label == "Join").click().run()


def test_L8_a_removed_player_cannot_come_back_from_the_same_device(db_path: Path) -> None:
    host, code = create_room("Ana")
    guest = join_room(code, "Ben")
    ben = next(m.id for m in room_state(db_path, code).members if m.name == "Ben")
    host.run()
    host.button(key=f"kick-{ben}").click().run()
    guest.run()
    assert titles(guest) == ["In One Word"], "the removed player is back on Home"
    _join_form(guest, code, "Benjamin")
    assert [shown(e.value) for e in guest.error] == ["The host removed this player from the room."]
    assert [m.name for m in room_state(db_path, code).members] == ["Ana"]


def test_L8_codes_tried_in_bulk_are_refused_for_a_while(db_path: Path) -> None:
    player = AppTest.from_file(str(APP), default_timeout=20)
    player.run()
    refusals = []
    for code in [f"{a}{b}CDF" for a in "CDFG" for b in "CDF"]:
        _join_form(player, code, "Eve")
        refusals += [shown(e.value) for e in player.error]
    assert refusals[0].startswith("No room with code")
    assert refusals[-1] == "Too many tries from this device: wait a minute, then try again."


def test_G4_the_game_type_control_is_new_after_the_lobby_switched_by_itself(
    db_path: Path,
) -> None:
    """A click made on the control as it was before the switch cannot send
    back the mode it showed: the control after the switch is another one."""
    host, code = create_room("Ana")
    assert control(host.segmented_control, "set_mode").key == "set_mode=versus==0"
    join_room(code, "Ben")
    host.run()
    assert room_state(db_path, code).settings.mode.value == "together"
    shown_mode = control(host.segmented_control, "set_mode")
    assert (shown_mode.key, shown_mode.value) == ("set_mode=together=together=0", "together")


def test_K_2_the_rules_and_a_players_handler_choices_are_new_controls_per_value(
    db_path: Path,
) -> None:
    """The flaky deal of the Codewords browser test: the lobby rewrote the
    volunteer toggle, the colour and the host's settings in place on every
    rerun, so a click landing while a page was redrawn could send back a
    value the browser still showed, and its callback took a volunteer back
    (or changed a setting) just before the deal. Each value now has its own
    control, drawn at the room's value and never rewritten, so a control
    that showed an older value has no callback left to send."""
    host, code = create_room("Ana")
    ben = join_room(code, "Ben")
    host.run()
    rules = control(host.segmented_control, "set_preset")
    assert (rules.key, rules.value) == ("set_preset=in_one_word=0", "in_one_word")
    rules.set_value(Preset.CODEWORDS).run()
    assert room_state(db_path, code).settings.preset.value == "codewords"
    assert control(host.segmented_control, "set_preset").key == "set_preset=codewords=0"

    ben.run()
    toggle = control(ben.toggle, "volunteer")
    assert (toggle.key, toggle.value) == ("volunteer=False=0", False)
    toggle.set_value(True).run()
    control(ben.selectbox, "colour").set_value("teal").run()
    member = room_state(db_path, code).members[1]
    assert (member.volunteer, member.colour) == (True, "teal")
    host.run()  # someone else's change: Ben's page is drawn again
    ben.run()
    toggle, colour = control(ben.toggle, "volunteer"), control(ben.selectbox, "colour")
    assert (toggle.key, toggle.value) == ("volunteer=True=0", True)
    assert (colour.key, colour.value) == ("colour=teal=0", "teal")
    assert room_state(db_path, code).members[1].volunteer


def _codewords_four(db_path: Path) -> tuple[AppTest, AppTest, AppTest, str]:
    host, code = create_room("Ana")
    ben, cy, dee = (join_room(code, name) for name in ("Ben", "Cy", "Dee"))
    for player, team in [(host, "red"), (ben, "red"), (cy, "blue"), (dee, "blue")]:
        player.run()
        player.button(key=f"pick-{team}").click().run()
    host.run()
    control(host.segmented_control, "set_preset").set_value(Preset.CODEWORDS).run()
    return host, ben, dee, code


def _headings(app: AppTest) -> list[str]:
    return [m.value for m in app.markdown if str(m.value).startswith("**")]


def test_K_2_lobby_headings_name_a_side_by_its_colour_once_the_deal_cannot_change_it(
    db_path: Path,
) -> None:
    host, ben, dee, code = _codewords_four(db_path)
    ben.run()
    control(ben.toggle, "volunteer").set_value(True).run()
    control(ben.selectbox, "colour").set_value("orange").run()
    host.run()
    assert _headings(host)[:2] == ["**▲ Orange** (2)", "**● Blue** (2)"]
    ben.run()
    assert ben.button(key="pick-red").label == "Join Orange"
    watch = open_page("watch.py", watch=code)
    watch_text = " ".join(str(h.value) for h in watch.get("html") if hasattr(h, "value"))
    assert "Waiting in the lobby" in watch_text
    assert "▲ Orange" in watch_text and "● Blue" in watch_text

    # Clashing picks: which side changes colour is drawn at the deal, so
    # neither side is named by a colour it may not get.
    dee.run()
    control(dee.toggle, "volunteer").set_value(True).run()
    control(ben.selectbox, "colour").set_value("teal").run()
    control(dee.selectbox, "colour").set_value("green").run()
    host.run()
    assert _headings(host)[:2] == ["**▲ Red** (2)", "**● Blue** (2)"]
    notes = [c.value for c in host.caption]
    assert notes.count("Takes its handler's colour at the deal.") == 2


def test_W5_a_huge_paste_is_cut_at_the_cap_and_parsed_once(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """10 MB sent past the browser's own cap (a script, not a browser):
    the text area keeps the first MAX_LIST_TEXT characters (Streamlit cuts
    it on the server too), and the page parses that once, not on every
    redraw."""
    parsed = _count_parses(monkeypatch)
    host, code = create_room("Ana")
    host.run()
    # set_value, not input: a script sends what it likes, past max_chars.
    host.text_area(key="custom_text").set_value("river, " * 1_500_000).run()
    host.run()
    assert len(host.text_area(key="custom_text").value or "") == MAX_LIST_TEXT
    assert any("a longer paste is not taken" in shown(c.value) for c in host.caption)
    assert parsed == [MAX_LIST_TEXT]
    assert room_state(db_path, code).settings.custom_words is None


def _count_parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of each text the lobby's list check parses."""
    parsed: list[int] = []
    real = custom_words.parse_custom_words

    def counted(text: str) -> CustomWordsCheck:
        parsed.append(len(text))
        return real(text)

    monkeypatch.setattr(custom_words, "parse_custom_words", counted)
    return parsed

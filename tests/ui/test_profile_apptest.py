"""Profiles on the pages (PR-1 to PR-4, P-5), with AppTest and a real file:
one tap on Home makes a profile, rooms created or joined from then on count
for it, its page shows level, stats and titles, and its key is never in a
URL or in any element a page draws."""

from __future__ import annotations

from pathlib import Path

from apptest_helpers import (
    button,
    create_room,
    join_room,
    lobby_lines,
    open_app,
    open_page,
    query,
    texts,
    token_of,
)
from streamlit.testing.v1 import AppTest

from oneword.engine import Colour, GiveClue, Open, PickTeam, RoomState, StartGuessing, Team
from oneword.engine.versus.state import VersusGame
from oneword.profiles.service import ProfileService
from oneword.profiles.titles import BY_ID
from oneword.service import RoomService
from oneword.service.codec import parse_state
from oneword.storage.sqlite_store import Store
from oneword.ui.app.browser import _WANTED
from oneword.ui.profile_identity import COOKIE


def profile_key_of(app: AppTest) -> str:
    """The key the page asked the browser to keep (AppTest has no cookies)."""
    wanted = app.session_state[_WANTED]
    entry = wanted[COOKIE]
    assert entry is not None
    return str(entry[0])


def everything_drawn(app: AppTest) -> str:
    """Every element's protobuf, as text: what the browser is sent, but for
    the script that writes cookies (the one way a key reaches the browser's
    cookie jar; it removes itself once run, see `ui/browser.py`)."""
    drawn = [str(node.proto) for node in app.main if hasattr(node, "proto")]
    drawn += [str(node.proto) for node in app.get("html")]
    return "\n".join(d for d in drawn if "document.cookie" not in d)


def create_profile(name: str) -> AppTest:
    app = open_app()
    app.text_input(key="profile_name").input(name)
    next(b for b in app.get("form_submit_button") if b.label == "Create my profile").click().run()
    return app


def markdown_texts(app: AppTest) -> list[str]:
    return [m.value for m in app.markdown]


def test_PR_1_one_tap_on_home_makes_a_profile_and_keeps_its_key_out_of_the_page(
    db_path: Path,
) -> None:
    app = create_profile("Mina")
    key = profile_key_of(app)
    me = ProfileService(Store(db_path)).get(key)
    assert me is not None and me.name == "Mina"
    assert any("Mina" in text and "LVL 1" in text for text in markdown_texts(app))
    assert key not in str(dict(app.query_params))
    assert key not in everything_drawn(app)
    # A room created now is hosted by the signed-in profile (G-7, PR-1).
    assert app.text_input(key="create_name").value == "Mina"
    next(b for b in app.get("form_submit_button") if b.label == "Create room").click().run()
    code = query(app, "room")
    assert key not in str(dict(app.query_params)) and key not in everything_drawn(app)
    with Store(db_path).read() as tx:
        linked = tx.seat_profiles(code)
    assert list(linked.values()) == [me.profile_id]


def test_PR_1_signing_out_leaves_a_guest_and_the_profile_kept(db_path: Path) -> None:
    app = create_profile("Mina")
    key = profile_key_of(app)
    button(app, "Sign out").click().run()
    assert app.session_state[_WANTED][COOKIE] is None
    assert [b.label for b in app.get("form_submit_button") if b.label == "Create my profile"]
    assert ProfileService(Store(db_path)).get(key) is not None


def test_PR_1_a_profile_code_signs_in_a_second_device(db_path: Path) -> None:
    first = create_profile("Mina")
    code = ProfileService(Store(db_path)).transfer_code(profile_key_of(first))
    second = open_app()
    second.text_input(key="profile_code").input(code.code)
    next(b for b in second.get("form_submit_button") if b.label == "Use this code").click().run()
    assert any("Mina" in text for text in markdown_texts(second))
    assert profile_key_of(second) != profile_key_of(first)


def test_PR_2_PR_3_the_profile_page_shows_level_stats_and_every_title(db_path: Path) -> None:
    app = create_profile("Mina")
    key = profile_key_of(app)
    store = Store(db_path)
    _play_a_won_game(store, key)
    button(app, "My profile").click().run()
    page = app
    assert any("LVL" in p.proto.text for p in page.get("progress"))
    frames = page.dataframe
    assert frames, "the stats table"
    drawn = "\n".join(markdown_texts(page)) + "\n".join(c.value for c in page.caption)
    for title in BY_ID.values():
        assert title.name.replace("'", "") in drawn.replace("\\", "").replace("'", "")
    assert "✦ **Newcomer**" in "\n".join(markdown_texts(page))
    picker = page.selectbox(key="profile_title")
    picker.select("first_win").run()
    me = ProfileService(store).get(key)
    assert me is not None and me.title == "first_win"
    assert key not in everything_drawn(page)
    # PR-1: a code for another device, as text and as a QR code.
    page.button(key="profile-make-code").click().run()
    [shown] = [c.value for c in page.code]
    assert len(shown) == 10 and any(shown in str(h.proto) for h in page.get("html"))
    assert ProfileService(store).redeem(shown, "a-second-device") != key


def test_PR_4_the_one_device_setup_offers_the_profiles_kept_on_this_device(
    db_path: Path,
) -> None:
    app = create_profile("Mina")  # this device keeps Mina's profile
    app.switch_page("app_pages/one_device.py").run()
    for name in ("Ana", "Bo", "Cy", "Di"):
        app.text_input(key="od_name").input(name)
        next(b for b in app.get("form_submit_button") if b.label == "Add player").click().run()
    choices = app.selectbox(key="od-profile-0")
    assert choices.options[0] == "Guest" and any("Mina" in o for o in choices.options)
    [kept] = ProfileService(Store(db_path)).on_device(_device_of(app))
    choices.select(kept.profile_id).run()
    app.button(key="od-start").click().run()
    code = query(app, "room")
    with Store(db_path).read() as tx:
        linked = tx.seat_profiles(code)
    state_names = {m.id: m.name for m in _state(db_path, code).members}
    assert {state_names[m]: p for m, p in linked.items()} == {"Ana": kept.profile_id}
    # The table plays to the end: the results show Mina's XP (P-5, PR-4).
    service, token = RoomService(Store(db_path)), token_of(app)
    service.table_act(code, token, GiveClue(word="qwrtz", number=1))
    service.act(code, token, StartGuessing())
    game = _state(db_path, code).game
    assert isinstance(game, VersusGame)
    service.table_act(code, token, Open(card=game.key.index(Colour.BLACK)))
    app.run()
    assert any("Ana" in text and "XP" in text for text in markdown_texts(app))
    me = ProfileService(Store(db_path)).get(profile_key_of(app))
    assert me is not None and me.stats.one_device_games == 1


def _device_of(app: AppTest) -> str:
    entry = app.session_state[_WANTED]["oneword_device"]
    return str(entry[0])


def _state(db_path: Path, code: str) -> RoomState:
    with Store(db_path).read() as tx:
        stored = tx.load(code)
    assert stored is not None
    return parse_state(stored.state_json)


def _play_a_won_game(store: Store, key: str) -> None:
    """A Versus game the profile's team (Red) wins: whichever team plays
    first, Blue ends up opening the black card."""
    service = RoomService(store)
    seats = [service.create_room("Mina", profile=key)]
    seats += [service.join(seats[0].code, name) for name in ("Bo", "Cy", "Di")]
    for seat, team in zip(seats, [Team.RED, Team.BLUE] * 2, strict=True):
        service.act(seat.code, seat.token, PickTeam(team=team))
    code = seats[0].code
    service.start_game(code, seats[0].token)
    by_id = {s.member_id: s for s in seats}
    while True:
        with store.read() as tx:
            stored = tx.load(code)
        assert stored is not None
        game = parse_state(stored.state_json).game
        assert isinstance(game, VersusGame) and game.turn is not None
        if game.outcome is not None:
            return
        team = game.turn.team
        captain = by_id[game.captains[team]]
        guesser = next(by_id[p.id] for p in game.team_players(team) if p.id != captain.member_id)
        service.act(code, captain.token, GiveClue(word="qwrtz", number=1))
        colour = Colour.BLACK if team is Team.BLUE else Colour.BLUE
        service.act(code, guesser.token, Open(card=game.key.index(colour)))
        if team is Team.BLUE:
            return


def test_PR_3_a_shown_title_stands_under_the_name_in_the_lobby_and_on_the_watch_page(
    db_path: Path,
) -> None:
    store = Store(db_path)
    profiles = ProfileService(store)
    key = profiles.create("Mina", "a-device")
    me = profiles.get(key)
    assert me is not None
    earned = me.stats.model_copy(update={"titles": ["hat_trick"], "shown_title": "hat_trick"})
    with store.write() as tx:
        tx.save_profile(me.profile_id, me.name, earned.model_dump_json(), 0.0)
    host, code = create_room("Ana")
    RoomService(store).join(code, "Mina", profile=key)
    host.run()
    assert any("Mina" in line and "— Hat Trick" in line for line in lobby_lines(host))
    watch = open_page("watch.py", watch=code)
    assert "Hat Trick" in "\n".join(texts(watch) + [str(h.proto) for h in watch.get("html")])


def test_PR_3_a_title_picked_after_joining_reaches_the_room_with_the_next_run(
    db_path: Path,
) -> None:
    """The title was earned and picked on the Profile page while the player
    sat in a room: the room's next run of their page shows it, to everyone."""
    app = create_profile("Mina")
    key = profile_key_of(app)
    store = Store(db_path)
    profiles = ProfileService(store)
    me = profiles.get(key)
    assert me is not None
    earned = me.stats.model_copy(update={"titles": ["hat_trick"]})
    with store.write() as tx:
        tx.save_profile(me.profile_id, me.name, earned.model_dump_json(), 0.0)
    app.text_input(key="create_name").input("Mina")
    next(b for b in app.get("form_submit_button") if b.label == "Create room").click().run()
    code = query(app, "room")
    guest = join_room(code, "Bo")
    assert not any("Hat Trick" in line for line in lobby_lines(app) + lobby_lines(guest))
    app.switch_page("app_pages/profile.py").run()
    app.selectbox(key="profile_title").select("hat_trick").run()
    app.query_params["room"] = code
    app.switch_page("app_pages/lobby.py").run()
    guest.run()
    for page in (app, guest):
        assert any("Mina" in line and "— Hat Trick" in line for line in lobby_lines(page))
    history = RoomService(store).history(code)
    assert [type(e.action).__name__ for e in history].count("ShowTitle") == 1
    app.run()  # nothing new to show: the room is not asked again
    assert [type(e.action).__name__ for e in RoomService(store).history(code)].count(
        "ShowTitle"
    ) == 1


def test_PR_1_a_hostile_profile_name_stays_text_on_home_and_the_profile_page(
    db_path: Path,
) -> None:
    hostile = "[x](http://e.vil) **b**"
    app = create_profile(hostile)
    signed = [t for t in markdown_texts(app) if "Signed in as" in t]
    assert signed and "[x](http" not in signed[0] and "\\[x\\]" in signed[0]
    button(app, "My profile").click().run()
    [heading] = [t.value for t in app.title]
    assert "[x](http" not in heading and "\\*\\*b\\*\\*" in heading


def test_PR_1_deleting_the_profile_from_its_page_forgets_it_everywhere(db_path: Path) -> None:
    app = create_profile("Mina")
    key = profile_key_of(app)
    button(app, "My profile").click().run()
    assert app.button(key="profile-delete").disabled  # asks first
    app.checkbox(key="profile-sure").check().run()
    app.button(key="profile-delete").click().run()
    assert ProfileService(Store(db_path)).get(key) is None
    assert app.session_state[_WANTED][COOKIE] is None
    assert [b for b in app.get("form_submit_button") if b.label == "Create my profile"]

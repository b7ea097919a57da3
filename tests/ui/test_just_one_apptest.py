"""Just One's pages without a browser (J-1 to J-6): the lobby's game
choice, the pick, the clue form, the compare with a vote, the guess, the
card's end, the results, and the watch page; four players, each with
their own AppTest."""

from __future__ import annotations

from pathlib import Path

from apptest_helpers import (
    button,
    control,
    create_room,
    join_room,
    member_id,
    open_page,
    room_state,
    texts,
    titles,
    token_of,
)
from streamlit.testing.v1 import AppTest

from oneword.engine.justone.state import CardPhase, CardResult, JustOneGame
from oneword.service import RoomService
from oneword.storage.sqlite_store import Store

SYLLABLES = ["zor", "vak", "quel", "mib", "drof", "tysh", "plen", "kru"]
DECK = [f"{a}{b}{c}" for a in SYLLABLES[:5] for b in SYLLABLES[3:] for c in ("ix", "um", "ot")]


def _game(db_path: Path, code: str) -> JustOneGame:
    game = room_state(db_path, code).game
    assert isinstance(game, JustOneGame)
    return game


def _everything(app: AppTest) -> str:
    """Every text, markdown, caption and html body on the page."""
    parts = [e.value for e in app.text] + [e.value for e in app.markdown]
    parts += [e.value for e in app.caption]
    parts += [str(e.proto) for e in app.get("html")]
    return "\n".join(str(p) for p in parts)


def _submit(app: AppTest, label: str) -> None:
    """Press a form's submit button."""
    found = next(b for b in app.get("form_submit_button") if getattr(b, "label", "") == label)
    found.click().run()  # type: ignore[union-attr]


def _start(db_path: Path) -> tuple[str, dict[str, AppTest], AppTest]:
    """Four players in a room of made-up words (W-5): a mystery word found
    on a page is never there by chance."""
    host, code = create_room("Ana")
    players = [host] + [join_room(code, name) for name in ("Ben", "Cy", "Dee")]
    RoomService(Store(db_path)).set_custom_words(code, token_of(host), "\n".join(DECK))
    host.run()
    control(host.segmented_control, "set_game").set_value("just_one").run()
    assert any("Just One" in t for t in texts(host))
    assert any("Bots do not play Just One" in i.value for i in host.info)
    button(host, "Start game").click().run()
    for player in players:
        player.run()
    seats = {member_id(app, db_path): app for app in players}
    watch = open_page("watch.py", watch=code)
    return code, seats, watch


def test_J_pages_play_a_card_from_the_lobby_to_the_next_card(db_path: Path) -> None:
    code, seats, watch = _start(db_path)
    game = _game(db_path, code)
    card = game.cards[0]
    guesser = seats[card.guesser_id or ""]
    givers = [seats[g] for g in card.givers]
    assert titles(guesser) == ["Just One: you guess"]
    assert all(titles(g) == ["Just One"] for g in givers)

    # J-2: the guesser picks; the givers see the word, the guesser never does.
    button(guesser, "3").click().run()
    mystery = _game(db_path, code).cards[0].words[2]
    for giver in givers:
        giver.run()
        assert mystery.upper() in _everything(giver)
    late = join_room(code, "Eve")  # L-5: watches this game, plays the next
    assert any("You joined during this game" in t for t in texts(late))
    for app in (guesser, watch, late):
        app.run()
        assert mystery.upper() not in _everything(app).upper()

    # J-3: two clues each with four players; the first two givers write the same.
    written = [["Twin", "Alpha"], ["twin", "Beta"], ["**Gamma**", "[x](https://e.vil)"]]
    for giver, words in zip(givers, written, strict=True):
        giver.run()
        form = [t for t in giver.text_input if t.key and t.key.startswith("jo-write-1-")]
        for field, word in zip(form, words, strict=True):
            field.input(word)
        _submit(giver, "Send my clues")
    assert _game(db_path, code).cards[0].phase is CardPhase.COMPARE

    # J-4: the givers see the removed pair marked; two of three restore one.
    for giver in givers:
        giver.run()
        assert "Compare the clues" in [s.value for s in giver.subheader]
    # Player text stays text: shown with its signs, never as bold or a link.
    lines = texts(givers[0])
    # The third clue giver wrote them (the first guesser is drawn at random).
    third = next(m.name for m in room_state(db_path, code).members if m.id == card.givers[2])
    assert any(
        line.startswith((f"✓ **Gamma** ({third})", f"✗ **Gamma** ({third})")) for line in lines
    )
    assert any(f"[x](https://e.vil) ({third})" in line for line in lines)
    for giver in givers[:2]:
        button(giver, "Vote restore").click().run()
    for giver in givers:
        giver.run()
        button(giver, "Done: show the guesser").click().run()
    assert _game(db_path, code).cards[0].phase is CardPhase.GUESS

    # J-5: the guesser reads the survivors and answers.
    guesser.run()
    shown = _everything(guesser)
    assert "TWIN" in shown and mystery.upper() not in shown.upper()
    assert "<strong>" not in shown and "href" not in shown
    guesser.text_input(key="jo-answer-1-word").input(mystery)
    _submit(guesser, "Answer")
    assert _game(db_path, code).cards[0].result is CardResult.RIGHT
    watch.run()
    assert mystery.upper() in _everything(watch)

    button(guesser, "Next card").click().run()
    assert _game(db_path, code).current == 1
    assert not any(app.exception for app in (*seats.values(), watch, late))


def test_J_6_the_results_page_shows_the_score_and_every_card(db_path: Path) -> None:
    code, seats, _ = _start(db_path)
    host = next(iter(seats.values()))
    # Everyone but the host leaves: fewer than 2 players end the game.
    service = RoomService(Store(db_path))
    for app in list(seats.values())[1:]:
        service.leave(code, token_of(app))
    host.run()
    assert titles(host) == ["Just One: 0 of 13"]
    assert any("warm-up" in s.value for s in host.subheader)
    assert "Fewer than 2 players are left: the game ends here." in texts(host)
    assert not host.exception

"""F-2 on the board page: every Final Round open is confirmed first, and a
card already known to be neutral on the other side's map is called out."""

from __future__ import annotations

import time
from pathlib import Path

from apptest_helpers import (
    button,
    create_room,
    join_room,
    member_id,
    room_state,
    shown,
    token_of,
)

from oneword.engine import Mode, SetMode
from oneword.engine.together.state import TogetherGame
from oneword.service import RoomService
from oneword.service.codec import parse_state, room_record
from oneword.storage.sqlite_store import Store


def _into_final_round(db_path: Path, code: str, neutral_card: int) -> TogetherGame:
    """Skip to the Final Round, as if all nine turns had been played."""
    store = Store(db_path)
    with store.write() as tx:
        stored = tx.load(code)
        assert stored is not None
        state = parse_state(stored.state_json)
        game = state.game
        assert isinstance(game, TogetherGame)
        game.turns_used, game.final_round, game.turn = game.turn_limit, True, None
        for side in game.keys:
            if game.keys[side][neutral_card].value == "neutral":
                game.neutral_for[neutral_card].append(side)
        tx.save_room(stored.row, room_record(state), time.time())
    return game


def test_F2_the_final_round_asks_first_and_warns_of_a_known_neutral(db_path: Path) -> None:
    host, code = create_room("Ana")
    guest = join_room(code, "Ben")
    RoomService(Store(db_path)).act(code, token_of(host), SetMode(mode=Mode.TOGETHER))
    host.run()
    button(host, "Start game").click().run()
    state = room_state(db_path, code)
    game = state.game
    assert isinstance(game, TogetherGame)
    me = game.player(member_id(guest, db_path))
    assert me is not None
    other = me.team.other
    card = next(
        i for i, c in enumerate(game.keys[other]) if c.value == "neutral" and not game.found[i]
    )
    _into_final_round(db_path, code, card)

    guest.run()
    assert "Final Round" in guest.title[0].value
    guest.button(key=f"card-{card}").click().run()
    word = game.words[card].upper()
    assert any(
        f"{word} already showed neutral on {other.label}'s map" in shown(e.value)
        for e in guest.error
    )
    assert button(guest, f"Yes, open {word}")
    assert not room_state(db_path, code).game.found[card], "nothing opens before the confirm"

"""K-2: a whole Codewords game through the service, as pages play it: the
host picks the preset, players volunteer and pick colours, the board is
dealt, clues and one-tap opens run until one team wins, and the room is
saved and loaded with its preset at every step."""

from __future__ import annotations

import pytest
from service_helpers import alternating, make_room, pick_teams

from oneword.engine import (
    EndTurn,
    GiveClue,
    Kick,
    Open,
    PickColour,
    Preset,
    SetPreset,
    Team,
    Volunteer,
)
from oneword.engine.codewords.views import CodewordsCaptainView, CodewordsFinishedView
from oneword.engine.errors import Refusal
from oneword.engine.versus.views import VersusView
from oneword.service import RoomService

pytestmark = pytest.mark.both_backends


def test_K_2_a_whole_codewords_game_by_the_service(service: RoomService) -> None:
    seats = make_room(service, 6)
    host = seats[0]
    pick_teams(service, seats, alternating(6))
    service.act(host.code, host.token, SetPreset(preset=Preset.CODEWORDS))
    service.act(host.code, seats[2].token, Volunteer())
    for seat in seats:
        service.act(host.code, seat.token, PickColour(colour="navy"))
    service.start_game(host.code, host.token)
    views = {s.token: service.view(host.code, s.token) for s in seats}
    assert all(v.settings.preset is Preset.CODEWORDS for v in views.values())
    handlers = {
        v.you.team: s
        for s in seats
        if isinstance((v := views[s.token]).game, CodewordsCaptainView) and v.you
    }
    assert handlers[Team.RED] is seats[2], "the volunteer is drawn"
    first = service.view(host.code, None).game
    assert isinstance(first, VersusView) and first.sides
    assert {s.name for s in first.sides.values()} >= {"Navy"}
    assert len({s.colour for s in first.sides.values()}) == 2, "the colour clash is resolved"
    for _ in range(60):
        game = service.view(host.code, None).game
        assert isinstance(game, VersusView)
        if game.outcome is not None:
            break
        turn = game.turn
        assert turn is not None
        handler = handlers[turn.team]
        key = service.view(host.code, handler.token).game
        assert isinstance(key, CodewordsCaptainView)
        if turn.clue is None:
            # The board is dealt from the room's secret: a clue not on it (C-1).
            on_board = {card.word.lower() for card in key.board}
            word = next(w for w in ("zebra", "quasar", "fjord") if w not in on_board)
            service.act(host.code, handler.token, GiveClue(word=word, number=1))
            continue
        guesser = next(
            s
            for s in seats
            if s is not handler and (v := views[s.token]).you and v.you.team is turn.team
        )
        seen = service.view(host.code, guesser.token).game
        assert seen is not None
        if seen.you_may.end_turn:
            service.act(host.code, guesser.token, EndTurn())
            continue
        own = turn.team.value
        card = next(
            c.index for c in key.board if c.colour is None and key.key[c.index].value == own
        )
        service.act(host.code, guesser.token, Open(card=card, seen_openings=seen.openings_so_far))
    final = service.view(host.code, None).game
    assert isinstance(final, CodewordsFinishedView) and final.outcome is not None
    assert final.outcome.winner is not None and final.preset == "codewords"


def test_K_2_a_host_alone_starts_codewords_and_bots_fill_the_table(service: RoomService) -> None:
    """Solo: the host picks Codewords (bots come into the empty seats), may
    remove one, and Start brings the table back up to four."""
    host = service.create_room("Solo")
    lobby = service.set_preset(host.code, host.token, Preset.CODEWORDS)
    bots = [m for m in lobby.members if m.bot]
    assert len(lobby.members) == 4 and len(bots) == 3
    assert lobby.you is not None and lobby.you.team is None, "the host still picks a side"
    service.act(host.code, host.token, Kick(player=bots[0].id))
    assert len(service.view(host.code, host.token).members) == 3
    started = service.start_game(host.code, host.token)
    game = started.game
    assert isinstance(game, VersusView) and game.preset == "codewords"
    assert len(game.players) == 4
    sides = {team: [p for p in game.players if p.team is team] for team in Team}
    assert all(len(side) == 2 for side in sides.values())


@pytest.mark.parametrize("language", ["de", "nl"])
def test_K_2_a_host_alone_gets_bots_in_every_word_language(
    service: RoomService, language: str
) -> None:
    host = service.create_room("Solo", language=language)
    lobby = service.set_preset(host.code, host.token, Preset.CODEWORDS)
    assert len(lobby.members) == 4 and sum(m.bot for m in lobby.members) == 3
    view = service.start_game(host.code, host.token)
    assert view.game is not None


def test_K_2_without_bots_in_the_words_language_a_solo_start_says_why(
    service: RoomService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("oneword.bots.LANGUAGES", ("en",))
    host = service.create_room("Solo", language="de")
    lobby = service.set_preset(host.code, host.token, Preset.CODEWORDS)
    assert [m.name for m in lobby.members] == ["Solo"]
    with pytest.raises(Refusal) as caught:
        service.start_game(host.code, host.token)
    assert caught.value.code == "player_count"


def test_K_2_a_full_table_gets_no_bots(service: RoomService) -> None:
    seats = make_room(service, 4)
    lobby = service.set_preset(seats[0].code, seats[0].token, Preset.CODEWORDS)
    assert not any(m.bot for m in lobby.members)

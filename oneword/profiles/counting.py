"""PR-2, PR-3, R-3: a finished game counted into its players' profiles,
inside the transaction that saves the game's end, and only once.

The service calls `count_if_finished` with the room as it was read and as
it is about to be saved, in the same write. A game is counted when it is
over in the new state and was not in the old one; the room's row lock
already lets only one writer make that change, and a row in
`counted_games` for the game's key guards it as well, so a game is never
counted twice, whichever pages, processes or servers see its end. A
game with no result (G-8) has no records and counts nothing, nor does one
that never ends. Only seats linked to a profile count: guests and bots
earn nothing.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from oneword.engine.justone.state import JustOneGame
from oneword.engine.models import GameBase, RoomState
from oneword.profiles import PlayerGame, Stats, add_game, game_records, level_of, new_titles, xp_for
from oneword.storage.protocol import RoomTx
from oneword.storage.records import ProfileGameRow

GAMES_KEPT = 50
"""Each profile keeps what its latest games gave it (for its page and the
results); older ones live on in the stats only."""


@dataclass(frozen=True)
class Reward:
    """What one game gave one profile, for the results and profile pages."""

    mode: str
    won: bool
    xp: int
    xp_lines: list[tuple[str, int]]
    level_before: int
    level_after: int
    new_titles: list[str] = field(default_factory=list)

    @property
    def levelled_up(self) -> bool:
        return self.level_after > self.level_before

    def to_json(self) -> str:
        return json.dumps(
            {
                "mode": self.mode,
                "won": self.won,
                "xp": self.xp,
                "xp_lines": self.xp_lines,
                "level_before": self.level_before,
                "level_after": self.level_after,
                "new_titles": self.new_titles,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Reward:
        data = json.loads(text)
        return cls(
            mode=str(data["mode"]),
            won=bool(data["won"]),
            xp=int(data["xp"]),
            xp_lines=[(str(r), int(p)) for r, p in data["xp_lines"]],
            level_before=int(data["level_before"]),
            level_after=int(data["level_after"]),
            new_titles=[str(t) for t in data["new_titles"]],
        )


def game_key(game: GameBase) -> str:
    """A name for one game of a room: its words (drawn afresh from the
    room's secret for every deal) and its players."""
    words = (
        [w for card in game.cards for w in card.words]
        if isinstance(game, JustOneGame)
        else game.words
    )
    text = "\n".join([*words, "#", *(p.id for p in game.players)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def ended_now(before: RoomState, after: RoomState) -> GameBase | None:
    """The game that is over in `after` and was not yet in `before`."""
    game = after.game
    if game is None or not game.over:
        return None
    old = before.game
    if old is not None and old.over and game_key(old) == game_key(game):
        return None
    return game


def count_if_finished(
    tx: RoomTx, code: str, before: RoomState, after: RoomState, now: float
) -> None:
    """Add the game that just ended to each linked profile, once."""
    game = ended_now(before, after)
    if game is None:
        return
    records = game_records(game)
    linked = tx.seat_profiles(code)
    players = sorted((linked[m], m) for m in records if m in linked)  # one lock order
    if not players:
        return
    key = game_key(game)
    if not tx.count_game_once(code, key, now):
        return
    for profile_id, member_id in players:
        _add_to_profile(tx, profile_id, code, key, member_id, records[member_id], now)


def _add_to_profile(
    tx: RoomTx, profile_id: str, code: str, key: str, member_id: str, record: PlayerGame, now: float
) -> None:
    row = tx.profile(profile_id, lock=True)
    if row is None:  # deleted while the game ran
        return
    before = Stats.model_validate_json(row.stats_json)
    after = new_titles(add_game(before, record))
    lines = xp_for(record)
    reward = Reward(
        mode=record.mode,
        won=record.won,
        xp=sum(points for _, points in lines),
        xp_lines=lines,
        level_before=level_of(before.xp).number,
        level_after=level_of(after.xp).number,
        new_titles=[t for t in after.titles if t not in before.titles],
    )
    tx.save_profile(profile_id, row.name, after.model_dump_json(), now)
    tx.add_profile_game(ProfileGameRow(profile_id, code, key, member_id, now, reward.to_json()))
    tx.keep_newest_profile_games(profile_id, GAMES_KEPT)

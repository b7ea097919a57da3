"""A table sharing one device (O-1 to O-5): the room, its seats and the
actions the device takes for the player the rules name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oneword.engine import (
    Action,
    EndTurn,
    GiveClue,
    Mark,
    NewGameSameTeams,
    Open,
    RoomState,
    RoomView,
    SetPackage,
    SetPreset,
    SetUpOneDevice,
    StartGame,
    TableSeat,
    Team,
    map_view,
)
from oneword.engine.errors import Reason
from oneword.engine.lobby import require_host
from oneword.engine.models import BotLevel, ClueTimer, Preset
from oneword.engine.one_device import require_one_device, table_gives_clue, table_guesser
from oneword.engine.versus.views import VersusCaptainView
from oneword.i18n import N_
from oneword.service import bot_runner
from oneword.service.base import (
    Seat,
    Step,
)
from oneword.service.boards import deal_words
from oneword.service.changes import Changes, language_step
from oneword.service.errors import (
    NotAuthorized,
    ProfileError,
)
from oneword.service.errors import log as log
from oneword.service.rate_limits import Client, Knock
from oneword.service.room_io import (
    authenticate,
    hash_token,
    load_room,
    new_member_id,
    normalize,
    shown_title,
)
from oneword.storage.records import (
    ProfileRow,
)


class OneDeviceTable(Changes):
    """O: the device holds the first seat and acts for its table."""

    def create_one_device_room(
        self,
        players: Sequence[tuple[str, Team]],
        captains: Mapping[Team, int],
        clue_timer: ClueTimer = 0,
        language: str = "en",
        package: str | None = None,
        client: Client | None = None,
        bots: Mapping[int, BotLevel] | None = None,
        preset: Preset = Preset.IN_ONE_WORD,
        profiles: Mapping[int, str] | None = None,
        device_key: str | None = None,
    ) -> Seat:
        """O-1: a room for a table sharing one device, its first game dealt.
        `players` are the names typed in with their teams, in order;
        `captains` gives each team's captain as an index into `players`;
        `bots` the players that are bots, with how well each plays (B-1);
        `preset` the rules (K-1: under Codewords each team's starred player
        volunteers, and the handlers are drawn from the table, K-2).
        The returned seat (the first name's) is the device: the other names
        have no token, so no other browser can act for them.
        PR-4: `profiles` maps a name (its index) to a profile id kept on
        this device (`device_key`, the device's secret key); that name's
        games then count for the profile. The others play as guests."""
        if bots:
            bot_runner.require_language(language)
        chosen = self._table_profiles(profiles or {}, device_key, bots or {})
        seats = table_seats(players, captains, bots or {}, chosen)
        device = seats[0].id if seats else new_member_id()
        steps: list[Step] = [
            lambda state: SetUpOneDevice(by=device, seats=seats, clue_timer=clue_timer),
            language_step(device, language),
            lambda state: None if package is None else SetPackage(by=device, package=package),
            lambda state: (
                None if preset is Preset.IN_ONE_WORD else SetPreset(by=device, preset=preset)
            ),
            lambda state: StartGame(by=device, words=deal_words(state, None)),
        ]
        self.limits.knock(client, Knock.CREATE, self.clock())
        links = {seats[i].id: row.profile_id for i, row in chosen.items()}
        return self._create(device, steps, links)

    def _table_profiles(
        self, profiles: Mapping[int, str], device_key: str | None, bots: Mapping[int, BotLevel]
    ) -> dict[int, ProfileRow]:
        """PR-4: the profiles picked at the table, each one kept on this
        device, each for one person (never a bot)."""
        if not profiles:
            return {}
        if device_key is None or len(set(profiles.values())) < len(profiles):
            raise ProfileError(
                Reason.NOT_ON_DEVICE, N_("Each profile can play one name at a time.")
            )
        with self._read() as tx:
            kept = {row.profile_id: row for row in tx.device_profiles(hash_token(device_key))}
        if any(p not in kept for p in profiles.values()) or any(i in bots for i in profiles):
            raise ProfileError(
                Reason.NOT_ON_DEVICE, N_("That profile is not kept on this device: add it first.")
            )
        return {i: kept[p] for i, p in profiles.items()}

    def act_as(self, code: str, token: str | None, member_id: str, action: Action) -> RoomView:
        """O-2, O-3: the device acts for one name at its table (the captain
        gives the clue, a guesser opens a card). Only game actions, only in
        a one-device room, and the engine still checks that this player may
        take the action."""
        if not isinstance(action, GiveClue | Mark | Open | EndTurn):
            raise NotAuthorized(
                Reason.TABLE_ACTION, N_("The table can only play the game for a player.")
            )

        def build(state: RoomState, me: str) -> list[Action]:
            require_one_device(state)
            if state.member(member_id) is None:
                raise NotAuthorized(Reason.NOT_AT_TABLE, N_("That player is not at this table."))
            return [action.model_copy(update={"by": member_id})]

        return self._change(code, token, build)

    def table_act(self, code: str, token: str | None, action: Action) -> RoomView:
        """O-2, O-3: the device plays for whoever the rules name: the playing
        captain gives the clue, the team's first guesser opens the cards
        and ends the turn (`one_device.table_guesser`)."""
        if not isinstance(action, GiveClue | Mark | Open | EndTurn):
            raise NotAuthorized(
                Reason.TABLE_ACTION, N_("The table can only play the game for a player.")
            )

        def build(state: RoomState, me: str) -> list[Action]:
            require_one_device(state)
            game = state.game
            turn = game.turn if game is not None else None
            member = None
            if isinstance(action, GiveClue) and game is not None and turn is not None:
                # A bot captain gives its own clue.
                member = turn.giver_id if table_gives_clue(state, game) else None
            elif game is not None:
                member = table_guesser(state, game)
            if member is None:
                raise NotAuthorized(Reason.NOT_AT_TABLE, N_("Nobody at the table can do that now."))
            return [action.model_copy(update={"by": member})]

        return self._change(code, token, build)

    def map_view(self, code: str, token: str | None) -> VersusCaptainView:
        """O-2: the playing captain's map, for the device of a one-device
        room, and only while that captain picks the clue."""
        now = self._now()
        code = normalize(code)
        with self._read() as tx:
            stored = load_room(tx, code)
            authenticate(tx, code, token)
        return map_view(self._advanced(stored, now))

    def new_game_same_teams(self, code: str, token: str | None) -> RoomView:
        """O-5: the next game at the same table; each team's captaincy moves on."""
        draft = self._draft_board(code, None)

        def build(state: RoomState, me: str) -> list[Action]:
            require_host(state, me)
            return [NewGameSameTeams(by=me, words=draft.words(state))]

        return self._change(code, token, build)


def table_seats(
    players: Sequence[tuple[str, Team]],
    captains: Mapping[Team, int],
    bots: Mapping[int, BotLevel],
    profiles: Mapping[int, ProfileRow],
) -> list[TableSeat]:
    """The names typed in at a one-device table, each with a new member id."""
    ids: list[str] = []
    while len(ids) < len(players):
        member_id = new_member_id()
        if member_id not in ids:
            ids.append(member_id)
    return [
        TableSeat(
            id=member_id,
            name=name,
            team=team,
            captain=captains.get(team) == i,
            bot=i in bots,
            bot_level=bots.get(i, "medium"),
            title=shown_title(profiles.get(i)),
        )
        for i, (member_id, (name, team)) in enumerate(zip(ids, players, strict=True))
    ]

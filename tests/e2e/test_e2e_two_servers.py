"""H-4 for real: two `streamlit run` servers share one PostgreSQL database
behind nginx with sticky sessions (deploy/nginx-sticky.conf, as shipped),
four players in four browsers spread over both servers play a whole Versus
game, and one server is killed in the middle of it. Its players' pages
reconnect through nginx to the other server and the game goes on to its
result with nothing lost.

Needs PostgreSQL's initdb/pg_ctl and nginx (Debian: `apt-get install
postgresql nginx`); skipped without them, except in CI.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pg_cluster
import pytest
from e2e_harness import (
    AppServer,
    PageFactory,
    start_app_server,
    stop_app_server,
    wait_for_app,
)
from nginx_harness import COOKIE, Balancer, running_nginx
from play_helpers import (
    UI_TIMEOUT_MS,
    Player,
    Referee,
    create_room,
    end_turn,
    expect_card_open,
    expect_on,
    give_clue,
    join_room,
    open_card,
    start_game,
    wait_until,
)
from playwright.sync_api import expect

from oneword.engine import Open, Team
from oneword.engine.models import team_colour
from oneword.engine.versus.state import VersusGame
from oneword.service.codec import logged_action
from oneword.storage.pg_store import PgStore
from oneword.storage.protocol import RoomStore
from oneword.storage.sqlite_store import Store
from oneword.ui.symbols import team_badge


@pytest.fixture(params=["postgresql", "sqlite"])
def balancer_setup(
    tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[Balancer, list[AppServer], RoomStore]]:
    """Two app servers behind nginx: over one PostgreSQL database, or two
    processes on one machine over one SQLite file (docs/deploy.md)."""
    settings = {"STREAMLIT_SERVER_COOKIE_SECRET": "shared-by-both"}
    shared = tmp_path / "rooms.sqlite3"
    store: RoomStore
    if request.param == "postgresql":
        cluster: pg_cluster.Cluster = request.getfixturevalue("pg_cluster_session")
        url = cluster.new_schema()
        settings["ONEWORD_DATABASE_URL"] = url
        store = PgStore(url)
    else:
        store = Store(shared)
    servers: list[AppServer] = []
    try:
        for name in ("a", "b"):
            db = shared if request.param == "sqlite" else tmp_path / f"{name}.sqlite3"
            servers.append(start_app_server(db, tmp_path / name, env=settings))
        ports = [int(s.url.rsplit(":", 1)[-1]) for s in servers]
        with running_nginx(tmp_path / "nginx", *ports) as balancer:
            yield balancer, servers, store
    finally:
        for server in servers:
            stop_app_server(server)
        store.close()


def own_cards(game: VersusGame, team: Team) -> list[int]:
    colour = team_colour(team)
    return [i for i, c in enumerate(game.key) if c is colour and not game.opened[i]]


def test_H4_a_versus_game_over_two_servers_survives_one_of_them_dying(
    balancer_setup: tuple[Balancer, list[AppServer], RoomStore], new_page: PageFactory
) -> None:
    balancer, (server_a, server_b), store = balancer_setup
    port_a, port_b = (s.url.rsplit(":", 1)[-1] for s in (server_a, server_b))
    # Two players on each server: the cookie nginx would have given them.
    routes = {"Ana": "a", "Ben": "b", "Cy": "a", "Dee": "b"}
    players = []
    for name, route in routes.items():
        page = new_page()
        page.context.add_cookies([{"name": COOKIE, "value": route, "url": balancer.url}])
        players.append(Player(name, page))
    ana, ben, cy, dee = players
    code = create_room(ana, balancer.url)
    for player in (ben, cy, dee):
        join_room(player, balancer.url, code)
    referee = Referee(Path("unused"), code, store=store)

    for player, team in [(ana, "Red"), (ben, "Red"), (cy, "Blue"), (dee, "Blue")]:
        player.page.get_by_role("button", name=f"Join {team}").click()
        expect(player.page.get_by_role("button", name=f"Join {team}")).to_be_disabled(
            timeout=UI_TIMEOUT_MS
        )
    for captain in (ana, dee):
        captain.page.get_by_role("button", name="Be Captain").click()
    wait_until(lambda: len(referee.room().captains) == 2, "two captains")
    start_game(ana)
    for player, page_name in [(ana, "captain"), (ben, "board"), (cy, "board"), (dee, "captain")]:
        expect_on(player.page, page_name)
    # (A WebSocket is logged when it closes: the pages' other requests show the routes.)
    served = {(c, p) for c, p, _ in balancer.routes() if c in ("a", "b")}
    assert served == {("a", port_a), ("b", port_b)}, served

    game = referee.versus()
    first, second = game.starting_team, game.starting_team.other
    captain = {Team.RED: ana, Team.BLUE: dee}
    guesser = {Team.RED: ben, Team.BLUE: cy}

    # Turn 1: a clue of 1, one card opened, the turn ended.
    expect(captain[first].page.get_by_label("One word")).to_be_visible(timeout=UI_TIMEOUT_MS)
    word1 = referee.clue_word()
    give_clue(captain[first].page, word1, 1)
    opened_first = own_cards(game, first)[0]
    open_card(guesser[first].page, opened_first, game.words[opened_first])
    end_turn(guesser[first].page)
    wait_until(lambda: referee.versus().turn.team is second, "the second team's turn")
    with store.read() as tx:
        log_before = len(tx.actions(code))

    # Server a dies: Ana's and Cy's pages must come back through nginx on b.
    seen = len(balancer.routes())
    os.killpg(server_a.process.pid, signal.SIGKILL)
    server_a.process.wait(timeout=10)

    def back_on_b() -> bool | None:
        """Both pages of server a asked server b for the app's settings,
        as a page does before it opens its WebSocket again."""
        later = balancer.routes()[seen:]
        moved = [p for c, p, path in later if c == "a" and path.startswith("/_stcore/host-config")]
        return moved.count(port_b) >= 2 or None

    wait_until(back_on_b, "both of server a's pages to reconnect to server b", 60)
    for player in players:
        wait_for_app(player.page)

    # Turn 2: an unlimited clue, and the second team opens all its cards.
    page = captain[second].page
    expect(page.get_by_label("One word")).to_be_visible(timeout=UI_TIMEOUT_MS)
    word2 = referee.clue_word(used=[word1])
    give_clue(page, word2, 0)
    g = guesser[second]
    game = referee.versus()
    assert game.opened[opened_first], "the card opened before the failover is still open"
    for index in own_cards(game, second):
        open_card(g.page, index, game.words[index])
        if not referee.versus().outcome:
            expect_card_open(g.page, index)

    wait_until(lambda: referee.versus().outcome, "the game to end")
    game = referee.versus()
    assert game.outcome is not None and game.outcome.winner is second
    for player in players:
        expect_on(player.page, "results")
        expect(
            player.page.get_by_role("heading", name=f"{team_badge(second)} wins!")
        ).to_be_visible(timeout=UI_TIMEOUT_MS)
    # Nothing lost: one logged open per open card, before and after the failover.
    with store.read() as tx:
        logged = [logged_action(row) for row in tx.actions(code)]
    assert len(logged) > log_before
    opened = sorted(e.action.card for e in logged if isinstance(e.action, Open))
    assert opened == [i for i, is_open in enumerate(game.opened) if is_open]
    assert all(m.connected for m in referee.room().members)

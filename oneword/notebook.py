"""Helpers for driving and inspecting games from a Jupyter notebook (H-3).

- `board_table(view)` and `clue_log(view)` show a seat's view as HTML
  tables. They take a view, never a `RoomState`, so a notebook shows what
  that seat may know and nothing more: a card gets a colour only when the
  view holds it (an open card, or the map of a captain's or finished view).
  Words, names and clues are user text and are always escaped.
- `room_service()` opens the rooms file that the app started from Jupyter
  uses, so a room made in a notebook can be joined in the browser.
- `play_with_bots(service, code, token)` plays a whole game through the
  service: the room's bots move on their deadlines, and the notebook's own
  seat is played by the same bot code (B-1, B-5).
- `just_one_table(view)` shows a Just One seat's view: the card in play
  (the mystery word only where the seat may see it), each clue kept or
  removed and why, and the cards played; `clue_check_table(mystery,
  clues, language)` runs Just One's clue check (J-4) on clues of your own
  and shows what it keeps, what it removes and why.
- `gallery_view(name)` and `gallery_table(name)` show any entry of the
  app's gallery (`oneword.gallery`): the sample room's view as its seat
  gets it, as a table.
- `launch()` starts the app from a cell and shows a link to it; inside
  JupyterHub the link goes through jupyter-server-proxy, since the app's
  own port is not reachable from the user's browser there.
"""

from __future__ import annotations

import atexit
import html
import importlib.util
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from oneword.app_path import app_script
from oneword.bots.play import next_action
from oneword.clue_compare.compare import check_clues
from oneword.config import DB_ENV
from oneword.engine import Colour, RoomView
from oneword.engine.justone.views import CardLine, JustOneView
from oneword.engine.models import BotLevel
from oneword.engine.views import GameViewBase
from oneword.gallery import ENTRIES, built_view
from oneword.jupyter import jupyter_db_path, streamlit_args
from oneword.service import RoomService
from oneword.storage.backends import open_store
from oneword.wording import log_note, outcome_text
from oneword.wording.just_one import card_result_text, removal_text

__all__ = [
    "Html",
    "RunningApp",
    "board_table",
    "clue_check_table",
    "clue_log",
    "gallery_table",
    "gallery_view",
    "just_one_table",
    "launch",
    "play_with_bots",
    "room_service",
]

COLUMNS = 5
HUB_PREFIX_ENV = "JUPYTERHUB_SERVICE_PREFIX"

# Card colours; black text on light cards, white on dark ones.
_PAINT = {
    Colour.RED: ("#d94f4f", "#fff"),
    Colour.BLUE: ("#3f74c9", "#fff"),
    Colour.NEUTRAL: ("#e8dcc0", "#222"),
    Colour.BLACK: ("#222", "#fff"),
    Colour.GREEN: ("#3c9a5f", "#fff"),
}
_TABLE_STYLE = "border-collapse:separate;border-spacing:4px;table-layout:fixed"
_CELL_STYLE = "width:7.5em;padding:6px;border-radius:6px;text-align:center;vertical-align:middle"


@dataclass(frozen=True)
class Html:
    """Rich output for a notebook cell: HTML where it renders, text elsewhere."""

    html: str
    text: str

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def board_table(view: RoomView | GameViewBase) -> Html:
    """The 5x5 board as one seat sees it.

    An open card is filled with its colour; a closed card that the view's
    map colours (captain, finished game) gets only a coloured border. Every
    coloured card also names its colour in words, for readers who cannot
    tell the colours apart (P-7).
    """
    game = _game(view)
    key: list[Colour] | None = getattr(game, "key", None)
    rows, lines = [], []
    for start in range(0, len(game.board), COLUMNS):
        cells, words = [], []
        for card in game.board[start : start + COLUMNS]:
            colour = card.colour or (key[card.index] if key else None)
            cells.append(_cell(card.word, colour, card.colour is not None, card.marked_by))
            words.append(_text_card(card.word, colour, card.colour is not None))
        rows.append(f"<tr>{''.join(cells)}</tr>")
        lines.append("  ".join(words))
    caption = _caption(game)
    table = (
        f'<table class="oneword-board" style="{_TABLE_STYLE}">'
        f"<caption>{html.escape(caption)}</caption>{''.join(rows)}</table>"
    )
    legend = "[colour]: open card; (colour): closed card on this seat's map"
    return Html(table, "\n".join([caption, *lines, legend]))


def clue_log(view: RoomView | GameViewBase) -> Html:
    """Every turn's clue and the cards it opened (R-2), oldest first."""
    game = _game(view)
    rows, lines = [], []
    for entry in game.log:
        team = entry.team.label if entry.team else ""
        clue = f"{entry.clue.word} {entry.clue.number_text}" if entry.clue else ""
        opened = ", ".join(f"{o.word} ({o.colour.value})" for o in entry.openings)
        parts = [str(entry.turn), team, entry.giver_name or "", clue, opened, log_note(entry)]
        rows.append("<tr>" + "".join(f"<td>{html.escape(p)}</td>" for p in parts) + "</tr>")
        lines.append(" | ".join(parts))
    head = ["Turn", "Team", "Given by", "Clue", "Opened", "Note"]
    header = "<tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"
    return Html(f'<table class="oneword-log">{header}{"".join(rows)}</table>', "\n".join(lines))


def members_table(view: RoomView) -> Html:
    """Who is in the room: name, team, host, bot, connected (P-2)."""
    head = ["Name", "Team", "Host", "Bot", "Connected"]
    rows, lines = [], []
    for m in view.members:
        bot = (m.bot_level or "bot") if m.bot else ""
        team = m.team.label if m.team else ""
        parts = [m.name, team, "yes" if m.host else "", bot, "yes" if m.connected else "away"]
        rows.append("<tr>" + "".join(f"<td>{html.escape(p)}</td>" for p in parts) + "</tr>")
        lines.append(" | ".join(parts))
    header = "<tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"
    return Html(f'<table class="oneword-members">{header}{"".join(rows)}</table>', "\n".join(lines))


def clue_check_table(mystery: str, clues: list[str], language: str = "en") -> Html:
    """Just One's clue check (J-4) on a card of your own: each clue in
    order, kept or removed, and why, as the clue givers' page says it."""
    rows, lines = [], []
    for check in check_clues(mystery, clues, language):
        verdict = (
            "kept"
            if check.kept
            else removal_text(check.reason, False, False, check.kind, check.like)
        )
        rows.append(_row([check.clue, verdict]))
        lines.append(f"{check.clue} | {verdict}")
    caption = f"Mystery word: {mystery} ({language})"
    return Html(
        f'<table class="oneword-clue-check"><caption>{html.escape(caption)}</caption>'
        f"{_row(['Clue', 'Check'], 'th')}{''.join(rows)}</table>",
        "\n".join([caption, *lines]),
    )


def just_one_table(view: RoomView | JustOneView) -> Html:
    """A Just One seat's view: the card in play and every card played.

    Like the other tables it shows only what the view holds: the guesser's
    view has no mystery word and no clues before they are shown (J-2)."""
    game = _game(view)
    if not isinstance(game, JustOneView):
        raise ValueError("This room plays In One Word: use board_table and clue_log.")
    head = f"{game.seat} view · score {game.score} · {game.cards_left} cards left"
    if game.phase is not None:
        head += f" · phase: {game.phase.value}"
    parts = [f"<h4>{html.escape(head)}</h4>"]
    lines = [head]
    for title, card in [("Card in play", game.card), *(("Played", c) for c in game.played)]:
        if card is not None:
            table, text = _card_table(title, card)
            parts.append(table)
            lines.append(text)
    return Html("".join(parts), "\n".join(lines))


def _card_table(title: str, card: CardLine) -> tuple[str, str]:
    """One card: its guesser, number and word, its clues, the answer."""
    word = card.mystery if card.mystery is not None else "(hidden)"
    caption = f"{title} {card.position}: {word} · guesser {card.guesser_name or '-'}"
    if card.number is not None:
        caption += f" · number {card.number}"
    rows, lines = [], [caption]
    for line in card.clues:
        verdict = removal_text(line.removal, line.by_vote, line.kept, line.kind, line.like)
        verdict = verdict or "kept"
        if not line.kept and not line.by_vote and line.removal is None:
            verdict = "removed"
        rows.append(_row([line.by_name, line.word, verdict]))
        lines.append(f"  {line.by_name}: {line.word} ({verdict})")
    if card.answer is not None or card.result is not None:
        result = card_result_text(card.result, card.overruled)
        answer = f"answer: {card.answer or '-'}" + (f" · {result}" if result else "")
        rows.append(f'<tr><td colspan="3">{html.escape(answer)}</td></tr>')
        lines.append(f"  {answer}")
    table = (
        f'<table class="oneword-just-one"><caption>{html.escape(caption)}</caption>'
        f"{_row(['By', 'Clue', 'Check'], 'th')}{''.join(rows)}</table>"
    )
    return table, "\n".join(lines)


def _row(cells: list[str], tag: str = "td") -> str:
    return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>"


def gallery_view(name: str) -> RoomView:
    """The view of gallery entry `name`, built as the gallery page builds it
    (from engine actions, in memory; nothing is stored)."""
    entry = ENTRIES.get(name)
    if entry is None:
        raise KeyError(f"No gallery entry {name!r}; the entries are: {', '.join(ENTRIES)}")
    view = built_view(entry.build(time.time()))
    if view is None:
        raise ValueError(f"{name} is the one-device setup: there is no room, so no view yet.")
    return view


def gallery_table(name: str) -> Html:
    """A gallery entry's view as a table: the board as its seat sees it,
    Just One's card, or who is in the room while there is no game."""
    entry = ENTRIES[name]
    view = gallery_view(name)
    if isinstance(view.game, JustOneView):
        part = just_one_table(view)
    elif view.game is not None and view.game.board:
        part = board_table(view)
    else:
        part = members_table(view)
    heading = f"{entry.title} ({', '.join(entry.rules)})"
    return Html(f"<h4>{html.escape(heading)}</h4>{part.html}", f"{heading}\n{part.text}")


def _game(view: RoomView | GameViewBase) -> GameViewBase:
    game = view.game if isinstance(view, RoomView) else view
    if game is None:
        raise ValueError("This room has no game yet: start one first.")
    return game


def _caption(game: GameViewBase) -> str:
    parts = [f"{game.seat} view"]
    if game.your_team is not None:
        parts.append(f"{game.your_team.label} team")
    turn = game.turn
    if game.outcome is not None:
        parts.append(outcome_text(game.outcome, game.mode))
    elif turn is not None:
        parts.append(f"{turn.team.label} to play")
        if turn.clue is not None:
            parts.append(f"clue: {turn.clue.word} {turn.clue.number_text}")
    return " · ".join(parts)


def _text_card(word: str, colour: Colour | None, opened: bool) -> str:
    if colour is None:
        return word
    return f"{word}[{colour.value}]" if opened else f"{word}({colour.value})"


def _cell(word: str, colour: Colour | None, opened: bool, marked_by: list[str]) -> str:
    style = _CELL_STYLE
    notes = []
    if colour is not None:
        fill, ink = _PAINT[colour]
        if opened:
            style += f";background:{fill};color:{ink}"
            notes.append(f"{colour.value}, open")
        else:
            style += f";border:3px solid {fill}"
            notes.append(colour.value)
    else:
        style += ";border:1px solid #bbb"
    if marked_by:
        notes.append("marked by " + ", ".join(marked_by))
    data = f' data-colour="{colour.value}"' if colour is not None else ""
    note = f"<br><small>{html.escape('; '.join(notes))}</small>" if notes else ""
    return f'<td style="{style}"{data}><b>{html.escape(word)}</b>{note}</td>'


def room_service(bot_pace: tuple[float, float] | None = None) -> RoomService:
    """The room service over the rooms file the Jupyter-started app uses
    (`ONEWORD_DB`, else a private file on local disk). `bot_pace` is how
    long its bots wait before they move, e.g. `(0, 0)` for a game played
    out in one cell (the default: the app's pace, B-5)."""
    return RoomService(open_store(sqlite_path=jupyter_db_path()), bot_pace=bot_pace)


BOT_WAIT = 0.2
"""Seconds between looks at the room while a bot takes its time (B-5)."""


def play_with_bots(
    service: RoomService,
    code: str,
    token: str,
    level: BotLevel = "hard",
    max_moves: int = 1000,
) -> RoomView:
    """Play the game of room `code` to its end and return the last view of
    the seat `token`. The room's bots move on their deadlines, through the
    same service calls as people (each `view` brings a due bot move in);
    the seat itself is played by the bots' own `next_action`, from its own
    view only (a guesser's holds no map). Raises if the game does not end
    within `max_moves` looks at the room."""
    view = service.view(code, token)
    for _ in range(max_moves):
        game = view.game
        if game is None:
            raise ValueError("This room has no game yet: start one first.")
        if game.outcome is not None:
            return view
        move = next_action(view, level)
        if move is not None:
            service.act(code, token, move)
        elif view.bot_thinking and service.bots.pace[1] > 0:
            time.sleep(BOT_WAIT)
        view = service.view(code, token)
    raise RuntimeError(f"The game did not end within {max_moves} moves.")


# Launching the app from a cell


HEALTH_PATH = "/_stcore/health"


@dataclass
class RunningApp:
    """A Streamlit server started (or found) by `launch`. Shows as a link."""

    port: int
    link: str
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        """The server's own address, reachable from this machine only."""
        return f"http://127.0.0.1:{self.port}/"

    def alive(self) -> bool:
        """Still answering its health check (and, if ours, still running)."""
        if self.process is not None and self.process.poll() is not None:
            return False
        return _healthy(self.url)

    def stop(self) -> None:
        """End the server if this kernel started it (a found one is left alone)."""
        if _running.get(self.port) is self:
            del _running[self.port]
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)

    def _repr_html_(self) -> str:
        link = html.escape(self.link, quote=True)
        return (
            f'<a href="{link}" target="_blank" rel="noopener">Open In One Word</a> '
            f"<small>(port {self.port})</small>"
        )

    def __repr__(self) -> str:
        return f"In One Word at {self.link} (port {self.port})"


_running: dict[int, RunningApp] = {}
"""Apps this kernel started, by port, so a second `launch()` reuses one."""


def launch(
    port: int | None = None, *, proxy_prefix: str | None = None, timeout: float = 60.0
) -> RunningApp:
    """Start the app on a loopback port (or reuse one already running) and
    return a link to it.

    `port=None` reuses an app this kernel started, else picks a free port;
    a given port that already answers Streamlit's health check is reused
    as it is. The link is the proxied path `{prefix}proxy/{port}/` when a
    prefix is known (`proxy_prefix`, or JupyterHub's
    `JUPYTERHUB_SERVICE_PREFIX` with jupyter-server-proxy installed), else
    the local address. The server uses the same rooms file as
    `room_service()`, so rooms made in the notebook show up in the app.
    """
    if port is None:
        for app in list(_running.values()):
            if app.alive():
                return app
    elif port in _running and _running[port].alive():
        return _running[port]
    chosen = port or _free_port()
    link = _link(chosen, proxy_prefix)
    if port is not None and _healthy(f"http://127.0.0.1:{port}/"):
        return RunningApp(port, link)
    app = _start(chosen, link, timeout)
    _running[chosen] = app
    atexit.register(app.stop)
    return app


def _start(port: int, link: str, timeout: float) -> RunningApp:
    script = app_script()
    command = [*streamlit_args(script), f"--server.port={port}"]
    database = jupyter_db_path()
    env = {**os.environ, DB_ENV: str(database)}
    database.parent.mkdir(parents=True, exist_ok=True)
    log_path = database.with_name(f"oneword-app-{port}.log")
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=script.parent,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    app = RunningApp(port, link, process, log_path)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        if _healthy(app.url):
            return app
        time.sleep(0.2)
    app.stop()
    tail = log_path.read_text(errors="replace")[-2000:]
    raise RuntimeError(f"The app did not start on port {port} (log: {log_path}):\n{tail}")


def _link(port: int, proxy_prefix: str | None) -> str:
    prefix = proxy_prefix
    if prefix is None and importlib.util.find_spec("jupyter_server_proxy") is not None:
        prefix = os.environ.get(HUB_PREFIX_ENV) or None
    if prefix is None:
        return f"http://127.0.0.1:{port}/"
    return f"{prefix.rstrip('/')}/proxy/{port}/"


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url.rstrip("/") + HEALTH_PATH, timeout=2) as response:
            return bool(response.read().decode() == "ok")
    except (urllib.error.URLError, OSError, ValueError):
        return False


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])

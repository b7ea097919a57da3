"""One device (O-1, O-2, O-3, O-4, O-5): a table plays Versus on one phone
passed round, or on a classroom projector.

Without a room this is the table's setup (`setup`). With one, each turn
goes: the captain takes the device and taps Show the Map; types the clue and
taps Give the Clue (the map hides again); the device goes to the middle and
someone taps Start Guessing; the team selects a card and taps Open, and may
End Turn after one open card. Which step the turn is at comes from the room
(the view's `table_step`); only whether the map is on screen is kept by this
browser tab, so a reload hides it. The map is fetched only while it is shown.

Under the Codewords rules (K-2) the handlers are drawn from the table, a
tap opens a card, and End Turn comes only with the bonus guess.

A bot at the table (B-1) plays its own seat from the room's deadline: while
a bot captain picks its clue, or a team of bots guesses, the device shows
the board and that the bot is thinking, and offers nothing to tap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from oneword.engine import EndTurn, GiveClue, Open, Refusal, RoomView, StartGuessing
from oneword.engine.models import TableStep
from oneword.engine.versus.views import VersusCaptainView, VersusFinishedView, VersusView
from oneword.engine.views import TurnView
from oneword.i18n import _
from oneword.ui.actions import attempt, show_error
from oneword.ui.announce import announce, game_news
from oneword.ui.app.session import Identity, forget, service
from oneword.ui.card_picker import card_picker, open_bar, take_pick
from oneword.ui.cards import board_html
from oneword.ui.clue_form import clear_clue, clue_fields, clue_numbers, typed_clue
from oneword.ui.game_info import clue_log, timers
from oneword.ui.profile_badges import player_titles
from oneword.ui.results import download_results, show_results
from oneword.ui.rewards import room_rewards, show_rewards
from oneword.ui.screens.one_device import table as screen
from oneword.ui.screens.one_device.setup import Entry, set_draft, table_profiles, table_setup
from oneword.ui.symbols import SYMBOL, colour_name, team_badge
from oneword.ui.text import plain, tell

MAP_SHOWN = "od_map_shown"


@dataclass(frozen=True)
class _Table:
    """One run's turn at the table: the room's seat, its view and the turn."""

    ident: Identity
    view: RoomView
    game: VersusView
    turn: TurnView
    this_turn: tuple[str, int]
    map_shown: bool
    map_of: Callable[[], VersusCaptainView] | None = None
    """Where the captain's map comes from: the room (None), or the gallery's
    sample room."""

    @property
    def captain(self) -> str:
        return plain("{name}", name=self.turn.giver_name or _("The captain"))

    @property
    def badge(self) -> str:
        return team_badge(self.turn.team, self.game.sides)


def setup() -> None:
    """O-1: the table's names, teams and captains, before there is a room."""
    screen.screen_css()
    table_setup()


def _new_game(ident: Identity) -> None:
    attempt("od_results", lambda: service().new_game_same_teams(ident.code, ident.token))


def _new_teams(ident: Identity, game: VersusView | None) -> None:
    """Back to the setup with the same names, for new teams or captains;
    a name that played as a profile keeps it (PR-4)."""
    if game is not None:
        linked = table_profiles(ident.code)
        set_draft(
            [
                Entry(p.name, p.team, p.role == "captain", profile=linked.get(p.id))
                for p in game.players
                if not p.left
            ]
        )
    forget()


def _play(table: _Table, place: str, action: GiveClue | Open | EndTurn) -> bool:
    """O-2, O-3: the device plays for whoever the rules name."""
    ident = table.ident
    return attempt(place, lambda: service().table_act(ident.code, ident.token, action))


def _end_turn(table: _Table) -> None:
    _play(table, "od_board", EndTurn())


def _show_map(table: _Table) -> None:
    st.session_state[MAP_SHOWN] = table.this_turn


def _hide_map() -> None:
    st.session_state.pop(MAP_SHOWN, None)


def _give_clue(table: _Table) -> None:
    typed = typed_clue("od_clue", "od_")
    if typed and _play(table, "od_clue", GiveClue(word=typed[0], number=typed[1])):
        st.session_state.pop(MAP_SHOWN, None)
        clear_clue("od_")


def _start_guessing(ident: Identity) -> None:
    attempt("od_board", lambda: service().act(ident.code, ident.token, StartGuessing()))


def _open_selected(table: _Table) -> None:
    index = take_pick()
    if index is not None:
        _play(table, "od_board", Open(card=index))


def _open_now(table: _Table, index: int) -> None:
    """K-2: under the Codewords rules a tap opens the card at once."""
    take_pick()
    _play(table, "od_board", Open(card=index))


def _captain_takes_the_device(table: _Table) -> None:
    """O-2: the captain takes the device; everyone else looks away."""
    game, captain = table.game, table.captain
    screen.line(_("{team} plays. Captain: {captain}.").format(team=table.badge, captain=captain))
    last = next((e for e in reversed(game.log) if e.openings), None)
    if last is not None and last.team is not None:
        opened = ", ".join(
            plain(
                "{sign} {word} ({colour})",
                sign=SYMBOL[o.colour],
                word=o.word,
                colour=colour_name(o.colour, game.sides),
            )
            for o in last.openings
        )
        st.text(
            _("Last turn {team} opened: {opened}").format(
                team=team_badge(last.team, game.sides), opened=opened
            )
        )
    screen.line(
        _("{captain}, take the device and tap Show the Map. Everyone else: look away.").format(
            captain=captain
        )
    )
    timers(game, big=True, paused_at=table.view.paused_at)
    screen.warn_when_time_is_up(game)
    st.button(
        _("Show the Map"), type="primary", key="od-show-map", on_click=lambda: _show_map(table)
    )
    st.html(board_html(game.board, big=True, sides=game.sides))


def _captains_map(table: _Table) -> None:
    """O-2: the map, the clue form and the number, for the captain's eyes only."""
    ident, game, captain = table.ident, table.game, table.captain
    try:
        shown = table.map_of() if table.map_of else service().map_view(ident.code, ident.token)
    except Refusal as refusal:
        _hide_map()
        tell("warning", refusal.message)
        return
    screen.line(_("{captain}'s map: only {captain} looks at the screen.").format(captain=captain))
    form, board = st.columns([1, 3], gap="medium")
    with form:
        timers(game, big=True, paused_at=table.view.paused_at)
        screen.warn_when_time_is_up(game)
        with st.form("od-clue-form", border=False, enter_to_submit=False):
            clue_fields("od_", clue_numbers(shown, table.turn.team))
            bar = st.container(horizontal=True)
            bar.form_submit_button(
                _("Give the Clue"),
                type="primary",
                key="od-give-clue",
                on_click=lambda: _give_clue(table),
            )
            bar.form_submit_button(_("Hide the Map"), key="od-hide-map", on_click=_hide_map)
            show_error("od_clue")
    with board:
        st.html(board_html(shown.board, shown.key, big=True, sides=shown.sides))
        st.caption(_("The map: ▲ red · ● blue · – neutral · ✖ black. Open cards are crossed out."))


def _bot_plays(table: _Table) -> None:
    """B-5: a bot's move is coming; the table watches the board."""
    game = table.game
    if table.turn.clue is None:
        screen.line(
            _("{team} plays. {captain} (bot) is thinking of a clue…").format(
                team=table.badge, captain=table.captain
            )
        )
    else:
        screen.clue(game)
        screen.line(_("{team} guesses: Bot is thinking…").format(team=table.badge))
    st.html(board_html(game.board, big=True, sides=game.sides))


def _pass_the_device(table: _Table) -> None:
    """O-3: the device goes to the middle of the table."""
    screen.clue(table.game)
    screen.line(_("Pass the device to the table: {team} guesses.").format(team=table.badge))
    st.button(
        _("Start Guessing"),
        type="primary",
        key="od-start-guessing",
        on_click=lambda: _start_guessing(table.ident),
    )
    show_error("od_board")


def _guessing_on_tap(table: _Table) -> None:
    """K-2 on one device: a tap opens a card; End Turn only at the bonus guess."""
    game = table.game
    screen.clue(game)
    screen.line(_("Tap a card to open it."))
    card_picker(
        game.board,
        table.this_turn,
        on_tap=lambda index: _open_now(table, index),
        language=table.view.settings.language,
        sides=game.sides,
    )
    if table.turn.bonus_guess:
        st.info(_("Bonus guess: open one more card, or end the turn."))
    if game.you_may.end_turn:
        st.button(_("End Turn"), key="od-end-turn", on_click=lambda: _end_turn(table))
    show_error("od_board")


def _guessing(table: _Table) -> None:
    """O-3: select a card, then Open; End Turn after one open card."""
    game = table.game
    if game.you_may.open_on_tap:
        _guessing_on_tap(table)
        return
    screen.clue(game)
    selected = card_picker(
        game.board, table.this_turn, language=table.view.settings.language, sides=game.sides
    )
    if selected is not None:
        # Drawn inside the button, where no column edge can clip it.
        st.html(
            f"<style>.stApp .st-key-card-{selected} button"
            "{outline:5px solid var(--ow-selected);outline-offset:-5px;}</style>"
        )
    open_bar(
        game.board,
        selected,
        on_open=lambda: _open_selected(table),
        on_end_turn=lambda: _end_turn(table),
        may_end_turn=game.you_may.end_turn,
        key="od-open",
        end_turn_key="od-end-turn",
    )
    show_error("od_board")


def _step(table: _Table) -> Callable[[_Table], None] | None:
    """What the device shows at this step of the turn."""
    may = table.game.you_may
    step = table.game.table_step
    if step is TableStep.CAPTAIN:
        if not may.give_clue:
            return _bot_plays
        return _captains_map if table.map_shown else _captain_takes_the_device
    if step is TableStep.PASS:
        return _pass_the_device
    if step is TableStep.GUESSING:
        return _guessing if may.open or may.end_turn else _bot_plays
    return None


def _finished(ident: Identity, game: VersusFinishedView) -> None:
    show_results(game, big=True)
    bar = st.container(horizontal=True)
    bar.button(
        _("New Game (Same Teams)"),
        type="primary",
        key="od-new-game",
        icon=":material/replay:",
        on_click=lambda: _new_game(ident),
        help=_("The captaincy moves to the next player on each team."),
    )
    bar.button(_("New teams"), key="od-new-teams", on_click=lambda: _new_teams(ident, game))
    show_rewards([(p.id, p.name) for p in game.players], room_rewards(ident.code))  # PR-4
    download_results(game, ident.code)
    show_error("od_results")


def _table(
    ident: Identity,
    view: RoomView,
    game: VersusView,
    map_of: Callable[[], VersusCaptainView] | None,
) -> _Table:
    """This run's turn, and whether this tab shows the captain's map."""
    turn = game.turn
    assert turn is not None
    this_turn = (ident.code, turn.number)
    if st.session_state.get(MAP_SHOWN) != this_turn or game.table_step is not TableStep.CAPTAIN:
        st.session_state.pop(MAP_SHOWN, None)
    map_shown = st.session_state.get(MAP_SHOWN) == this_turn
    return _Table(ident, view, game, turn, this_turn, map_shown, map_of)


def show(
    ident: Identity, view: RoomView, *, map_of: Callable[[], VersusCaptainView] | None = None
) -> None:
    """The shared device's screen for the table's room. `map_of` gives the
    captain's map where it does not come from the room (the gallery)."""
    screen.screen_css()
    game = view.game
    if not isinstance(game, VersusView):
        st.title(_("Play on one device"), anchor=False)
        st.button(
            _("New Game (Same Teams)"),
            type="primary",
            key="od-new-game",
            on_click=lambda: _new_game(ident),
        )
        show_error("od_results")
        return
    if isinstance(game, VersusFinishedView):
        _finished(ident, game)
        return
    table = _table(ident, view, game, map_of)
    step = _step(table)
    # Every step draws into the same slot, replaced whole on each run, so no
    # element of an earlier step can linger hidden on the screen.
    screen.score(game)
    announce(game_news(game))
    with st.empty().container(key="od-step"):
        if step is not None:
            step(table)
    clue_log(game)
    player_titles(view, [(p.id, p.name) for p in game.players], key="od-titles")

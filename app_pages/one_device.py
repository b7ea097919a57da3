"""One device (O-1, O-2, O-3, O-4, O-5): a table plays Versus on one phone passed round,
or on a classroom projector.

Without a room in the URL this is the table's setup. With one, each turn
goes: the captain takes the device and taps Show the Map; types the clue and
taps Give the Clue (the map hides again); the device goes to the middle and
someone taps Start Guessing; the team selects a card and taps Open, and may
End Turn after one open card. Which step the turn is at comes from the room (the view's
`table_step`); only whether the map is on screen is kept by this browser
tab, so a reload hides it. The map is fetched only while it is shown.

Under the Codewords rules (K-2) the handlers are drawn from the table, a
tap opens a card, and End Turn comes only with the bonus guess.

A bot at the table (B-1) plays its own seat from the room's deadline: while
a bot captain picks its clue, or a team of bots guesses, the device shows
the board and that the bot is thinking, and offers nothing to tap.
"""

import streamlit as st

from oneword.engine import EndTurn, GiveClue, Open, Refusal, StartGuessing
from oneword.engine.models import TableStep
from oneword.engine.views import VersusFinishedView, VersusView
from oneword.ui import one_device_screen as screen
from oneword.ui.actions import attempt, show_error
from oneword.ui.card_picker import card_picker, open_bar, take_pick
from oneword.ui.cards import board_html
from oneword.ui.clue_form import clear_clue, clue_fields, clue_numbers, typed_clue
from oneword.ui.game_info import clue_log, timers
from oneword.ui.one_device_setup import Entry, set_draft, table_setup
from oneword.ui.results import download_results, show_results
from oneword.ui.routing import enter_room
from oneword.ui.session import forget, service
from oneword.ui.symbols import SYMBOL, colour_name, team_badge
from oneword.ui.text import plain, tell

MAP_SHOWN = "od_map_shown"

screen.screen_css()
if not st.query_params.get("room"):
    table_setup()
    st.stop()

ident, view = enter_room("one_device")
game = view.game


def new_game() -> None:
    attempt("od_results", lambda: service().new_game_same_teams(ident.code, ident.token))


def new_teams() -> None:
    """Back to the setup with the same names, for new teams or captains."""
    if isinstance(game, VersusView):
        set_draft([Entry(p.name, p.team, p.role == "captain") for p in game.players if not p.left])
    forget()


if not isinstance(game, VersusView):
    st.title("Play on one device", anchor=False)
    st.button("New Game (Same Teams)", type="primary", key="od-new-game", on_click=new_game)
    show_error("od_results")
    st.stop()

if isinstance(game, VersusFinishedView):
    show_results(game, big=True)
    bar = st.container(horizontal=True)
    bar.button(
        "New Game (Same Teams)",
        type="primary",
        key="od-new-game",
        icon=":material/replay:",
        on_click=new_game,
        help="The captaincy moves to the next player on each team.",
    )
    bar.button("New teams", key="od-new-teams", on_click=new_teams)
    download_results(game, ident.code)
    show_error("od_results")
    st.stop()

turn = game.turn
assert turn is not None
step = game.table_step
this_turn = (ident.code, turn.number)
if st.session_state.get(MAP_SHOWN) != this_turn or step is not TableStep.CAPTAIN:
    st.session_state.pop(MAP_SHOWN, None)
map_shown = st.session_state.get(MAP_SHOWN) == this_turn
captain = plain("{name}", name=turn.giver_name or "The captain")
badge = team_badge(turn.team, game.sides)


def play(place: str, action: GiveClue | Open | EndTurn) -> bool:
    """O-2, O-3: the device plays for whoever the rules name."""
    return attempt(place, lambda: service().table_act(ident.code, ident.token, action))


def show_map() -> None:
    st.session_state[MAP_SHOWN] = this_turn


def hide_map() -> None:
    st.session_state.pop(MAP_SHOWN, None)


def give_clue() -> None:
    typed = typed_clue("od_clue", "od_")
    if typed and play("od_clue", GiveClue(word=typed[0], number=typed[1])):
        st.session_state.pop(MAP_SHOWN, None)
        clear_clue("od_")


def start_guessing() -> None:
    attempt("od_board", lambda: service().act(ident.code, ident.token, StartGuessing()))


def open_selected() -> None:
    index = take_pick()
    if index is not None:
        play("od_board", Open(card=index))


def captain_takes_the_device() -> None:
    """O-2: the captain takes the device; everyone else looks away."""
    screen.line(f"{badge} plays. Captain: {captain}.")
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
        st.text(f"Last turn {team_badge(last.team, game.sides)} opened: {opened}")
    screen.line(f"{captain}, take the device and tap Show the Map. Everyone else: look away.")
    timers(game, big=True, paused_at=view.paused_at)
    screen.warn_when_time_is_up(game)
    st.button("Show the Map", type="primary", key="od-show-map", on_click=show_map)
    st.html(board_html(game.board, big=True, sides=game.sides))


def captains_map() -> None:
    """O-2: the map, the clue form and the number, for the captain's eyes only."""
    try:
        shown = service().map_view(ident.code, ident.token)
    except Refusal as refusal:
        hide_map()
        tell("warning", refusal.message)
        return
    screen.line(f"{captain}'s map: only {captain} looks at the screen.")
    form, board = st.columns([1, 3], gap="medium")
    with form:
        timers(game, big=True, paused_at=view.paused_at)
        screen.warn_when_time_is_up(game)
        clue_fields("od_", clue_numbers(shown, turn.team))
        bar = st.container(horizontal=True)
        bar.button("Give the Clue", type="primary", key="od-give-clue", on_click=give_clue)
        bar.button("Hide the Map", key="od-hide-map", on_click=hide_map)
        show_error("od_clue")
    with board:
        st.html(board_html(shown.board, shown.key, big=True, sides=shown.sides))
        st.caption(
            "The map: ▲ red · ● blue · – neutral · ✖ black. Open cards are faded and crossed out."
        )


def bot_plays() -> None:
    """B-5: a bot's move is coming; the table watches the board."""
    if turn.clue is None:
        screen.line(f"{badge} plays. {captain} (bot) is thinking of a clue…")
    else:
        screen.clue(game)
        screen.line(f"{badge} guesses: Bot is thinking…")
    st.html(board_html(game.board, big=True, sides=game.sides))


def pass_the_device() -> None:
    """O-3: the device goes to the middle of the table."""
    screen.clue(game)
    screen.line(f"Pass the device to the table: {badge} guesses.")
    st.button("Start Guessing", type="primary", key="od-start-guessing", on_click=start_guessing)
    show_error("od_board")


def open_now(index: int) -> None:
    """K-2: under the Codewords rules a tap opens the card at once."""
    take_pick()
    play("od_board", Open(card=index))


def guessing_on_tap() -> None:
    """K-2 on one device: a tap opens a card; End Turn only at the bonus guess."""
    screen.clue(game)
    screen.line("Tap a card to open it.")
    card_picker(
        game.board, this_turn, on_tap=open_now, language=view.settings.language, sides=game.sides
    )
    if turn.bonus_guess:
        st.info("Bonus guess: open one more card, or end the turn.")
    if game.you_may.end_turn:
        st.button("End Turn", key="od-end-turn", on_click=lambda: play("od_board", EndTurn()))
    show_error("od_board")


def guessing() -> None:
    """O-3: select a card, then Open; End Turn after one open card."""
    if game.you_may.open_on_tap:
        guessing_on_tap()
        return
    screen.clue(game)
    selected = card_picker(game.board, this_turn, language=view.settings.language, sides=game.sides)
    if selected is not None:
        # Drawn inside the button, where no column edge can clip it.
        st.html(
            f"<style>.stApp .st-key-card-{selected} button"
            "{outline:5px solid #f9a825;outline-offset:-5px;}</style>"
        )
    open_bar(
        game.board,
        selected,
        on_open=open_selected,
        on_end_turn=lambda: play("od_board", EndTurn()),
        may_end_turn=game.you_may.end_turn,
        key="od-open",
        end_turn_key="od-end-turn",
    )
    show_error("od_board")


may = game.you_may
STEPS = {
    TableStep.CAPTAIN: (captains_map if map_shown else captain_takes_the_device)
    if may.give_clue
    else bot_plays,
    TableStep.PASS: pass_the_device,
    TableStep.GUESSING: guessing if may.open or may.end_turn else bot_plays,
}

# Every step draws into the same slot, replaced whole on each run, so no
# element of an earlier step can linger hidden on the screen.
screen.score(game)
with st.empty().container(key="od-step"):
    if step is not None:
        STEPS[step]()
clue_log(game)

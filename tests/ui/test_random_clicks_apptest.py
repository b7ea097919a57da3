"""No click ever crashes a page (issue: "no action ever crashes a page"):
four players press random buttons and type random text on whatever page
they are on, through lobby, games and results, for a few hundred steps."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from apptest_helpers import create_room, join_room
from streamlit.testing.v1 import AppTest

TEXTS = ["", "   ", "horse", "two words", "<b>x</b>", "**x**", "12", "Äpfel", "x" * 50]
SAFETY_NET = "Something went wrong"


# Buttons that take a player out of the room, or stop the game, would end
# the walk early.
AWAY = {"Leave room", "Remove from room", "Play on one device", "Pause"}


def _press_something(app: AppTest, rng: random.Random) -> None:
    buttons = [b for b in app.button if not b.disabled and b.label not in AWAY]
    inputs = list(app.text_input)
    choices = [*(("button", b) for b in buttons), *(("text", t) for t in inputs)]
    choices += [("control", c) for c in app.segmented_control]
    if not choices:
        app.run()
        return
    kind, widget = rng.choice(choices)
    if kind == "button":
        widget.click().run()
    elif kind == "text":
        widget.input(rng.choice(TEXTS)).run()
    else:
        options = [o for o in widget.options]
        widget.set_value(rng.choice(options) if options else None).run()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_clicks_never_crash_a_page(db_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    host, code = create_room("Ana")
    players = [host] + [join_room(code, name) for name in ("Ben", "Cy", "Dee")]
    for step in range(250):
        app = rng.choice(players)
        _press_something(app, rng)
        assert not app.exception, f"step {step}: {app.exception}"
        errors = [e.value for e in app.error]
        assert not any(SAFETY_NET in e for e in errors), f"step {step}: {errors}"

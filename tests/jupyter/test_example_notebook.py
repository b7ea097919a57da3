"""examples/notebook.ipynb runs top to bottom in a real kernel (H-3), and
its outputs show what each seat may see: the map for the captain, none for
a guesser or a spectator, everything once the game is over."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_helpers import jupyter_env
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "notebook.ipynb"
OPEN_BEFORE_VIEWS = 4
"""Cards open when the seats' views are shown (diamond, ring, lamp, match)."""


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The notebook after running it once, in a kernel whose rooms file and
    Jupyter folders are temporary."""
    pytest.importorskip("ipykernel")
    home = tmp_path_factory.mktemp("notebook")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook, kernel_name="python3", timeout=120, resources={"metadata": {"path": home}}
    )
    with pytest.MonkeyPatch.context() as env:
        env.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
        for name, value in jupyter_env(home).items():
            env.setenv(name, value)
        client.execute()
    return notebook


def _output_of(notebook: Any, marker: str) -> tuple[str, str]:
    """(printed text, HTML) of the first code cell whose source has `marker`."""
    for cell in notebook.cells:
        if cell.cell_type == "code" and marker in cell.source:
            text, markup = [], []
            for output in cell.outputs:
                if output.output_type == "stream":
                    text.append(output.text)
                data = output.get("data", {})
                markup.append(data.get("text/html", ""))
                text.append(data.get("text/plain", ""))
            return "".join(text), "".join(markup)
    raise AssertionError(f"no code cell contains {marker!r}")


def _colours(markup: str) -> list[str]:
    return re.findall(r'data-colour="(\w+)"', markup)


def test_notebook_runs_without_errors(executed: Any) -> None:
    errors = [
        output
        for cell in executed.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error"
    ]
    assert errors == []


def test_captain_view_shows_the_whole_map(executed: Any) -> None:
    _, markup = _output_of(executed, 'board_table(view_for(room, "cy"))')
    assert len(_colours(markup)) == 25
    assert _colours(markup).count("black") == 1


def test_guesser_view_has_no_map(executed: Any) -> None:
    text, markup = _output_of(executed, 'view_for(room, "dee")')
    assert "versus_guesser - has a map: False" in text
    assert "guesser view" in markup
    assert len(_colours(markup)) == OPEN_BEFORE_VIEWS
    assert "black" not in _colours(markup)


def test_spectator_view_has_no_map(executed: Any) -> None:
    text, markup = _output_of(executed, "view_for(room, None)")
    assert "versus_spectator - has a map: False" in text
    assert len(_colours(markup)) == OPEN_BEFORE_VIEWS


def test_results_show_outcome_log_and_best_clue(executed: Any) -> None:
    text, markup = _output_of(executed, "Outcome:")
    assert "Outcome: Red opened the black card: Blue wins." in text
    assert len(_colours(markup)) == 25, "a finished game shows the whole map to everyone"
    text, markup = _output_of(executed, "clue_log(results)")
    for clue in ("jewel 2", "light 2", "computer 3", "cricket 2"):
        assert clue in markup
    text, _ = _output_of(executed, "results.best_clue")
    assert "Best clue: 'computer 3' by Cy, 3 cards found." in text


def test_room_is_created_and_app_link_shown(executed: Any) -> None:
    text, _ = _output_of(executed, "room_service()")
    assert re.search(r"Room [A-Z0-9]{4,}: Notebook host \(host\), Guest", text)
    text, markup = _output_of(executed, "app = launch()")
    assert re.search(r'<a href="http://127\.0\.0\.1:\d+/"', markup)
    assert "Open In One Word" in markup


def test_B1_the_notebook_seats_bots_and_plays_a_whole_game(executed: Any) -> None:
    text, markup = _output_of(executed, "play_with_bots(bot_service")
    assert "Bots: Pixel, Gizmo, Sprocket" in text
    assert re.search(r"Bot game: .*(Red|Blue)", text), text
    assert "<table" in markup, "the bot game's clue log"


def test_the_notebook_shows_a_gallery_entry(executed: Any) -> None:
    text, markup = _output_of(executed, "gallery_table(")
    assert "Captain: before the clue" in text
    assert len(_colours(markup)) == 25, "the captain's entry shows the whole map"

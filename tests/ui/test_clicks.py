"""A click in a room page's screen reruns the whole page; the server's own
redraws and the polling ticks are left as they are (`ui/app/clicks.py`)."""

from __future__ import annotations

from streamlit.errors import StreamlitAPIException
from streamlit.proto.ClientState_pb2 import ClientState

from oneword.ui.app import clicks


class Storage:
    def __init__(self, screen: str | None) -> None:
        self.screen = screen

    def resolve_target(self, key: str) -> list[str]:
        if key != clicks.SCREEN or self.screen is None:
            raise StreamlitAPIException("no such fragment")
        return [self.screen]


class Session:
    def __init__(self, screen: str | None) -> None:
        self._fragment_storage = Storage(screen)
        self.asked: list[ClientState | None] = []


def _state(fragment: str, auto: bool = False) -> ClientState:
    state = ClientState()
    state.fragment_id = fragment
    state.is_auto_rerun = auto
    state.page_script_hash = "page"
    return state


def _asked(session: Session, state: ClientState) -> ClientState | None:
    def original(s: Session, client_state: ClientState | None) -> None:
        s.asked.append(client_state)

    clicks._whole_page(original)(session, state)
    return session.asked[-1]


def test_a_click_in_the_screen_becomes_a_page_rerun() -> None:
    asked = _asked(Session("f-screen"), _state("f-screen"))
    assert asked is not None
    assert asked.fragment_id == ""
    assert asked.page_script_hash == "page"


def test_ticks_and_other_fragments_are_left_alone() -> None:
    session = Session("f-screen")
    assert _asked(session, _state("f-poll")).fragment_id == "f-poll"  # type: ignore[union-attr]
    assert _asked(session, _state("f-screen", auto=True)).fragment_id == "f-screen"  # type: ignore[union-attr]
    assert _asked(Session(None), _state("f-table")).fragment_id == "f-table"  # type: ignore[union-attr]

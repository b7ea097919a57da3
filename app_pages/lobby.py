"""Lobby: who is here, teams and captains, the host's settings, who may
still come in (L-4, L-8, P-2). The layout is `oneword.ui.screens.lobby`."""

from oneword.ui.app.routing import room_page
from oneword.ui.screens import lobby

room_page("lobby", lobby.show)

"""Home: create a room, join one, play on one device or watch (P-1). The
layout is `oneword.ui.screens.home`; it needs no room."""

from oneword.ui.screens import home

home.show()

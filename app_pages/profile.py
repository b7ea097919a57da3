"""Profile (PR): level, XP, stats per game, titles, recent games, and the
profile's own settings. The layout is `oneword.ui.screens.profile`; it
needs no room, only the profile this browser is signed in with."""

from oneword.ui.screens import profile

profile.show()

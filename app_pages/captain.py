"""Captain (Versus) or clue giver (Together): the map beside the clue form
(P-3). The layout is `oneword.ui.screens.captain`."""

from oneword.ui.app.routing import enter_room
from oneword.ui.screens import captain

ident, view = enter_room("captain")
captain.show(ident, view)

"""Captain (Versus) or clue giver (Together): the map beside the clue form
(P-3). The layout is `oneword.ui.screens.captain`."""

from oneword.ui.app.routing import room_page
from oneword.ui.screens import captain

room_page("captain", captain.show)

"""Board (guessers and late joiners): the cards, the clue, Open and End Turn
(P-4). The layout is `oneword.ui.screens.board`."""

from oneword.ui.app.routing import enter_room
from oneword.ui.screens import board

ident, view = enter_room("board")
board.show(ident, view)

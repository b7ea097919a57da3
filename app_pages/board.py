"""Board (guessers and late joiners): the cards, the clue, Open and End Turn
(P-4). The layout is `oneword.ui.screens.board`."""

from oneword.ui.app.routing import room_page
from oneword.ui.screens import board

room_page("board", board.show)

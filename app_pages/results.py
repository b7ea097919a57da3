"""Results: the map revealed card by card, who won and why (R-1, R-2, P-5).
The layout is `oneword.ui.screens.results`."""

from oneword.ui.app.routing import room_page
from oneword.ui.screens import results

room_page("results", results.show)

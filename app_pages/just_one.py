"""Just One (J-2 to J-5), one page for every player. The layout is
`oneword.ui.screens.just_one`."""

from oneword.ui.app.routing import room_page
from oneword.ui.screens import just_one

room_page("just_one", just_one.show)

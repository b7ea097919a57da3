"""Gallery (for designers): every page in every phase, from sample rooms
built in memory; no room needed. The layout is `oneword.ui.screens.gallery`."""

from oneword.ui.screens import gallery

gallery.show()

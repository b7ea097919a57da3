"""The page layouts, one module per page, each drawn by `show` from a view.

A page script in `app_pages/` only finds the seat and fetches the view
(`routing.enter_room`), then hands both to its screen here. Keeping the
layout apart from the fetching lets the same code draw a view that was
built some other way, such as a seeded state in the gallery, so there is
never a second copy of a page's layout.
"""

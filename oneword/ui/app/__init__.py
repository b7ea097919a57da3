"""The app's plumbing: the session and its seat, routing between pages,
the polling that keeps a page current, what runs in the browser, the
theme and the language."""

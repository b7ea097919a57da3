"""Where rooms and profiles are kept: one SQLite file (`sqlite_store`) or a
PostgreSQL database shared by several app servers (`pg_store`).

Both backends meet the same `protocol`, take and give the plain values of
`records`, and know nothing of the game's rules: the service hands them
text and a few facts. `backends` picks one from the settings.
"""

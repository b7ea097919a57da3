"""Just One (J): the second game, cooperative, everyone on one side.

`state` holds the deck, `actions` the game's own moves as data, `rules`
its rules, `views` what each seat may know and do, and `mode` the game's
shape as the generic core sees it.
"""

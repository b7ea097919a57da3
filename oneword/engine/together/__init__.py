"""Together (T) and its Final Round (F): everyone on one side.

`state` holds the game, `rules` its rules, `views` what each seat may know
and do, and `mode` the game's shape as the generic core sees it.
"""

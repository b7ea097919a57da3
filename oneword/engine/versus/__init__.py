"""Versus (V): two teams race to open their own cards; the black card loses.

`state` holds the game, `rules` its rules, `views` what each seat may know
and do, and `mode` the game's shape as the generic core sees it
(`game_mode.GameMode`).
"""

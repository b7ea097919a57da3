"""Codewords (K-2): a variant of Versus on the same board and teams.

`state` holds the game, `clues` and `forms` its clue rules, `rules` its
guess flow and seat draw, `lobby` its lobby moves, `views` what each seat
may know, and `mode` the one place the variant declares how it differs
from Versus.
"""

"""Dealing the secret maps from a seeded random source (V-2, T-2)."""

from __future__ import annotations

import random

from .models import BOARD_SIZE, Colour, Team, team_colour

STARTING_TEAM_CARDS = 9
OTHER_TEAM_CARDS = 8
NEUTRAL_CARDS = 7

# T-2, the classic two-sided key: (colour on Red's map, colour on Blue's map)
# and how many cards have that pair. Each map gets 9 green, 3 black and 13
# neutral; 15 cards are green on at least one map.
TOGETHER_LAYOUT: list[tuple[Colour, Colour, int]] = [
    (Colour.GREEN, Colour.GREEN, 3),
    (Colour.BLACK, Colour.BLACK, 1),
    (Colour.BLACK, Colour.GREEN, 1),
    (Colour.GREEN, Colour.BLACK, 1),
    (Colour.BLACK, Colour.NEUTRAL, 1),
    (Colour.NEUTRAL, Colour.BLACK, 1),
    (Colour.GREEN, Colour.NEUTRAL, 5),
    (Colour.NEUTRAL, Colour.GREEN, 5),
    (Colour.NEUTRAL, Colour.NEUTRAL, 7),
]


def deal_versus_map(rng: random.Random) -> tuple[Team, list[Colour]]:
    """V-2: a random starting team gets 9 cards, the other 8, plus 7 neutral
    and 1 black, in random places."""
    starting = rng.choice([Team.RED, Team.BLUE])
    key = (
        [team_colour(starting)] * STARTING_TEAM_CARDS
        + [team_colour(starting.other)] * OTHER_TEAM_CARDS
        + [Colour.NEUTRAL] * NEUTRAL_CARDS
        + [Colour.BLACK]
    )
    rng.shuffle(key)
    return starting, key


def deal_together_maps(rng: random.Random) -> dict[Team, list[Colour]]:
    """T-2: both sides' maps, laid out as `TOGETHER_LAYOUT` in random places."""
    pairs = [(red, blue) for red, blue, count in TOGETHER_LAYOUT for _ in range(count)]
    assert len(pairs) == BOARD_SIZE
    rng.shuffle(pairs)
    return {Team.RED: [red for red, _ in pairs], Team.BLUE: [blue for _, blue in pairs]}

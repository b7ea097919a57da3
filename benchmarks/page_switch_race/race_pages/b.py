"""Page B of the race app."""

import shared

shared.show("b")

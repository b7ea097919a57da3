"""Page A of the race app."""

import shared

shared.show("a")
